/**
 * login/tpa/{socialProvider?}: sets the third-party session from the callback's code, then signs in, or goes on
 * to sign-up or the social link; refusals go through the login error handler.
 */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { tpaLogin, tpaSessionCookie } from '../../client/api/launcher-login';
import { getTpaAuthTypes } from '../../client/api/mfa';
import { getAccount } from '../../client/api/settings';
import { goTo } from '../../client/navigation/page';
import { readPendingLogin } from '../shared/pending-login';
import { TpaLoginIsland } from './TpaLoginIsland';

vi.mock('../../client/api/launcher-login');
vi.mock('../../client/api/settings');
vi.mock('../../client/api/mfa');
vi.mock('../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/stores/device')>()),
  getDeviceId: () => DEVICE_ID,
}));

const DEVICE_ID = '5f0c6a4e-3b1d-4c8e-9a2f-7d6e5c4b3a21';
const signedIn = { countryCode: 'US', hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6', autoLogin: false };

function renderTpa(search = '?code=abc&state=r.s', provider: 'google' | null = 'google') {
  onPage({ route: 'login-tpa', search });
  render(
    <TpaLoginIsland
      strings={screenStrings('login-tpa')}
      locale="en"
      provider={provider ?? undefined}
      loginPath="/account/en/login"
    />,
  );
}

it('sets the session from the code, signs in with the device id and goes on (§4)', async () => {
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: 'p@example.com', provider: 'google', next: 'login' });
  vi.mocked(tpaLogin).mockResolvedValue(signedIn);
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: false }));
  renderTpa();
  expect(screen.getByRole('heading', { name: 'social.tpa.heading provider=Google' })).toBeInTheDocument();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/promo-2fa'));
  expect(tpaSessionCookie).toHaveBeenCalledWith({ tpaType: 'google', code: 'abc', state: 'r.s' }, { unified: false });
  expect(tpaLogin).toHaveBeenCalledWith(expect.objectContaining({ deviceId: DEVICE_ID }), { unified: false });
  // The single-use code is off the URL: a reload does not spend it again.
  expect(location.search).toBe('');
});

it('goes to create-tpa for a new identity, asking for an email when the provider gave none', async () => {
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: null, provider: 'google', next: 'needsEmail' });
  renderTpa();
  await vi.waitFor(() =>
    expect(goTo).toHaveBeenCalledWith('/account/en/create-tpa?provider=google&needsEmail=true', true),
  );
  expect(tpaLogin).not.toHaveBeenCalled();
});

it('goes to the social link of the case the server names', async () => {
  vi.mocked(tpaSessionCookie).mockResolvedValue({
    email: 'p@example.com',
    provider: 'google',
    next: 'socialLink',
    socialLinkCase: 1,
  });
  renderTpa();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/login/social-link/1', true));
});

it('signs in with the existing session when there is no code (back from a second factor)', async () => {
  vi.mocked(tpaLogin).mockResolvedValue(signedIn);
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  renderTpa('', null);
  expect(screen.getByRole('heading', { name: 'social.tpa.headingAny' })).toBeInTheDocument();
  await vi.waitFor(() => expect(tpaLogin).toHaveBeenCalledTimes(1));
  expect(tpaSessionCookie).not.toHaveBeenCalled();
});

it('sends 20128 to social-link case 5', async () => {
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: 'p@example.com', provider: 'google', next: 'login' });
  vi.mocked(tpaLogin).mockRejectedValue(apiError('20128', 409));
  renderTpa();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/login/social-link/5', false));
});

it('sends a legacy account (20211, 20184) to login/migration-tpa, carrying the query', async () => {
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: 'p@example.com', provider: 'google', next: 'login' });
  vi.mocked(tpaLogin).mockRejectedValue(apiError('20211', 403, '{"email":"old@example.com"}'));
  renderTpa('?code=abc&state=r.s&return_url=%2Faccount%2Fen%2Fsetting');
  await vi.waitFor(() =>
    expect(goTo).toHaveBeenCalledWith('/account/en/login/migration-tpa?return_url=%2Faccount%2Fen%2Fsetting', true),
  );
});

it('shows a refused microblogging registration in the error dialog, then the way back', async () => {
  vi.mocked(tpaSessionCookie).mockRejectedValue(apiError('NOT_EXIST_TWITTER_ACCOUNT', 404));
  renderTpa();
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('error.modal.NOT_EXIST_TWITTER_ACCOUNT.desc');
  expect(goTo).not.toHaveBeenCalled();
});

it('a second factor (20008 N=9) continues on login/auth-types with the account the tpa session signs in', async () => {
  vi.mocked(tpaSessionCookie).mockResolvedValue({ email: null, provider: 'google', next: 'login' });
  vi.mocked(tpaLogin).mockRejectedValue(apiError('20008', 403, 'missing verification code: 9'));
  vi.mocked(getTpaAuthTypes).mockResolvedValue({
    authTypes: ['TOTP'],
    primaryAuthType: 'TOTP',
    phoneNo: null,
    email: 'owner@example.com',
  });
  renderTpa();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/login/auth-types', false));
  // The second-step screens look the account up by this email (the provider gave none); the sign-in stays a
  // third-party one there (the launcher's completion says TPA).
  expect(readPendingLogin()).toEqual({ loginId: 'owner@example.com', rememberMe: false, thirdParty: true });
});
