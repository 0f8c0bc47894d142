/**
 * login/tpa/{provider}?app=1 in the launcher (docs/launcher.md "Third-party sign-in in the launcher"): the frame
 * opens an app request, asks the host to open the provider's start in the system browser, shows the pair code and
 * waits; once the browser handed the sign-in over it signs in with login/tpa/launcher and hands off to the host.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { redeemTpaApp, requestTpaApp } from '../../client/api/launcher-app';
import { launcherTpaLogin, tpaLogin, tpaSessionCookie } from '../../client/api/launcher-login';
import { hostOpenExternalLink } from '../../client/host/launcher-bridge';
import { launcherAfterLogin } from '../../client/launcher/after-login';
import { pairCode } from '../../client/launcher/pair-code';
import { goTo } from '../../client/navigation/page';
import { $launcherSettings } from '../../client/stores/launcher';
import { TpaLoginIsland } from '../social/TpaLoginIsland';
import { POLL_MS } from './tpa-app-run';

vi.mock('../../client/api/launcher-app');
vi.mock('../../client/api/launcher-login');
vi.mock('../../client/launcher/after-login', () => ({
  launcherAfterLogin: vi.fn(() => Promise.resolve('handed-off')),
}));
vi.mock('../../client/navigation/page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/navigation/page')>()),
  goTo: vi.fn(),
  isAppMode: () => true,
}));
vi.mock('../../client/host/launcher-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/host/launcher-bridge')>()),
  isAppMode: () => true,
  hostOpenExternalLink: vi.fn(() => true),
}));

const REQUEST = { requestId: 'R'.repeat(43), pollToken: 'P'.repeat(43), expiresIn: 600 };
const signedIn = { countryCode: 'US', hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6', autoLogin: false };

beforeEach(() => {
  $launcherSettings.set({ client_id: 'lumenforge-launcher', device_id: 'device-launcher-1' });
  vi.mocked(requestTpaApp).mockResolvedValue(REQUEST);
});

function renderApp() {
  onPage({ route: 'login-tpa', search: '?app=1' });
  render(
    <TpaLoginIsland strings={screenStrings('login-tpa')} locale="en" provider="google" loginPath="/account/en/login" />,
  );
}

it('opens the provider in the system browser, shows the pair code, then signs in with login/tpa/launcher', async () => {
  const user = userEvent.setup();
  let answer: (v: { ready: boolean; session?: never }) => void = () => undefined;
  vi.mocked(redeemTpaApp)
    .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    .mockResolvedValue({ ready: true, session: { email: null, provider: 'google', next: 'login' } } as never);
  vi.mocked(launcherTpaLogin).mockResolvedValue(signedIn);
  renderApp();

  expect(await screen.findByRole('heading', { name: 'launcher.tpaApp.heading' })).toBeInTheDocument();
  expect(screen.getByText(await pairCode(REQUEST.requestId))).toBeInTheDocument();
  expect(requestTpaApp).toHaveBeenCalledWith({ clientId: 'lumenforge-launcher', deviceId: 'device-launcher-1' });
  const opened = new URL(vi.mocked(hostOpenExternalLink).mock.calls[0]?.[0] ?? '');
  expect(opened.pathname).toBe('/api/account/v1/no-auth/tpa/google/start');
  expect(Object.fromEntries(opened.searchParams)).toEqual({
    locale: 'en',
    mode: 'app',
    clientId: 'lumenforge-launcher',
    appRequest: REQUEST.requestId,
  });
  // The player closed the browser: open it again.
  await user.click(screen.getByRole('button', { name: 'launcher.tpaApp.reopen' }));
  await vi.waitFor(() => {
    expect(hostOpenExternalLink).toHaveBeenCalledTimes(2);
  });
  expect(screen.getByRole('link', { name: 'launcher.tpaApp.cancel' })).toHaveAttribute('href', '/account/en/login');

  // Not yet: the next look is POLL_MS later.
  answer({ ready: false });
  await vi.waitFor(() => expect(launcherAfterLogin).toHaveBeenCalledTimes(1), { timeout: POLL_MS + 2000 });
  expect(launcherTpaLogin).toHaveBeenCalledWith(
    expect.objectContaining({ clientId: 'lumenforge-launcher', deviceId: 'device-launcher-1' }),
  );
  expect(redeemTpaApp).toHaveBeenCalledWith({
    requestId: REQUEST.requestId,
    pollToken: REQUEST.pollToken,
    deviceId: 'device-launcher-1',
  });
  expect(tpaLogin).not.toHaveBeenCalled();
  expect(tpaSessionCookie).not.toHaveBeenCalled();
});

it('a new identity goes on to sign-up in the frame', async () => {
  vi.mocked(redeemTpaApp).mockResolvedValue({
    ready: true,
    session: { email: 'new@example.com', provider: 'google', next: 'signup' },
  });
  renderApp();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/create-tpa?provider=google', true));
  expect(launcherTpaLogin).not.toHaveBeenCalled();
});

it('an expired request (20159) stops the wait with a way back', async () => {
  vi.mocked(redeemTpaApp).mockRejectedValue(apiError('20159', 401));
  renderApp();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
  // The login error handler's link-failed (docs/social-screens.md): the error page with the code's text.
  expect(vi.mocked(goTo).mock.calls[0]?.[0]).toBe('/account/en/global/error?notice=20159');
  expect(launcherTpaLogin).not.toHaveBeenCalled();
});
