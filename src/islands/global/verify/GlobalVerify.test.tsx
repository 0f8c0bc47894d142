/**
 * global/verify/code and global/verify/success: the signed-in account's address gets a code, a wrong or short
 * code is refused in the form (the short one without a call), a right one goes on to the success page; an
 * already verified address goes straight there; without a session the page offers sign-in.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../../tests/components/helpers';
import { globalVerifyRequestCode, globalVerifyWithCode } from '../../../client/api/launcher-login';
import { getAccount } from '../../../client/api/settings';
import { goTo } from '../../../client/navigation/page';
import { loginState } from '../../../client/startup/guard-runner';
import { GlobalVerifyCode } from './GlobalVerifyCode';
import { GlobalVerifySuccess } from './GlobalVerifySuccess';

vi.mock('../../../client/api/launcher-login');
vi.mock('../../../client/api/settings');
vi.mock('../../../client/startup/guard-runner');

const account = (isVerified: boolean) =>
  ({ email: 'player@example.com', isVerified }) as unknown as Awaited<ReturnType<typeof getAccount>>;

function renderCode() {
  onPage({ route: 'global-verify-code' });
  render(<GlobalVerifyCode strings={screenStrings('global-verify-code')} locale="en" />);
}

beforeEach(() => {
  vi.mocked(globalVerifyRequestCode).mockResolvedValue({});
  vi.mocked(loginState).mockResolvedValue(true);
});

describe('global/verify/code', () => {
  it('sends a code to the account address and verifies it, then goes to the success page', async () => {
    const user = userEvent.setup();
    vi.mocked(getAccount).mockResolvedValue(account(false));
    vi.mocked(globalVerifyWithCode).mockResolvedValue({
      countryCode: 'US',
      hashedUserNo: 'h',
      hashedGlobalUserNo: 'g',
      autoLogin: false,
    });
    renderCode();
    await user.click(await screen.findByRole('button', { name: 'global.verify.send' }));
    await vi.waitFor(() => {
      expect(globalVerifyRequestCode).toHaveBeenCalledWith({ email: 'player@example.com', language: 'en_US' });
    });
    await user.type(await screen.findByLabelText('global.verify.label'), '123456');
    await user.click(screen.getByRole('button', { name: 'global.verify.submit' }));
    await waitFor(() => {
      expect(goTo).toHaveBeenCalledWith('/account/en/global/verify/success', true);
    });
    expect(globalVerifyWithCode).toHaveBeenCalledWith({
      email: 'player@example.com',
      code: '123456',
      codeType: 'LOGIN',
      social: false,
    });
  });

  it('refuses a short code without a call and shows a wrong code in the form', async () => {
    const user = userEvent.setup();
    vi.mocked(getAccount).mockResolvedValue(account(false));
    vi.mocked(globalVerifyWithCode).mockRejectedValue(apiError('20013'));
    renderCode();
    await user.click(await screen.findByRole('button', { name: 'global.verify.send' }));
    await user.type(await screen.findByLabelText('global.verify.label'), '123');
    await user.click(screen.getByRole('button', { name: 'global.verify.submit' }));
    expect(await screen.findByText('error.input.verificationCode')).toBeInTheDocument();
    expect(globalVerifyWithCode).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('global.verify.label'), '456');
    await user.click(screen.getByRole('button', { name: 'global.verify.submit' }));
    await waitFor(() => {
      expect(globalVerifyWithCode).toHaveBeenCalled();
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('an already verified address goes straight to the success page', async () => {
    vi.mocked(getAccount).mockResolvedValue(account(true));
    renderCode();
    await waitFor(() => {
      expect(goTo).toHaveBeenCalledWith('/account/en/global/verify/success', true);
    });
    expect(globalVerifyRequestCode).not.toHaveBeenCalled();
  });

  it('without a session it offers global/login, and asks for no account (no 401 in the console)', async () => {
    vi.mocked(loginState).mockResolvedValue(false);
    renderCode();
    expect(await screen.findByRole('link', { name: 'global.verify.signIn' })).toHaveAttribute(
      'href',
      '/account/en/global/login',
    );
    expect(getAccount).not.toHaveBeenCalled();
  });

  it('a session that ends before the account call still offers global/login', async () => {
    vi.mocked(getAccount).mockRejectedValue(apiError('20001'));
    renderCode();
    expect(await screen.findByRole('link', { name: 'global.verify.signIn' })).toBeInTheDocument();
  });
});

describe('global/verify/success', () => {
  it('says the address is verified and continues by the redirect rules', async () => {
    onPage({ route: 'global-verify-success' });
    render(<GlobalVerifySuccess strings={screenStrings('global-verify-success')} locale="en" />);
    expect(screen.getByRole('status')).toHaveTextContent('global.verifySuccess.text');
    expect(await screen.findByRole('link', { name: 'global.verifySuccess.continue' })).toHaveAttribute('href');
  });
});
