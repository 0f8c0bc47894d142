/**
 * Launcher and store-connector sign-in against workerd (docs/launcher.md): app login status, launcher email
 * login, login completion (the hand-off and the autologin token), silent login with the device-bound token
 * (single use, device-bound, expiring, revocable, reuse revokes), the auth token of launchers below 1.7.0,
 * and the store connector's login with 20100 for a blocked account.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, NO_DEV, setClock } from './client';
import { clock, loginBody, P, player, setState, Visitor, type AccountState } from './signin-helpers';

const A = '/api/account/v1';
const L = {
  status: `${A}/no-auth/login/status`,
  login: `${A}/no-auth/launcher/email/login`,
  silent: `${A}/no-auth/login/launcher/silent`,
  complete: `${A}/no-auth/login/launcher/complete`,
  authToken: `${A}/auth-token`,
  connector: (platform: string) => `${A}/no-auth/global/${platform}/login/connector`,
} as const;
const TOKEN_COOKIE = '__Host-lf_launcher';
const DAY = 24 * 60 * MINUTE;
const CLIENT = 'launcher-client-1';

afterEach(() => setClock(0));

let devices = 0;
function device(): string {
  devices += 1;
  return `launcher-${Date.now().toString(36)}-${String(devices)}`;
}

async function isLoggedIn(b: Browser): Promise<boolean> {
  const r = await b.get(L.status);
  expect(r.status, r.text).toBe(200);
  return (r.json as { isLoggedIn: boolean }).isLoggedIn;
}

/** A launcher on a device signed in through the launcher email login, completed (autologin on by default). */
async function launcherSignedIn(state: AccountState = {}, autoLogin = true) {
  const p = await player(state, 'launcher');
  const v = new Visitor();
  const deviceId = device();
  const r = await v.post(L.login, loginBody(p, { deviceId, autoLogin, captchaVersion: 'v3' }));
  expect(r.status, r.text).toBe(200);
  const done = await v.post(L.complete, { deviceId, accountType: 'EMAIL' });
  expect(done.status, done.text).toBe(200);
  return { p, v, deviceId, login: r.json as Record<string, unknown>, done };
}

/** The launcher restarted: only the autologin token (and the device secret) is left, the session is gone. */
function restarted(v: Browser): Visitor {
  const next = new Visitor();
  for (const [name, value] of v.cookies) if (name !== '__Host-lf_session') next.cookies.set(name, value);
  return next;
}

function silent(b: Browser, deviceId: string, autoLogin = true) {
  return b.post(L.silent, { autoLogin, clientId: CLIENT, deviceId, ...clock() });
}

describe('app login status', () => {
  it('is false without a session and true once the launcher login completed', async () => {
    expect(await isLoggedIn(new Browser())).toBe(false);
    const { v } = await launcherSignedIn();
    expect(await isLoggedIn(v)).toBe(true);
  });
});

describe('launcher email login', () => {
  it('signs in with the login response; a wrong password is 20002 and bad input 20022', async () => {
    const { login } = await launcherSignedIn();
    expect(login).toMatchObject({ countryCode: 'US', autoLogin: true });
    const p = await player({}, 'launcher');
    const v = new Visitor();
    expect((await v.post(L.login, loginBody(p, { password: 'Wrong-pass-1' }))).code).toBe('20002');
    expect((await v.post(L.login, { ...loginBody(p), deviceId: 'no spaces allowed' })).code).toBe('20022');
    expect((await v.post(L.login, { ...loginBody(p), extra: 1 })).code).toBe('20022');
    expect(await isLoggedIn(v)).toBe(false);
  });

  it('refuses a failed captcha and signs nobody in', async () => {
    const p = await player({}, 'launcher');
    const v = new Visitor();
    const r = await v.post(L.login, loginBody(p, { captchaToken: 'wrong-token' }));
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(await isLoggedIn(v)).toBe(false);
  });

  it('a blocked account answers 20100 with its reason', async () => {
    const p = await player({ banReason: '7002' }, 'launcher');
    const r = await new Visitor().post(L.login, loginBody(p));
    expect(r.code).toBe('20100');
    expect(r.json).toEqual({ code: '20100', message: '7002' });
  });
});

