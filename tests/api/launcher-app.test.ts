/**
 * The launcher's hand-offs with the system browser against workerd (docs/launcher.md):
 * - third-party sign-in: the launcher's app request, the browser's approval with its third-party session, the
 *   launcher taking it over (once, same device, its poll token), then login/tpa/launcher;
 * - login/sso: a one-time code for a full launcher session on this device, redeemed once within 60 s for a web
 *   session; expired, reused and unknown codes alike; parallel redemption; the account's state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeTpaState } from '../../src/shared/contract/social';
import { Browser, MINUTE, setClock } from './client';
import { legacyState } from './legacy-helpers';
import { LANG, settingPost } from './account-lifecycle-helpers';
import { callbackFor, newIdentity, T, type TestIdentity } from './social-helpers';
import { ACCOUNT, clock, loginBody, P, player, setState, Visitor } from './signin-helpers';
import { uniquePhone } from './two-factor-helpers';

const L = {
  request: `${ACCOUNT}/no-auth/login/tpa/app/request`,
  approve: `${ACCOUNT}/no-auth/login/tpa/app/approve`,
  redeem: `${ACCOUNT}/no-auth/login/tpa/app/redeem`,
  tpaLauncher: `${ACCOUNT}/no-auth/login/tpa/launcher`,
  launcherLogin: `${ACCOUNT}/no-auth/launcher/email/login`,
  complete: `${ACCOUNT}/no-auth/login/launcher/complete`,
  ssoCode: `${ACCOUNT}/launcher/sso/code`,
  sso: `${ACCOUNT}/no-auth/login/sso`,
  status: `${ACCOUNT}/no-auth/login/status`,
} as const;
const CLIENT = 'launcher';

afterEach(() => setClock(0));

let devices = 0;
function device(): string {
  devices += 1;
  return `app-${Date.now().toString(36)}-${String(devices)}`;
}

async function isLoggedIn(b: Browser): Promise<boolean> {
  return ((await b.get(L.status)).json as { isLoggedIn: boolean }).isLoggedIn;
}

/** The account's audit events (dev tools). */
async function events(accountId: number): Promise<string[]> {
  return (await legacyState(accountId)).events;
}

/** A player with `identity` linked to discord (through settings). */
async function linkedPlayer(identity: TestIdentity) {
  const p = await player({ emailVerified: true }, 'app-tpa');
  const b = new Visitor();
  expect((await b.post(P.login, loginBody(p))).status).toBe(200);
  const { code, state } = await callbackFor(b, 'discord', identity, 'locale=en&actionType=socialLink');
  expect((await b.post(T.link, { tpaType: 'discord', code, state })).status).toBe(200);
  return p;
}

interface AppRequest {
  requestId: string;
  pollToken: string;
  expiresIn: number;
}

/** The launcher's frame opens a request. */
async function openRequest(frame: Browser, deviceId: string): Promise<AppRequest> {
  const r = await frame.post(L.request, { clientId: CLIENT, deviceId });
  expect(r.status, r.text).toBe(200);
  return r.json as AppRequest;
}

/** The system browser: the provider flow the launcher's start URL opens, then tpa-session-cookie. */
async function browserSession(browser: Browser, identity: TestIdentity, requestId: string) {
  const query = `locale=en&mode=app&clientId=${CLIENT}&appRequest=${requestId}`;
  const { code, state } = await callbackFor(browser, 'discord', identity, query);
  expect(decodeTpaState(state)).toMatchObject({ mode: 'app', clientId: CLIENT, appRequest: requestId });
  const r = await browser.post(T.session, { tpaType: 'discord', code, state });
  expect(r.status, r.text).toBe(200);
  return r.json as { next: string };
}

function redeem(frame: Browser, req: AppRequest, deviceId: string) {
  return frame.post(L.redeem, { requestId: req.requestId, pollToken: req.pollToken, deviceId });
}

