/** create-legacy: ID, password and new email, the emailed code, then the migration; refusals keep the player on the form. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { migrateAccount } from '../../client/api/launcher-login';
import { requestSignupEmailCode } from '../../client/api/signup-email';
import { goTo } from '../../client/navigation/page';
import { CreateLegacy } from './CreateLegacy';
import { migratedAccountEmail } from './migrated-account';

vi.mock('../../client/api/launcher-login');
vi.mock('../../client/api/signup-email');

beforeEach(() => {
  sessionStorage.clear();
  onPage({ route: 'create-legacy' });
  render(<CreateLegacy strings={screenStrings('create-legacy')} locale="en" />);
});

async function fillDetails(user: ReturnType<typeof userEvent.setup>, email = 'new-id@example.com') {
  await user.type(screen.getByLabelText('createLegacy.idLabel'), 'oldhero');
  await user.type(screen.getByLabelText('createLegacy.passwordLabel'), 'Old-Pass-1');
  await user.type(screen.getByLabelText(/createLegacy\.emailLabel/), email);
  await user.click(screen.getByRole('button', { name: 'createLegacy.sendCode' }));
}

it('sends the code, migrates with it and goes to migration-complete with the new ID remembered', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  vi.mocked(migrateAccount).mockResolvedValue({});
  await fillDetails(user, ' new-id@example.com ');
  // The steps' calls load with the first submit (a dynamic import): wait for what the call leads to, then check it.
  expect(await screen.findByText('createLegacy.codeSent email=new-id@example.com')).toBeInTheDocument();
  expect(requestSignupEmailCode).toHaveBeenCalledWith({ email: 'new-id@example.com', language: 'en_US' });
  await user.type(screen.getByLabelText('createLegacy.codeLabel'), '12a3456');
  await user.click(screen.getByRole('button', { name: 'createLegacy.submit' }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(migrateAccount).toHaveBeenCalledWith({
    id: 'oldhero',
    password: 'Old-Pass-1',
    newId: 'new-id@example.com',
    refId: '123456',
  });
  expect(goTo).toHaveBeenCalledWith('/account/en/login/migration-complete', true);
  expect(migratedAccountEmail()).toBe('new-id@example.com');
});

it('checks every field before any call', async () => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'createLegacy.sendCode' }));
  expect(screen.getByText('createLegacy.idRequired')).toBeInTheDocument();
  expect(screen.getByText('createLegacy.passwordRequired')).toBeInTheDocument();
  expect(screen.getByText('error.input.email-required')).toBeInTheDocument();
  await user.type(screen.getByLabelText(/createLegacy\.emailLabel/), 'not-an-email');
  await user.click(screen.getByRole('button', { name: 'createLegacy.sendCode' }));
  expect(screen.getByText('error.input.email-invalid')).toBeInTheDocument();
  expect(requestSignupEmailCode).not.toHaveBeenCalled();
});

it('a short code is refused without a call', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  await fillDetails(user);
  await user.type(await screen.findByLabelText('createLegacy.codeLabel'), '123');
  await user.click(screen.getByRole('button', { name: 'createLegacy.submit' }));
  expect(screen.getByText('error.input.verificationCode')).toBeInTheDocument();
  expect(migrateAccount).not.toHaveBeenCalled();
});

it('a wrong code shows its §8 text on the code step', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  vi.mocked(migrateAccount).mockRejectedValue(apiError('20013'));
  await fillDetails(user);
  await user.type(await screen.findByLabelText('createLegacy.codeLabel'), '123456');
  await user.click(screen.getByRole('button', { name: 'createLegacy.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(screen.getByLabelText('createLegacy.codeLabel')).toBeInTheDocument();
  expect(goTo).not.toHaveBeenCalled();
});

it('a wrong ID or password (20002) brings back the first step with its text', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  vi.mocked(migrateAccount).mockRejectedValue(apiError('20002', 401));
  await fillDetails(user);
  await user.type(await screen.findByLabelText('createLegacy.codeLabel'), '123456');
  await user.click(screen.getByRole('button', { name: 'createLegacy.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20002');
  expect(screen.getByLabelText('createLegacy.idLabel')).toHaveValue('oldhero');
});

it('resends the code on request and says so', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  await fillDetails(user);
  await user.click(await screen.findByRole('button', { name: 'createLegacy.resend' }));
  expect(await screen.findByRole('status')).toHaveTextContent('createLegacy.resent');
  expect(requestSignupEmailCode).toHaveBeenCalledTimes(2);
});

it('a refused code request stays on the first step with its text', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSignupEmailCode).mockRejectedValue(apiError('20157'));
  await fillDetails(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(/20157/);
  expect(screen.queryByLabelText('createLegacy.codeLabel')).not.toBeInTheDocument();
});