describe('launcher login complete', () => {
  it('answers the hand-off for the host and, with autologin, sets the autologin token cookie', async () => {
    const { done } = await launcherSignedIn();
    const body = done.json as Record<string, string>;
    expect(body['loginId']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body['sessionTicket']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body['loginId']).not.toBe(body['sessionTicket']);
    expect(body['hashedUserNo']).toBeTruthy();
    const cookie = done.setCookies.find((line) => line.startsWith(`${TOKEN_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(new RegExp(`^${TOKEN_COOKIE}=[A-Za-z0-9_-]{43};`));
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', `Max-Age=${String(30 * 24 * 3600)}`])
      expect(cookie).toContain(attribute);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('without autologin sets no token', async () => {
    const { done } = await launcherSignedIn({}, false);
    expect(done.setCookies.some((line) => line.startsWith(`${TOKEN_COOKIE}=`))).toBe(false);
  });

  it('needs a full session on the same device: 20001 otherwise', async () => {
    expect((await new Visitor().post(L.complete, { deviceId: device(), accountType: 'EMAIL' })).code).toBe('20001');
    const { v } = await launcherSignedIn();
    expect((await v.post(L.complete, { deviceId: device(), accountType: 'EMAIL' })).code).toBe('20001');
    expect((await v.post(L.complete, { deviceId: device(), accountType: 'OTHER' })).code).toBe('20022');
  });

  it('a pending sign-in (second factor due) cannot complete', async () => {
    const p = await player({}, 'launcher');
    const v = new Visitor();
    const deviceId = device();
    // A pending session straight from the dev hook: the password was right, the second factor is not done.
    const r = await v.post('/api/dev/session', { accountId: p.accountId, level: 'mfa_pending' });
    expect(r.status, r.text).toBe(200);
    expect((await v.post(L.complete, { deviceId, accountType: 'EMAIL' })).code).toBe('20001');
  });
});

describe('silent login (autologin)', () => {
  it('answers from a session signed in on this device', async () => {
    const { v, deviceId } = await launcherSignedIn();
    const r = await silent(v, deviceId, false);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ countryCode: 'US' });
  });

  it('after a restart signs in once with the token; the completion issues the next one', async () => {
    const { v, deviceId } = await launcherSignedIn();
    const next = restarted(v);
    expect(await isLoggedIn(next)).toBe(false);
    const r = await silent(next, deviceId);
    expect(r.status, r.text).toBe(200);
    expect(await isLoggedIn(next)).toBe(true);
    // The used token's cookie is cleared; the completion sets a new one.
    expect(next.cookies.has(TOKEN_COOKIE)).toBe(false);
    const done = await next.post(L.complete, { deviceId, accountType: 'EMAIL' });
    expect(done.status).toBe(200);
    expect(next.cookies.get(TOKEN_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.cookies.get(TOKEN_COOKIE)).not.toBe(v.cookies.get(TOKEN_COOKIE));
    const again = restarted(next);
    expect((await silent(again, deviceId)).status).toBe(200);
  });

  it('refuses the token on another device, and with autologin off', async () => {
    const { v, deviceId } = await launcherSignedIn();
    expect((await silent(restarted(v), device())).code).toBe('20001');
    expect((await silent(restarted(v), deviceId, false)).code).toBe('20001');
    // Neither refusal used the token up.
    expect((await silent(restarted(v), deviceId)).status).toBe(200);
  });

  it('a used token presented again is refused and revokes the newer token of the device too', async () => {
    const { v, deviceId } = await launcherSignedIn();
    const stolen = restarted(v);
    const first = restarted(v);
    expect((await silent(first, deviceId)).status).toBe(200);
    expect((await first.post(L.complete, { deviceId, accountType: 'EMAIL' })).status).toBe(200);
    expect((await silent(stolen, deviceId)).code).toBe('20001');
    expect(await isLoggedIn(stolen)).toBe(false);
    expect((await silent(restarted(first), deviceId)).code).toBe('20001');
  });

  it('two silent logins in parallel with one token: exactly one signs in', async () => {
    const { v, deviceId } = await launcherSignedIn();
    const a = restarted(v);
    const b = restarted(v);
    const replies = await Promise.all([silent(a, deviceId), silent(b, deviceId)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('an expired token is refused (30 days)', async () => {
    const { v, deviceId } = await launcherSignedIn();
    await setClock(31 * DAY);
    expect((await silent(restarted(v), deviceId)).code).toBe('20001');
  });

  it("logout revokes the token; a blocked account's token answers 20100", async () => {
    const { v, deviceId } = await launcherSignedIn();
    const copy = restarted(v);
    expect((await v.post(P.logout, {})).status).toBe(200);
    expect(v.cookies.has(TOKEN_COOKIE)).toBe(false);
    expect((await silent(copy, deviceId)).code).toBe('20001');

    const other = await launcherSignedIn();
    const kept = restarted(other.v);
    await setState(new Browser(), other.p.accountId, { banReason: '7001' });
    const r = await silent(kept, other.deviceId);
    expect(r.code).toBe('20100');
  });
});

describe('auth token (launcher below 1.7.0)', () => {
  it('answers a token for the signed-in device; 20001 without a session or on another device', async () => {
    const { v, deviceId } = await launcherSignedIn();
    const r = await v.post(L.authToken, { deviceId });
    expect(r.status, r.text).toBe(200);
    expect((r.json as { token: string }).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await v.post(L.authToken, { deviceId: device() })).code).toBe('20001');
    expect((await new Visitor().post(L.authToken, { deviceId })).code).toBe('20001');
  });
});

describe('store connector login', () => {
  it('answers the hashed user numbers of the signed-in player', async () => {
    const { v, deviceId, login } = await launcherSignedIn();
    const r = await v.post(L.connector('steam'), { clientId: CLIENT, deviceId });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ hashedUserNo: login['hashedUserNo'], hashedGlobalUserNo: login['hashedGlobalUserNo'] });
  });

  it('a blocked account answers 20100 with its reason and its session ends', async () => {
    const { p, v, deviceId } = await launcherSignedIn();
    await setState(new Browser(), p.accountId, { banReason: '7004' });
    const r = await v.post(L.connector('steam'), { clientId: CLIENT, deviceId });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ code: '20100', message: '7004' });
    expect(await isLoggedIn(v)).toBe(false);
  });

  it('refuses an unknown platform (20022) and a visitor without a session (20001)', async () => {
    const { v, deviceId } = await launcherSignedIn();
    expect((await v.post(L.connector('nowhere'), { clientId: CLIENT, deviceId })).code).toBe('20022');
    expect((await new Visitor().post(L.connector('steam'), { clientId: CLIENT, deviceId })).code).toBe('20001');
  });
});

describe('launcher simulator (dev tools page)', () => {
  it('is served with DEV_TOOLS under a strict CSP, and answers 404 without', async () => {
    const page = await new Browser().get('/api/dev/launcher', { bare: true });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Launcher simulator');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // It fetches the store connector's session ticket from the dev issuer on its own origin, nothing else.
    expect(csp).toContain("connect-src 'self'");
    const script = await new Browser().get('/api/dev/launcher/simulator.js', { bare: true });
    expect(script.text).toContain('/api/dev/platform/ticket');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    // Messages go to the portal's exact origin, never "*".
    expect(script.text).toContain('location.origin');
    expect(script.text).not.toContain("'*'");
    expect((await new Browser(NO_DEV()).get('/api/dev/launcher', { bare: true })).status).toBe(404);
    expect((await new Browser(NO_DEV()).get('/api/dev/launcher/simulator.js', { bare: true })).status).toBe(404);
  });
});
