import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { staffSignIn } from '../../client/api/staff';
import { goTo } from '../../client/navigation/page';
import { StaffLogin } from './StaffLogin';

vi.mock('../../client/api/staff');

function renderLogin() {
  onPage({ route: 'staff-login' });
  render(<StaffLogin strings={screenStrings('staff-login')} locale="en" />);
}

async function fill(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.type(screen.getByLabelText('staff.login.email'), 'agent@staff.example');
  await user.type(screen.getByLabelText('staff.login.password'), 'Staff-Password-1');
  await user.type(screen.getByLabelText(/staff.login.code/), code);
}

it('asks for every field and calls nothing while one is missing', async () => {
  const user = userEvent.setup();
  renderLogin();
  await user.click(screen.getByRole('button', { name: 'staff.login.submit' }));
  expect(screen.getAllByText('staff.login.required')).toHaveLength(3);
  expect(screen.getByLabelText('staff.login.email')).toHaveFocus();
  expect(staffSignIn).not.toHaveBeenCalled();
});

it('signs in with email, password and the six-digit code, then opens the console', async () => {
  const user = userEvent.setup();
  vi.mocked(staffSignIn).mockResolvedValue({
    staff: { id: 1, email: 'agent@staff.example', displayName: 'Agent', role: 'support_agent' },
    actions: ['account.search'],
    expiresAt: 0,
  });
  renderLogin();
  await fill(user, '12a3456');
  await user.click(screen.getByRole('button', { name: 'staff.login.submit' }));
  expect(staffSignIn).toHaveBeenCalledWith({
    email: 'agent@staff.example',
    password: 'Staff-Password-1',
    code: '123456',
  });
  expect(goTo).toHaveBeenCalledWith('/account/en/staff', true);
});

it('shows the one refusal text and clears the code for the next try', async () => {
  const user = userEvent.setup();
  vi.mocked(staffSignIn).mockRejectedValue(apiError('STAFF_SIGNIN_FAILED', 401));
  renderLogin();
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'staff.login.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.STAFF_SIGNIN_FAILED');
  expect(screen.getByLabelText(/staff.login.code/)).toHaveValue('');
});

it('is busy while signing in, and a second click sends nothing more', async () => {
  const user = userEvent.setup();
  vi.mocked(staffSignIn).mockReturnValue(new Promise(() => undefined));
  renderLogin();
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'staff.login.submit' }));
  const button = screen.getByRole('button', { name: /staff.login.submit/ });
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).toHaveTextContent('staff.login.submitting');
  await user.click(button);
  expect(staffSignIn).toHaveBeenCalledTimes(1);
});

it('tries again after a refusal, without the last text', async () => {
  const user = userEvent.setup();
  vi.mocked(staffSignIn)
    .mockRejectedValueOnce(apiError('STAFF_SIGNIN_FAILED', 401))
    .mockReturnValueOnce(new Promise(() => undefined));
  renderLogin();
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'staff.login.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.STAFF_SIGNIN_FAILED');
  await user.type(screen.getByLabelText(/staff.login.code/), '654321');
  await user.click(screen.getByRole('button', { name: 'staff.login.submit' }));
  expect(staffSignIn).toHaveBeenLastCalledWith(expect.objectContaining({ code: '654321' }));
  expect(screen.queryByText('error.form.STAFF_SIGNIN_FAILED')).not.toBeInTheDocument();
});
