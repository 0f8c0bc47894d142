import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { secureAccount } from '../../client/api/passkeys';
import { NotMe } from './NotMe';

vi.mock('../../client/api/passkeys');

const TOKEN = 'a'.repeat(43);

function renderAt(search: string) {
  onPage({ route: 'not-me', search });
  render(<NotMe strings={screenStrings('not-me')} locale="en" />);
}

it('sends the token and the new password, then says the account is secure', async () => {
  const user = userEvent.setup();
  vi.mocked(secureAccount).mockResolvedValue({});
  renderAt(`?token=${TOKEN}`);
  await user.type(screen.getByLabelText('notMe.password'), 'Brand-New-Secret-42');
  await user.click(screen.getByRole('button', { name: 'notMe.submit' }));
  // The password rules load with the submit, then the call goes out.
  await vi.waitFor(() => {
    expect(secureAccount).toHaveBeenCalledWith({ token: TOKEN, password: 'Brand-New-Secret-42' });
  });
  expect(await screen.findByRole('status')).toHaveTextContent('notMe.done');
  expect(screen.getByRole('link', { name: 'notMe.signIn' })).toHaveAttribute('href', '/account/en/login');
});

it('refuses an empty or rule-breaking password without a call', async () => {
  const user = userEvent.setup();
  renderAt(`?token=${TOKEN}`);
  await user.click(screen.getByRole('button', { name: 'notMe.submit' }));
  expect(screen.getByLabelText('notMe.password')).toHaveAccessibleDescription('form.password.required');
  await user.type(screen.getByLabelText('notMe.password'), 'short');
  await user.click(screen.getByRole('button', { name: 'notMe.submit' }));
  expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(/error\.form\.201\d\d/);
  expect(secureAccount).not.toHaveBeenCalled();
});

it('shows the text of a used or expired link', async () => {
  const user = userEvent.setup();
  vi.mocked(secureAccount).mockRejectedValue(apiError('20068'));
  renderAt(`?token=${TOKEN}`);
  await user.type(screen.getByLabelText('notMe.password'), 'Brand-New-Secret-42');
  await user.click(screen.getByRole('button', { name: 'notMe.submit' }));
  await vi.waitFor(() => {
    expect(secureAccount).toHaveBeenCalled();
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('notMe.expired');
});

it('says a cut link is incomplete and offers no form', async () => {
  renderAt('?token=short');
  expect(await screen.findByRole('alert')).toHaveTextContent('notMe.missing');
  expect(screen.queryByRole('button', { name: 'notMe.submit' })).toBeNull();
});
