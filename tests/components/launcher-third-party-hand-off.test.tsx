/**
 * A third-party sign-in in the launcher that finishes on a later screen (second factor on login/auth-types, or
 * healup with mode tpa) still completes as TPA (spec §7 POST /no-auth/login/launcher/complete {deviceId,
 * accountType}; docs/launcher.md): the in-memory isTPA flag is gone after the page change, so the pending login
 * carries it. The real finishLogin and launcher hand-off run; the calls and the host are mocked.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  connectorLogin: vi.fn(),
  launcherLoginComplete: vi.fn(),
  requestAuthToken: vi.fn(),
}));
const host = vi.hoisted(() => ({ hostLogin: vi.fn(() => true), hostRequestToMain: vi.fn(() => true) }));
vi.mock('../../src/client/api/launcher-login', () => api);
vi.mock('../../src/client/host/launcher-bridge', () => host);
vi.mock('../../src/client/navigation/page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/client/navigation/page')>()),
  goTo: vi.fn(),
  isAppMode: () => true,
}));
// The hand-off's 5 s after-login wait, skipped.
vi.mock('../../src/client/launcher/after-login', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/client/launcher/after-login')>();
  return {
    ...actual,
    launcherAfterLogin: (options: Parameters<typeof actual.launcherAfterLogin>[0] = {}) =>
      actual.launcherAfterLogin({ ...options, wait: () => Promise.resolve() }),
  };
});

const { finishLogin } = await import('../../src/islands/shared/finish-login');
const { readPendingLogin, savePendingLogin } = await import('../../src/islands/shared/pending-login');
const { $login, initialLoginState } = await import('../../src/client/stores/login');
const { $launcherSettings } = await import('../../src/client/stores/launcher');
const { writeStored } = await import('../../src/client/stores/stored-value');

const RESULT = { countryCode: 'US', hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6', autoLogin: false };
const options = { locale: 'en', rememberMe: false, offerTrustedDevice: () => Promise.resolve(), navigate: vi.fn() };

beforeEach(() => {
  vi.clearAllMocks();
  // A new page: nothing in memory from the screen where the sign-in started.
  $login.set({ ...initialLoginState });
  $launcherSettings.set({ client_id: 'lf-launcher', device_id: 'launcher-device-1', version: '1.7.0' });
  api.launcherLoginComplete.mockResolvedValue({
    loginId: 'L'.repeat(43),
    sessionTicket: 'T'.repeat(43),
    hashedUserNo: 'a1b2c3',
    hashedGlobalUserNo: 'd4e5f6',
  });
  window.dataLayer = [];
});

describe('the launcher completion after a paused sign-in', () => {
  it('a provider sign-in paused for its second factor completes as TPA, and the pending login is cleared', async () => {
    savePendingLogin({ loginId: 'owner@example.com', rememberMe: false, thirdParty: true });
    await finishLogin(RESULT, options);
    expect(api.launcherLoginComplete).toHaveBeenCalledWith({
      deviceId: expect.any(String) as string,
      accountType: 'TPA',
    });
    expect(host.hostLogin).toHaveBeenCalledTimes(1);
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'login', method: 'tpa' }));
    expect(readPendingLogin()).toEqual({ loginId: '', rememberMe: false });
  });

  it('a password sign-in paused for its second factor completes as EMAIL', async () => {
    savePendingLogin({ loginId: 'owner@example.com', rememberMe: true });
    await finishLogin(RESULT, { ...options, rememberMe: true });
    expect(api.launcherLoginComplete).toHaveBeenCalledWith({
      deviceId: expect.any(String) as string,
      accountType: 'EMAIL',
    });
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'login', method: 'email' }));
  });

  it('healup after a provider sign-in (mode tpa) completes as TPA without a pending login', async () => {
    await finishLogin(RESULT, { ...options, thirdParty: true });
    expect(api.launcherLoginComplete).toHaveBeenCalledWith({
      deviceId: expect.any(String) as string,
      accountType: 'TPA',
    });
  });

  it('a stored value other than "true" is not a third-party sign-in', async () => {
    writeStored('verificationParams', { loginId: 'a@example.com', rememberMe: 'false', tpa: 'yes' });
    expect(readPendingLogin().thirdParty).toBeUndefined();
    await finishLogin(RESULT, options);
    expect(api.launcherLoginComplete).toHaveBeenCalledWith({
      deviceId: expect.any(String) as string,
      accountType: 'EMAIL',
    });
  });
});
