/**
 * The sign-in second step answered with a passkey (issue 18): login/auth-types
 * offers "Use a passkey" for an account with one; the ceremony, the check,
 * login complete and the end of the sign-in follow. API modules and the
 * WebAuthn ceremony are mocked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { loginComplete } from '../../../client/api/launcher-login';
import { getAuthTypes } from '../../../client/api/mfa';
import { finishPasskeySecondStep, startPasskeySecondStep } from '../../../client/api/passkeys';
import { getAccount } from '../../../client/api/settings';
import { goTo } from '../../../client/navigation/page';
import { isCancelled, assertPasskey } from '../../../client/passkeys/ceremony';
import { savePendingLogin } from '../../shared/pending-login';
import { LoginAuthTypes } from './LoginAuthTypes';

vi.mock('../../../client/api/launcher-login');
vi.mock('../../../client/api/mfa');
vi.mock('../../../client/api/passkeys');
vi.mock('../../../client/api/settings');
vi.mock('../../../client/passkeys/ceremony');

const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' },
};

function renderStep(passkey: boolean) {
  vi.mocked(getAuthTypes).mockResolvedValue({
    authTypes: ['TOTP'],
    primaryAuthType: 'TOTP',
    phoneNo: null,
    passkey,
  });
  savePendingLogin({ loginId: 'player@example.com', rememberMe: false });
  onPage({ route: 'login-auth-types' });
  render(<LoginAuthTypes strings={screenStrings('login-auth-types')} locale="en" />);
}

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  user = userEvent.setup();
  vi.mocked(startPasskeySecondStep).mockResolvedValue({ options: { challenge: 'c' } });
});

it('offers no passkey to an account without one', async () => {
  renderStep(false);
  expect(await screen.findByRole('button', { name: /mfa\.method\.TOTP/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /passkeys\.step\.use/ })).toBeNull();
});

it('answers the step with a passkey, completes the sign-in and leaves', async () => {
  vi.mocked(assertPasskey).mockResolvedValue(ASSERTION);
  vi.mocked(finishPasskeySecondStep).mockResolvedValue({});
  vi.mocked(loginComplete).mockResolvedValue({
    countryCode: 'US',
    hashedUserNo: 'a',
    hashedGlobalUserNo: 'b',
    autoLogin: false,
  });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  renderStep(true);
  await user.click(await screen.findByRole('button', { name: /passkeys\.step\.use/ }));
  await waitFor(() => {
    expect(finishPasskeySecondStep).toHaveBeenCalledWith(expect.objectContaining({ credential: ASSERTION }));
  });
  await waitFor(() => {
    expect(goTo).toHaveBeenCalled();
  });
});

it('a closed prompt says so; a refused passkey shows its text', async () => {
  vi.mocked(assertPasskey).mockRejectedValueOnce(new DOMException('closed', 'NotAllowedError'));
  vi.mocked(isCancelled).mockReturnValue(true);
  renderStep(true);
  await user.click(await screen.findByRole('button', { name: /passkeys\.step\.use/ }));
  expect(await screen.findByText('passkeys.step.cancelled')).toBeInTheDocument();
  vi.mocked(assertPasskey).mockResolvedValue(ASSERTION);
  vi.mocked(finishPasskeySecondStep).mockRejectedValue(apiError('PASSKEY_REFUSED', 401));
  await user.click(screen.getByRole('button', { name: /passkeys\.step\.use/ }));
  expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('error.form.PASSKEY_REFUSED');
  expect(goTo).not.toHaveBeenCalled();
});