describe('third-party sign-in in the launcher', () => {
  it('the browser hands its session over; the launcher takes it once and signs in with login/tpa/launcher', async () => {
    const id = newIdentity(false);
    const p = await linkedPlayer(id);
    const frame = new Visitor();
    const deviceId = device();
    const req = await openRequest(frame, deviceId);
    expect(req.expiresIn).toBe(600);
    expect((await redeem(frame, req, deviceId)).json).toEqual({ ready: false });

    const browser = new Visitor();
    expect((await browserSession(browser, id, req.requestId)).next).toBe('login');
    const approved = await browser.post(L.approve, { requestId: req.requestId });
    expect(approved.status, approved.text).toBe(200);
    // The browser no longer holds the third-party session.
    expect((await browser.post(T.login, { deviceId: 'browser-1', ...clock() })).code).toBe('20159');

    const ready = await redeem(frame, req, deviceId);
    expect(ready.json).toEqual({ ready: true, session: { email: null, provider: 'discord', next: 'login' } });
    // Taken once.
    expect((await redeem(frame, req, deviceId)).code).toBe('20159');

    const login = await frame.post(L.tpaLauncher, { clientId: CLIENT, deviceId, ...clock() });
    expect(login.status, login.text).toBe(200);
    const done = await frame.post(L.complete, { deviceId, accountType: 'TPA' });
    expect(done.status, done.text).toBe(200);
    expect(await isLoggedIn(frame)).toBe(true);
    expect(await isLoggedIn(browser)).toBe(false);
    expect(await events(p.accountId)).toEqual(expect.arrayContaining(['signin.succeeded', 'launcher.login']));
  });

  it('a new identity hands over what comes next (sign-up), with the email the provider gave', async () => {
    const id = newIdentity(true);
    const frame = new Visitor();
    const deviceId = device();
    const req = await openRequest(frame, deviceId);
    const browser = new Visitor();
    expect((await browserSession(browser, id, req.requestId)).next).toBe('signup');
    expect((await browser.post(L.approve, { requestId: req.requestId })).status).toBe(200);
    expect((await redeem(frame, req, deviceId)).json).toEqual({
      ready: true,
      session: { email: id.email, provider: 'discord', next: 'signup' },
    });
    // The frame now holds the third-party session: the session email call works there.
    expect((await frame.get(T.email)).json).toEqual({ email: id.email });
  });

  it('another device or poll token neither gets the session nor uses the request up', async () => {
    const id = newIdentity(false);
    await linkedPlayer(id);
    const frame = new Visitor();
    const deviceId = device();
    const req = await openRequest(frame, deviceId);
    const browser = new Visitor();
    await browserSession(browser, id, req.requestId);
    expect((await browser.post(L.approve, { requestId: req.requestId })).status).toBe(200);
    expect((await redeem(frame, req, device())).code).toBe('20159');
    const other = await openRequest(frame, deviceId);
    expect((await redeem(frame, { ...req, pollToken: other.pollToken }, deviceId)).code).toBe('20159');
    expect((await redeem(frame, req, deviceId)).json).toMatchObject({ ready: true });
  });

  it('approves once: a second browser, an unknown request or no third-party session is 20159', async () => {
    const frame = new Visitor();
    const deviceId = device();
    const req = await openRequest(frame, deviceId);
    const first = new Visitor();
    await browserSession(first, newIdentity(true), req.requestId);
    expect((await new Visitor().post(L.approve, { requestId: req.requestId })).code).toBe('20159');
    const unknown = await first.post(L.approve, { requestId: (await openRequest(new Visitor(), device())).pollToken });
    expect(unknown.code).toBe('20159');
    // The refused approval left the browser's session alone.
    expect((await first.get(T.email)).status).toBe(200);
    expect((await first.post(L.approve, { requestId: req.requestId })).status).toBe(200);
    const second = new Visitor();
    await browserSession(second, newIdentity(true), req.requestId);
    expect((await second.post(L.approve, { requestId: req.requestId })).code).toBe('20159');
    expect((await second.get(T.email)).status).toBe(200);
  });

  it('expires after 10 minutes on the API clock', async () => {
    const frame = new Visitor();
    const deviceId = device();
    const req = await openRequest(frame, deviceId);
    const browser = new Visitor();
    await browserSession(browser, newIdentity(true), req.requestId);
    await setClock(11 * MINUTE);
    expect((await redeem(frame, req, deviceId)).code).toBe('20159');
    expect((await browser.post(L.approve, { requestId: req.requestId })).code).toBe('20159');
  });

  it('two parallel redemptions: exactly one gets the session', async () => {
    const frame = new Visitor();
    const deviceId = device();
    const req = await openRequest(frame, deviceId);
    const browser = new Visitor();
    await browserSession(browser, newIdentity(true), req.requestId);
    expect((await browser.post(L.approve, { requestId: req.requestId })).status).toBe(200);
    const results = await Promise.all([redeem(frame, req, deviceId), redeem(new Visitor(), req, deviceId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses bad input: malformed ids, fields outside the contract, an appRequest the start cannot take', async () => {
    const frame = new Visitor();
    expect((await frame.post(L.request, { clientId: CLIENT, deviceId: 'no spaces' })).code).toBe('20022');
    expect((await frame.post(L.request, { clientId: CLIENT, deviceId: device(), x: 1 })).code).toBe('20022');
    expect((await frame.post(L.approve, { requestId: 'short' })).code).toBe('20022');
    const start = await frame.get(`${ACCOUNT}/no-auth/tpa/discord/start?locale=en&appRequest=not-a-token`);
    expect(start.code).toBe('20022');
  });
});

/** A launcher signed in on a device through the launcher email login, completed. */
async function launcherPlayer(state: Record<string, unknown> = {}) {
  const p = await player(state, 'sso');
  const frame = new Visitor();
  const deviceId = device();
  const r = await frame.post(L.launcherLogin, loginBody(p, { deviceId, autoLogin: false }));
  expect(r.status, r.text).toBe(200);
  expect((await frame.post(L.complete, { deviceId, accountType: 'EMAIL' })).status).toBe(200);
  return { p, frame, deviceId };
}

async function ssoCode(frame: Browser, deviceId: string): Promise<string> {
  const r = await frame.post(L.ssoCode, { deviceId });
  expect(r.status, r.text).toBe(200);
  expect((r.json as { expiresIn: number }).expiresIn).toBe(60);
  return (r.json as { code: string }).code;
}

/**
 * A launcher signed in with autologin on, holding a login/sso code not redeemed yet; `ended()` checks that both
 * the code and the autologin token of the launcher restarted later (its cookies but the session) stopped working.
 */
async function launcherWithCodeAndToken(tag: string) {
  const p = await player({ emailVerified: true }, tag);
  const frame = new Visitor();
  const deviceId = device();
  expect((await frame.post(L.launcherLogin, loginBody(p, { deviceId, autoLogin: true }))).status).toBe(200);
  expect((await frame.post(L.complete, { deviceId, accountType: 'EMAIL' })).status).toBe(200);
  const code = await ssoCode(frame, deviceId);
  const restarted = new Visitor();
  for (const [name, value] of frame.cookies) if (name !== '__Host-lf_session') restarted.cookies.set(name, value);
  const ended = async () => {
    expect((await new Visitor().post(L.sso, { code, deviceId: 'browser-device-1' })).code).toBe('20018');
    const silent = await restarted.post(`${ACCOUNT}/no-auth/login/launcher/silent`, {
      autoLogin: true,
      clientId: CLIENT,
      deviceId,
      ...clock(),
    });
    expect(silent.code).toBe('20001');
  };
  return { p, frame, ended };
}

describe('login/sso', () => {
  it('a signed-in launcher gets a code that signs the browser in once', async () => {
    const { p, frame, deviceId } = await launcherPlayer();
    const code = await ssoCode(frame, deviceId);
    const browser = new Visitor();
    expect(await isLoggedIn(browser)).toBe(false);
    const r = await browser.post(L.sso, { code, deviceId: 'browser-device-1' });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ countryCode: 'US', autoLogin: false });
    expect(await isLoggedIn(browser)).toBe(true);
    const again = await new Visitor().post(L.sso, { code, deviceId: 'browser-device-2' });
    expect([again.status, again.code]).toEqual([400, '20018']);
    expect(await events(p.accountId)).toEqual(expect.arrayContaining(['launcher.sso-code', 'signin.succeeded']));
    // The launcher's own session is untouched.
    expect(await isLoggedIn(frame)).toBe(true);
  });

  it('expires after 60 seconds on the API clock; unknown codes answer alike', async () => {
    const { frame, deviceId } = await launcherPlayer();
    const code = await ssoCode(frame, deviceId);
    await setClock(61_000);
    const browser = new Visitor();
    expect((await browser.post(L.sso, { code, deviceId: 'browser-device-1' })).code).toBe('20018');
    const unknown = await browser.post(L.sso, { code: 'A'.repeat(43), deviceId: 'browser-device-1' });
    expect(unknown.code).toBe('20018');
    expect(await isLoggedIn(browser)).toBe(false);
    expect((await browser.post(L.sso, { code: 'short', deviceId: 'browser-device-1' })).code).toBe('20022');
  });

  it('parallel redemption: exactly one browser is signed in', async () => {
    const { frame, deviceId } = await launcherPlayer();
    const code = await ssoCode(frame, deviceId);
    const browsers = [new Visitor(), new Visitor(), new Visitor()];
    const results = await Promise.all(browsers.map((b) => b.post(L.sso, { code, deviceId: 'browser-device-1' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === '20018')).toHaveLength(2);
    const signedIn = await Promise.all(browsers.map(isLoggedIn));
    expect(signedIn.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a visitor, a paused sign-in and another device (20001)', async () => {
    expect((await new Visitor().post(L.ssoCode, { deviceId: device() })).code).toBe('20001');
    const p = await player({ smsMfaEnabled: true, phoneNo: uniquePhone() }, 'sso');
    const paused = new Visitor();
    const deviceId = device();
    expect((await paused.post(L.launcherLogin, loginBody(p, { deviceId }))).code).toBe('20008');
    expect((await paused.post(L.ssoCode, { deviceId })).code).toBe('20001');
    const { frame } = await launcherPlayer();
    expect((await frame.post(L.ssoCode, { deviceId: device() })).code).toBe('20001');
  });

  it('a blocked account gets no code, and a code issued before the block signs nobody in', async () => {
    const { p, frame, deviceId } = await launcherPlayer();
    const code = await ssoCode(frame, deviceId);
    await setState(new Browser(), p.accountId, { banReason: '7002' });
    const browser = new Visitor();
    expect((await browser.post(L.sso, { code, deviceId: 'browser-device-1' })).json).toEqual({
      code: '20100',
      message: '7002',
    });
    expect(await isLoggedIn(browser)).toBe(false);
    expect((await frame.post(L.ssoCode, { deviceId })).code).toBe('20100');
  });

  it("a password change removes the codes not redeemed yet and the launcher's autologin token", async () => {
    const { p, frame, ended } = await launcherWithCodeAndToken('sso-pw');

    const changed = await settingPost(frame, '/password/change', {
      currentPassword: p.password,
      newPassword: 'New-Secret-42',
      ...LANG,
    });
    expect(changed.status, changed.text).toBe(200);
    await ended();
  });

  it("signing out the other sessions ends the launcher's code and autologin token too", async () => {
    const { p, frame, ended } = await launcherWithCodeAndToken('sso-out');

    const web = new Visitor();
    expect((await web.post(P.login, loginBody(p))).status).toBe(200);
    const out = await settingPost(web, '/sessions/revoke-others', LANG);
    expect(out.status, out.text).toBe(200);
    expect(await isLoggedIn(frame)).toBe(false);
    await ended();
  });
});
