/** setting/change-email: the two steps (password + new address, then the code), their checks and refusals. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { confirmEmailChange, requestEmailChange } from '../../../client/api/profile';
import { getAccount } from '../../../client/api/settings';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { offerSignOutOthers } from '../../shared/sign-out-others';
import type { AccountResponse } from '../../../shared/contract/settings';
import { ChangeEmail } from './ChangeEmail';

vi.mock('../../../client/api/profile');
vi.mock('../../../client/api/settings');
vi.mock('../../shared/sign-out-others');

function renderForm(fields: Partial<AccountResponse> = {}) {
  onPage({ route: 'change-email' });
  setAccountFromServer(serverAccount(fields));
  render(<ChangeEmail strings={screenStrings('change-email')} locale="en" />);
}

it('sends a code with the password, then changes the email with it', async () => {
  const user = userEvent.setup();
  vi.mocked(requestEmailChange).mockResolvedValue({});
  vi.mocked(confirmEmailChange).mockResolvedValue({ email: 'new@example.com' });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ email: 'new@example.com' }));
  vi.mocked(offerSignOutOthers).mockResolvedValue(0);
  renderForm();
  await user.type(screen.getByLabelText('settings.changeEmail.newEmail'), 'new@example.com');
  await user.type(screen.getByLabelText('settings.changeEmail.password'), 'Secret-Pass-1');
  await user.click(screen.getByRole('button', { name: 'settings.changeEmail.sendCode' }));
  await vi.waitFor(() =>
    expect(requestEmailChange).toHaveBeenCalledWith({
      newEmail: 'new@example.com',
      password: 'Secret-Pass-1',
      language: 'en_US',
    }),
  );
  await user.type(await screen.findByLabelText('settings.changeEmail.code'), '123456');
  await user.click(screen.getByRole('button', { name: 'settings.changeEmail.submit' }));
  await vi.waitFor(() =>
    expect(confirmEmailChange).toHaveBeenCalledWith({ newEmail: 'new@example.com', code: '123456', language: 'en_US' }),
  );
  expect(await screen.findByText('settings.changeEmail.done email=new@example.com')).toBeInTheDocument();
  // Then the offer to sign out the other sessions.
  await vi.waitFor(() => expect(offerSignOutOthers).toHaveBeenCalledWith({ locale: 'en' }));
});

it('checks the address and the password before any call', async () => {
  const user = userEvent.setup();
  renderForm();
  await user.click(screen.getByRole('button', { name: 'settings.changeEmail.sendCode' }));
  expect(await screen.findByText('settings.changeEmail.emailRequired')).toBeInTheDocument();
  expect(screen.getByText('settings.changeEmail.passwordRequired')).toBeInTheDocument();
  await user.type(screen.getByLabelText('settings.changeEmail.newEmail'), 'PLAYER@example.com');
  await user.click(screen.getByRole('button', { name: 'settings.changeEmail.sendCode' }));
  expect(await screen.findByText('settings.changeEmail.sameEmail')).toBeInTheDocument();
  expect(requestEmailChange).not.toHaveBeenCalled();
});

it.each([
  ['20010', 409, 'error.modal.20010.desc'],
  ['20011', 409, 'error.modal.20011.desc'],
  ['20002', 401, 'error.form.20002'],
])('shows %s in the form and stays on the first step', async (code, status, text) => {
  const user = userEvent.setup();
  vi.mocked(requestEmailChange).mockRejectedValue(apiError(code, status));
  renderForm();
  await user.type(screen.getByLabelText('settings.changeEmail.newEmail'), 'taken@example.com');
  await user.type(screen.getByLabelText('settings.changeEmail.password'), 'Secret-Pass-1');
  await user.click(screen.getByRole('button', { name: 'settings.changeEmail.sendCode' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.queryByLabelText('settings.changeEmail.code')).toBeNull();
});

it('a wrong code is shown on the code step', async () => {
  const user = userEvent.setup();
  vi.mocked(requestEmailChange).mockResolvedValue({});
  vi.mocked(confirmEmailChange).mockRejectedValue(apiError('20013'));
  renderForm();
  await user.type(screen.getByLabelText('settings.changeEmail.newEmail'), 'new@example.com');
  await user.type(screen.getByLabelText('settings.changeEmail.password'), 'Secret-Pass-1');
  await user.click(screen.getByRole('button', { name: 'settings.changeEmail.sendCode' }));
  await user.type(await screen.findByLabelText('settings.changeEmail.code'), '000000');
  await user.click(screen.getByRole('button', { name: 'settings.changeEmail.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
});

it('an account without a password asks for no password', () => {
  renderForm({ hasSetPassword: false });
  expect(screen.queryByLabelText('settings.changeEmail.password')).toBeNull();
  expect(screen.getByText('settings.changeEmail.verifyHint')).toBeInTheDocument();
});

it('an unverified email: the notice, no form', () => {
  renderForm({ isVerified: false });
  expect(screen.getByText('settings.changeEmail.verifyFirst')).toBeInTheDocument();
  expect(screen.queryByLabelText('settings.changeEmail.newEmail')).toBeNull();
});
