/**
 * The settings refresh a settings page runs at start (src/client/shell/account-read.ts): GET /account without
 * the HTTP client, what it sends, the store it fills, and every way it fails: asked again through the client,
 * whose answer decides (spec §2: 20100 and 20102 sign out, telling the launcher in app mode; any other failure
 * goes to login and back; a CDN block goes to the error page).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as routes from '../../../../src/routes/refs';

const navigate = vi.fn();
const hostLogout = vi.fn();
vi.mock('../../../../src/client/navigation/browser', () => ({
  navigate,
  currentPath: () => '/account/en/setting/change-name?tab=1',
}));
vi.mock('../../../../src/client/host/launcher-bridge', () => ({ hostLogout }));

const { ACCOUNT_READ_PATH, readAccount } = await import('../../../../src/client/shell/account-read');
const { $account } = await import('../../../../src/client/stores/account');
const { $login } = await import('../../../../src/client/stores/login');
const { default: global } = await import('../../../../src/regions/global');
const { getAccount } = await import('../../../../src/shared/contract/settings');
const { logout } = await import('../../../../src/shared/contract/session');
const { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_ID_HEADER, SESSION_ID_STORAGE_KEY } =
  await import('../../../../src/shared/contract/http');
const { callAt, headerOf, json, serve, stubPage } = await import('../http/fake-fetch');

const ACCOUNT = {
  email: 'player@example.com',
  isVerified: true,
  countryCode: 'DE',
  birthMonth: null,
  birthYear: null,
  membershipNo: 42,
  name: 'Mira',
  playerTag: null,
  renamesRemaining: 2,
  phoneNo: null,
  enableUserPhoneReset: false,
  hasSetPassword: true,
  enableMail: true,
  searchable: false,
  skipMfaPromo: false,
  primaryAuthType: null,
  authTypeList: ['EMAIL'],
  tpaAccountList: [],
  trustedDeviceCount: 0,
  twitchUserId: null,
  steamName: null,
  isMinor: false,
};
const SESSION = 'a'.repeat(64);
const assign = vi.fn();

beforeEach(() => {
  stubPage({
    locale: 'de',
    route: 'change-name',
    pathname: '/account/de/setting/change-name',
    session: SESSION,
    storageKey: SESSION_ID_STORAGE_KEY,
    assign,
  });
  $account.set(null);
  $login.setKey('isLoggedIn', true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the settings pages’ account read at start', () => {
  it('is the contract’s getAccount', () => {
    expect(getAccount).toMatchObject({ path: ACCOUNT_READ_PATH, base: 'account', method: 'GET' });
  });

  it('sends what the islands’ client sends and fills the account store', async () => {
    const calls = serve(() => json(ACCOUNT));
    await expect(readAccount(false)).resolves.toBe(true);
    expect(calls).toHaveLength(1);
    const { url, init } = callAt(calls, 0);
    expect(url).toBe(`${global.api.account}/account`);
    expect(init.method ?? 'GET').toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headerOf(init, FRONTEND_VERSION_HEADER.toLowerCase())).toBe(FRONTEND_VERSION);
    expect(headerOf(init, SESSION_ID_HEADER.toLowerCase())).toBe(SESSION);
    expect(init.signal).toBeInstanceOf(AbortSignal);
    // The plain read: no redaxios in between (it would send its own Accept header and a method).
    expect(init.method).toBeUndefined();
    expect($account.get()).toMatchObject({ email: ACCOUNT.email, fullName: 'Mira', hasPassword: true });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to login and back when the answer breaks the contract, and keeps no account', async () => {
    serve(() => json({ ...ACCOUNT, email: 'not an address' }));
    await expect(readAccount(false)).resolves.toBe(false);
    expect($account.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(routes.login, {
      replace: true,
      query: { return_url: '/account/en/setting/change-name?tab=1' },
    });
  });

  it.each([
    ['a server error', () => json({}, 500)],
    ['an expired session', () => json({ code: '20001' }, 401, { 'x-error-code': '20001' })],
    ['an empty body', () => new Response('', { status: 200 })],
    ['a text body', () => new Response('<html>', { status: 200 })],
  ])('goes to login and back on %s', async (_label, respond) => {
    serve(respond);
    await expect(readAccount(false)).resolves.toBe(false);
    expect(navigate).toHaveBeenCalledWith(routes.login, expect.objectContaining({ replace: true }));
    expect(navigate.mock.calls[0]?.[1]).toEqual({
      replace: true,
      query: { return_url: '/account/en/setting/change-name?tab=1' },
    });
    expect($login.get().isLoggedIn).toBe(true);
  });

  it('goes to login and back when there is no answer', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(readAccount(false)).resolves.toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]?.[1]).toEqual({
      replace: true,
      query: { return_url: '/account/en/setting/change-name?tab=1' },
    });
  });

  it.each(['20100', '20102'])('signs out on %s, the launcher too in app mode', async (code) => {
    for (const appMode of [false, true]) {
      vi.clearAllMocks();
      $login.setKey('isLoggedIn', true);
      const calls = serve((url) =>
        url.endsWith('/account') ? json({ code }, 403, { 'x-error-code': code }) : json({}),
      );
      await expect(readAccount(appMode)).resolves.toBe(false);
      // The plain read, the client's, then the sign-out.
      expect(calls.map((c) => c.url.endsWith('/account'))).toEqual([true, true, false]);
      const out = callAt(calls, 2);
      expect(out.url).toBe(`${global.api[logout.base]}${logout.path}`);
      expect(out.init.method).toBe('POST');
      expect(hostLogout).toHaveBeenCalledTimes(appMode ? 1 : 0);
      expect($login.get().isLoggedIn).toBe(false);
      expect(navigate).toHaveBeenCalledWith(routes.login, { replace: true, query: { return_url: undefined } });
    }
  });

  it('shows the account when the client’s read succeeds after the plain one failed', async () => {
    let n = 0;
    const calls = serve(() => (n++ === 0 ? json({}, 503) : json(ACCOUNT)));
    await expect(readAccount(false)).resolves.toBe(true);
    expect(calls).toHaveLength(2);
    expect($account.get()).toMatchObject({ email: ACCOUNT.email });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves for the error page on a CDN block, and nowhere else', async () => {
    serve(() => new Response('<html>blocked</html>', { status: 403, headers: { 'cf-mitigated': 'challenge' } }));
    await expect(readAccount(false)).resolves.toBe(false);
    expect(assign).toHaveBeenCalledWith('/account/de/error?reason=cloudflare-block');
    expect(navigate).not.toHaveBeenCalled();
  });
});
