/**
 * The launcher hand-off (src/client/launcher/after-login.ts, spec §4 steps 3, 8, 9) and the silent login at
 * the launcher's login page (src/client/launcher/autologin.ts), with the calls, the bridge and the dialogs
 * mocked: what is asked in which order, what the host receives, and the refusals.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/client/http/api-error';
import { $launcherSettings } from '../../../../src/client/stores/launcher';
import * as routes from '../../../../src/routes/refs';

const api = vi.hoisted(() => ({
  connectorLogin: vi.fn(),
  launcherLoginComplete: vi.fn(),
  requestAuthToken: vi.fn(),
  launcherSilentLogin: vi.fn(),
}));
const host = vi.hoisted(() => ({ hostLogin: vi.fn(() => true), hostRequestToMain: vi.fn(() => true) }));
const dialogs = vi.hoisted(() => ({ banDialog: vi.fn(), errorDialog: vi.fn() }));
vi.mock('../../../../src/client/api/launcher-login', () => api);
vi.mock('../../../../src/client/host/launcher-bridge', () => host);
vi.mock('../../../../src/client/dialogs/queue', () => dialogs);
vi.mock('../../../../src/client/navigation/browser', () => ({
  hrefTo: (route: string, target: { query?: Record<string, string> } = {}) =>
    `/account/en/${route}${target.query ? `?${new URLSearchParams(target.query).toString()}` : ''}`,
}));
vi.mock('../../../../src/client/navigation/page', () => ({ goTo: vi.fn() }));

const { launcherAfterLogin, AFTER_LOGIN_WAIT_MS } = await import('../../../../src/client/launcher/after-login');
const { tryAutologin } = await import('../../../../src/client/launcher/autologin');

const HANDOFF = {
  loginId: 'L'.repeat(43),
  sessionTicket: 'T'.repeat(43),
  hashedUserNo: 'h1',
  hashedGlobalUserNo: 'h2',
};
const DEVICE = 'launcher-device-1';

function settings(extra: Record<string, unknown> = {}) {
  $launcherSettings.set({ client_id: 'lf-launcher', device_id: DEVICE, version: '1.7.0', ...extra });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.launcherLoginComplete.mockResolvedValue(HANDOFF);
  api.requestAuthToken.mockResolvedValue({ token: 'A'.repeat(43) });
  api.connectorLogin.mockResolvedValue({ hashedUserNo: 'h1', hashedGlobalUserNo: 'h2' });
});

describe('launcher hand-off', () => {
  it('1.7.0: completes, hands the data to the host with login_id, waits 5 s, then login/success', async () => {
    settings();
    const wait = vi.fn(() => Promise.resolve());
    const navigate = vi.fn();
    expect(await launcherAfterLogin({ wait, navigate })).toBe('handed-off');
    expect(api.launcherLoginComplete).toHaveBeenCalledWith({ deviceId: DEVICE, accountType: 'EMAIL' });
    expect(api.requestAuthToken).not.toHaveBeenCalled();
    expect(api.connectorLogin).not.toHaveBeenCalled();
    expect(host.hostLogin).toHaveBeenCalledWith({ ...HANDOFF, login_id: HANDOFF.loginId });
    expect(wait).toHaveBeenCalledWith(AFTER_LOGIN_WAIT_MS);
    expect(AFTER_LOGIN_WAIT_MS).toBe(5000);
    expect(navigate).toHaveBeenCalledWith('/account/en/login/success');
  });

  it('below 1.7.0: the auth token is merged into the login data', async () => {
    settings({ version: '1.6.9' });
    await launcherAfterLogin({ wait: () => Promise.resolve(), navigate: vi.fn() });
    expect(api.requestAuthToken).toHaveBeenCalledWith({ deviceId: DEVICE });
    expect(host.hostLogin).toHaveBeenCalledWith({ ...HANDOFF, login_id: HANDOFF.loginId, authToken: 'A'.repeat(43) });
  });

  it('store connector: its login first; 20100 shows the ban dialog, then cancels the launcher login', async () => {
    settings({ connector: 'steam' });
    api.connectorLogin.mockRejectedValue(new ApiError('20100', 403, { serverMessage: '7003' }));
    expect(await launcherAfterLogin({ wait: () => Promise.resolve(), navigate: vi.fn() })).toBe('cancelled');
    expect(api.connectorLogin).toHaveBeenCalledWith('steam', { clientId: 'lf-launcher', deviceId: DEVICE });
    expect(dialogs.banDialog).toHaveBeenCalledWith('7003');
    expect(host.hostRequestToMain).toHaveBeenCalledWith('cancelLogin', { code: '20100' });
    expect(api.launcherLoginComplete).not.toHaveBeenCalled();
    expect(host.hostLogin).not.toHaveBeenCalled();
  });

  it('a refused completion shows its error and hands nothing to the host', async () => {
    settings();
    api.launcherLoginComplete.mockRejectedValue(new ApiError('20001', 401));
    expect(await launcherAfterLogin({ wait: () => Promise.resolve(), navigate: vi.fn() })).toBe('failed');
    expect(dialogs.errorDialog).toHaveBeenCalledWith('20001');
    expect(host.hostLogin).not.toHaveBeenCalled();
    expect(host.hostRequestToMain).not.toHaveBeenCalled();
  });
});

describe('autologin on the launcher login page', () => {
  it('asks the silent login with the launcher autologin flag, then hands off', async () => {
    settings({ autologin: true });
    api.launcherSilentLogin.mockResolvedValue({ countryCode: 'US', autoLogin: true });
    const navigate = vi.fn();
    expect(await tryAutologin({ navigate, wait: () => Promise.resolve() })).toBe('signed-in');
    expect(api.launcherSilentLogin).toHaveBeenCalledWith(
      expect.objectContaining({ autoLogin: true, clientId: 'lf-launcher', deviceId: DEVICE }),
    );
    expect(host.hostLogin).toHaveBeenCalled();
  });

  it('20001 leaves the form; another code goes to the form with errorCode', async () => {
    settings();
    api.launcherSilentLogin.mockRejectedValueOnce(new ApiError('20001', 401));
    const navigate = vi.fn();
    expect(await tryAutologin({ navigate })).toBe('not-signed-in');
    expect(navigate).not.toHaveBeenCalled();
    expect(api.launcherSilentLogin).toHaveBeenCalledWith(expect.objectContaining({ autoLogin: false }));
    api.launcherSilentLogin.mockRejectedValueOnce(new ApiError('20100', 403, { serverMessage: '7001' }));
    expect(await tryAutologin({ navigate })).toBe('refused');
    expect(navigate).toHaveBeenCalledWith('/account/en/login?errorCode=20100');
    expect(host.hostLogin).not.toHaveBeenCalled();
  });
});

describe('autologin on login/s-mode', () => {
  it('goes to the n-mode form when there is nothing to sign in with, or with the code when refused', async () => {
    settings();
    const navigate = vi.fn();
    api.launcherSilentLogin.mockRejectedValueOnce(new ApiError('20001', 401));
    expect(await tryAutologin({ navigate, fallback: routes.loginNMode })).toBe('not-signed-in');
    expect(navigate).toHaveBeenLastCalledWith('/account/en/login/n-mode');
    api.launcherSilentLogin.mockRejectedValueOnce(new ApiError('20100', 403, { serverMessage: '7001' }));
    expect(await tryAutologin({ navigate, fallback: routes.loginNMode })).toBe('refused');
    expect(navigate).toHaveBeenLastCalledWith('/account/en/login/n-mode?errorCode=20100');
  });
});
