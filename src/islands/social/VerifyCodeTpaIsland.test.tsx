/** create/verify/code-tpa: the code proves the typed email; then a password creates the account, or the social link. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { signupTpaWithEmail } from '../../client/api/launcher-login';
import { getAccount } from '../../client/api/settings';
import { collectBlackBox } from '../../client/fingerprint/black-box';
import { tpaSignupEmailRequestCode, tpaSignupEmailVerifyCode } from '../../client/api/social';
import { goTo } from '../../client/navigation/page';
import { VerifyCodeTpaIsland } from './VerifyCodeTpaIsland';

vi.mock('../../client/api/social');
vi.mock('../../client/api/launcher-login');
vi.mock('../../client/api/settings');
// The real collection imports the fingerprint library and retries for 3 s: each test says what it yields.
vi.mock('../../client/fingerprint/black-box');
vi.mock('../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/stores/device')>()),
  getDeviceId: () => DEVICE_ID,
}));

const DEVICE_ID = '5f0c6a4e-3b1d-4c8e-9a2f-7d6e5c4b3a21';

function renderVerify(search = '?email=new%40example.com&provider=twitch') {
  onPage({ route: 'create-verify-code-tpa', search });
  render(
    <VerifyCodeTpaIsland strings={screenStrings('create-verify-code-tpa')} locale="en" loginPath="/account/en/login" />,
  );
}

it('verifies the code, then creates the account with the chosen password and signs in', async () => {
  const user = userEvent.setup();
  // No fingerprint after the retries: the device id stands in for the required blackbox.
  vi.mocked(collectBlackBox).mockResolvedValue(undefined);
  vi.mocked(tpaSignupEmailVerifyCode).mockResolvedValue({ next: 'signup' });
  vi.mocked(signupTpaWithEmail).mockResolvedValue({
    countryCode: 'DE',
    hashedUserNo: 'a1b2c3',
    hashedGlobalUserNo: 'd4e5f6',
    autoLogin: false,
  });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  renderVerify();
  expect(await screen.findByText('createTpa.verify.sent email=new@example.com')).toBeInTheDocument();
  await user.type(screen.getByLabelText('createTpa.verify.code'), '123');
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  expect(screen.getByText('createTpa.verify.codeInvalid')).toBeInTheDocument();
  expect(tpaSignupEmailVerifyCode).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('createTpa.verify.code'), '456');
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  const password = await screen.findByLabelText('createTpa.password.label');
  expect(tpaSignupEmailVerifyCode).toHaveBeenCalledWith(
    { email: 'new@example.com', code: '123456' },
    { unified: false },
  );
  await user.type(password, 'Str0ng-Passw0rd!');
  await user.click(screen.getByRole('button', { name: 'createTpa.password.submit' }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(signupTpaWithEmail).toHaveBeenCalledWith(
    { id: 'new@example.com', password: 'Str0ng-Passw0rd!', blackbox: DEVICE_ID },
    { unified: false },
  );
});

it('shows a wrong code in the form', async () => {
  const user = userEvent.setup();
  vi.mocked(tpaSignupEmailVerifyCode).mockRejectedValue(apiError('20013', 400));
  renderVerify();
  await user.type(await screen.findByLabelText('createTpa.verify.code'), '000000');
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  expect(await screen.findByText(/error\.(form|modal)\.20013/)).toBeInTheDocument();
  expect(screen.queryByLabelText('createTpa.password.label')).toBeNull();
});

it('goes to the social link when the email is an existing account’s', async () => {
  const user = userEvent.setup();
  vi.mocked(tpaSignupEmailVerifyCode).mockResolvedValue({ next: 'socialLink', socialLinkCase: 3 });
  renderVerify();
  await user.type(await screen.findByLabelText('createTpa.verify.code'), '123456');
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/login/social-link/3', true));
});

it('sends a new code', async () => {
  const user = userEvent.setup();
  vi.mocked(tpaSignupEmailRequestCode).mockResolvedValue({});
  renderVerify();
  await user.click(await screen.findByRole('button', { name: 'createTpa.verify.resend' }));
  expect(await screen.findByText('createTpa.verify.resent')).toBeInTheDocument();
  expect(tpaSignupEmailRequestCode).toHaveBeenCalledWith(
    { email: 'new@example.com', language: 'en_US' },
    { unified: false },
  );
});

it('refuses to work without the email', async () => {
  renderVerify('');
  expect(await screen.findByRole('alert')).toHaveTextContent('createTpa.verify.noEmail');
  expect(screen.queryByLabelText('createTpa.verify.code')).toBeNull();
});

it('sends the collected device fingerprint as the blackbox', async () => {
  const user = userEvent.setup();
  vi.mocked(collectBlackBox).mockResolvedValue('fp-visitor-0123456789');
  vi.mocked(tpaSignupEmailVerifyCode).mockResolvedValue({ next: 'signup' });
  vi.mocked(signupTpaWithEmail).mockResolvedValue({
    countryCode: 'DE',
    hashedUserNo: 'a1b2c3',
    hashedGlobalUserNo: 'd4e5f6',
    autoLogin: false,
  });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  renderVerify();
  await user.type(await screen.findByLabelText('createTpa.verify.code'), '123456');
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  await user.type(await screen.findByLabelText('createTpa.password.label'), 'Str0ng-Passw0rd!');
  await user.click(screen.getByRole('button', { name: 'createTpa.password.submit' }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(signupTpaWithEmail).toHaveBeenCalledWith(
    { id: 'new@example.com', password: 'Str0ng-Passw0rd!', blackbox: 'fp-visitor-0123456789' },
    { unified: false },
  );
});
