import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, later, onPage, screenStrings, submitTwiceInOneTask } from '../../../../tests/components/helpers';
import { LoginVerify } from './LoginVerify';
import { pendingSignIn } from './pending-sign-in';
import { completeSignIn, loadAuthTypes, sendLoginSms, verifyLoginCode } from './second-step';

vi.mock('./second-step');
vi.mock('./pending-sign-in', async (original) => ({
  ...(await original<typeof import('./pending-sign-in')>()),
  pendingSignIn: vi.fn(),
}));

const PENDING = { email: 'p@example.com', rememberMe: true };

beforeEach(() => {
  vi.mocked(pendingSignIn).mockReturnValue(PENDING);
  vi.mocked(completeSignIn).mockResolvedValue(undefined);
  vi.mocked(loadAuthTypes).mockResolvedValue([undefined, { authTypes: ['SMS'], phoneNo: '+1 ***-***-0100' }] as never);
});

function renderTotp() {
  onPage({ route: 'login-verify-code' });
  render(<LoginVerify strings={screenStrings('login-verify-code')} locale="en" method="TOTP" />);
}

it('refuses a wrong code with its text, then signs in with the right one', async () => {
  const user = userEvent.setup();
  vi.mocked(verifyLoginCode)
    .mockResolvedValueOnce([apiError('20013', 401), undefined] as never)
    .mockResolvedValueOnce([undefined, {}] as never);
  renderTotp();
  // Remember this device is preset from the sign-in's remember me; unticked here to skip the device's name.
  await user.click(await screen.findByRole('checkbox', { name: /mfa\.login\.remember/ }));
  const input = screen.getByLabelText('mfa.code.label');
  await user.type(input, '111111');
  await user.click(screen.getByRole('button', { name: 'mfa.login.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(completeSignIn).not.toHaveBeenCalled();

  await user.clear(input);
  await user.type(input, '222222');
  await user.click(screen.getByRole('button', { name: 'mfa.login.submit' }));
  await waitFor(() => expect(completeSignIn).toHaveBeenCalledWith(PENDING));
  expect(verifyLoginCode).toHaveBeenLastCalledWith(PENDING, 'TOTP', '222222', false);
  // The sign-in ends by leaving the page: the form stays busy meanwhile.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /^mfa\.login\.submit/ })).toHaveAttribute('aria-disabled', 'true'),
  );
  expect(screen.queryByRole('alert')).toBeNull();
});

it('an expired sign-in (20001) says so and links back to the sign-in', async () => {
  const user = userEvent.setup();
  vi.mocked(verifyLoginCode).mockResolvedValue([apiError('20001', 401), undefined] as never);
  renderTotp();
  await user.type(await screen.findByLabelText('mfa.code.label'), '111111');
  await user.click(screen.getByRole('button', { name: 'mfa.login.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('mfa.login.expired');
  expect(screen.getByRole('link', { name: 'mfa.login.signInAgain' })).toHaveAttribute('href', '/account/en/login');
  expect(screen.getByRole('button', { name: 'mfa.login.submit' })).not.toHaveAttribute('aria-disabled');
});

it('two submits in one frame check the code once', async () => {
  const { promise, answer } = later<Awaited<ReturnType<typeof verifyLoginCode>>>();
  vi.mocked(verifyLoginCode).mockReturnValue(promise);
  renderTotp();
  await userEvent.type(await screen.findByLabelText('mfa.code.label'), '123456');
  submitTwiceInOneTask(screen.getByRole('button', { name: 'mfa.login.submit' }));
  answer([apiError('20013', 401), undefined] as never);
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(verifyLoginCode).toHaveBeenCalledTimes(1);
});

it('sms: texts the code again and says so; a refused resend shows its text', async () => {
  const user = userEvent.setup();
  vi.mocked(sendLoginSms)
    .mockResolvedValueOnce([undefined, {}] as never)
    .mockResolvedValueOnce([apiError('20061', 429), undefined] as never);
  onPage({ route: 'login-verify-sms' });
  render(<LoginVerify strings={screenStrings('login-verify-sms')} locale="en" method="SMS" />);
  expect(await screen.findByText('mfa.login.SMS.intro phone=+1 ***-***-0100')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'mfa.sms.resend' }));
  expect(await screen.findByText('mfa.sms.resent')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'mfa.sms.resend' }));
  // Not a form text of its own: the catalogue's fallback, with the code.
  expect(await screen.findByRole('alert')).toHaveTextContent('code=20061');
  expect(sendLoginSms).toHaveBeenCalledTimes(2);
  expect(sendLoginSms).toHaveBeenCalledWith(PENDING);
});

it('without a sign-in waiting for its second step says to sign in again and checks nothing', async () => {
  const user = userEvent.setup();
  vi.mocked(pendingSignIn).mockReturnValue('none');
  renderTotp();
  expect(await screen.findByText('mfa.login.expired')).toBeInTheDocument();
  await user.type(screen.getByLabelText('mfa.code.label'), '111111');
  await user.click(screen.getByRole('button', { name: 'mfa.login.submit' }));
  expect(verifyLoginCode).not.toHaveBeenCalled();
});
