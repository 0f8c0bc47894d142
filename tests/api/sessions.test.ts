/**
 * Sessions against workerd: cookie attributes, fixation, rotation after the
 * second factor, logout, idle and absolute expiry with the controllable clock.
 * Sign-in itself arrives with the sign-in flow; until then the DEV_TOOLS test
 * hook POST /api/dev/session starts sessions through the same server code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/contract/http';
import { Browser, createAccount, MINUTE, setClock } from './client';

const WHOAMI = '/api/dev/session';
const LOGIN = '/api/dev/session';
const LOGOUT = '/api/account/v1/logout';

afterEach(() => setClock(0));

async function signedIn(rememberMe = false) {
  const b = new Browser();
  const accountId = await createAccount(b);
  const r = await b.post(LOGIN, { accountId, rememberMe });
  expect(r.status).toBe(200);
  const setCookie = r.setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  const deviceCookie = r.setCookies.find((line) => line.startsWith('__Host-lf_device=')) ?? '';
  return { b, accountId, setCookie, deviceCookie };
}

describe('session cookie', () => {
  it('is __Host-, HttpOnly, Secure, SameSite=Lax, Path=/, no Domain, 256-bit token', async () => {
    const { b, setCookie } = await signedIn();
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toMatch(/Domain=/i);
    // Without remember-me it is a browser-session cookie.
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    expect((await b.get(WHOAMI)).status).toBe(200);
  });

  it('comes with the device secret: __Host-, HttpOnly, Secure, SameSite=Lax, 180 days, kept across sign-ins', async () => {
    const { b, deviceCookie } = await signedIn();
    expect(deviceCookie).toMatch(/^__Host-lf_device=[A-Za-z0-9_-]{43};/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', `Max-Age=${String(180 * 24 * 3600)}`])
      expect(deviceCookie).toContain(attribute);
    expect(deviceCookie).not.toMatch(/Domain=/i);
    const secret = b.cookies.get('__Host-lf_device');
    const again = await b.post(LOGIN, { accountId: await createAccount(b) });
    expect(again.setCookies.find((line) => line.startsWith('__Host-lf_device='))).toContain(`=${String(secret)};`);
  });

  it('persists 30 days with remember-me', async () => {
    const { setCookie } = await signedIn(true);
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
  });

  it('is required by login-only calls: 401 with 20001', async () => {
    const r = await new Browser().get(WHOAMI);
    expect(r.status).toBe(401);
    expect(r.code).toBe('20001');
  });

  it('is refused when forged or malformed', async () => {
    const b = new Browser();
    for (const value of ['x'.repeat(43), 'short', `${'A'.repeat(42)}!`]) {
      b.cookies.set(SESSION_COOKIE, value);
      expect((await b.get(WHOAMI)).status).toBe(401);
    }
  });
});

describe('session fixation', () => {
  it('a new sign-in issues a new token and kills the one the browser had', async () => {
    const { b, accountId } = await signedIn();
    const before = b.session;
    const r = await b.post(LOGIN, { accountId });
    expect(r.status).toBe(200);
    expect(b.session).toBeDefined();
    expect(b.session).not.toBe(before);
    const old = new Browser();
    old.cookies.set(SESSION_COOKIE, before ?? '');
    expect((await old.get(WHOAMI)).status).toBe(401);
    expect((await b.get(WHOAMI)).status).toBe(200);
  });

  it('a token planted before sign-in is never the signed-in token', async () => {
    const b = new Browser();
    const accountId = await createAccount(b);
    const planted = 'P'.repeat(43);
    b.cookies.set(SESSION_COOKIE, planted);
    await b.post(LOGIN, { accountId });
    expect(b.session).not.toBe(planted);
    const attacker = new Browser();
    attacker.cookies.set(SESSION_COOKIE, planted);
    expect((await attacker.get(WHOAMI)).status).toBe(401);
  });

  it('the second factor rotates the token; the pending session was not signed in', async () => {
    const b = new Browser();
    const accountId = await createAccount(b);
    await b.post(LOGIN, { accountId, level: 'mfa_pending' });
    const pending = b.session;
    expect((await b.get(WHOAMI)).status).toBe(401);
    expect((await b.post('/api/dev/session/second-factor')).status).toBe(200);
    expect(b.session).not.toBe(pending);
    const who = await b.get(WHOAMI);
    expect(who.status).toBe(200);
    expect(who.json).toMatchObject({ accountId, level: 'full' });
    const stale = new Browser();
    stale.cookies.set(SESSION_COOKIE, pending ?? '');
    expect((await stale.post('/api/dev/session/second-factor')).status).toBe(401);
  });

  it('the second-factor step cannot be taken without a pending session', async () => {
    const r = await new Browser().post('/api/dev/session/second-factor');
    expect(r.status).toBe(401);
    expect(r.code).toBe('20001');
  });
});

describe('logout', () => {
  it('deletes the session server-side and clears the cookie', async () => {
    const { b } = await signedIn();
    const token = b.session;
    const r = await b.post(LOGOUT);
    expect(r.status).toBe(200);
    expect(r.setCookies.join('\n')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
    const replay = new Browser();
    replay.cookies.set(SESSION_COOKIE, token ?? '');
    expect((await replay.get(WHOAMI)).status).toBe(401);
  });

  it('is harmless without a session', async () => {
    expect((await new Browser().post(LOGOUT)).status).toBe(200);
  });
});

describe('expiry on the API clock', () => {
  it('ends a standard session after 60 idle minutes', async () => {
    const { b } = await signedIn();
    await setClock(59 * MINUTE);
    expect((await b.get(WHOAMI)).status).toBe(200);
    await setClock(59 * MINUTE + 61 * MINUTE);
    expect((await b.get(WHOAMI)).status).toBe(401);
  });

  it('activity keeps it alive, but never beyond 12 hours', async () => {
    const { b } = await signedIn();
    let t = 0;
    while (t + 50 * MINUTE < 12 * 60 * MINUTE) {
      t += 50 * MINUTE;
      await setClock(t);
      expect((await b.get(WHOAMI)).status).toBe(200);
    }
    await setClock(12 * 60 * MINUTE + MINUTE);
    expect((await b.get(WHOAMI)).status).toBe(401);
  });

  it('remember-me survives days of idleness, up to 14 idle days and 30 days in all', async () => {
    const { b } = await signedIn(true);
    const day = 24 * 60 * MINUTE;
    await setClock(13 * day);
    expect((await b.get(WHOAMI)).status).toBe(200);
    await setClock(26 * day);
    expect((await b.get(WHOAMI)).status).toBe(200);
    await setClock(30 * day + MINUTE);
    expect((await b.get(WHOAMI)).status).toBe(401);
  });

  it('a pending second-factor session lapses after 10 minutes', async () => {
    const b = new Browser();
    const accountId = await createAccount(b);
    await b.post(LOGIN, { accountId, level: 'mfa_pending' });
    await setClock(11 * MINUTE);
    expect((await b.post('/api/dev/session/second-factor')).status).toBe(401);
  });
});
