/**
 * After login/social-session-cookie on a console (docs/platforms.md "Social sign-in on a platform"):
 * - 20215 → platform social sign-up: the age check of create-tpa, then signup[/in-game]/social with the
 *   provider's email, or a typed email proven by signup/social/email/validate + signup/social[/in-game]/email/code
 *   and then signup[/in-game]/social/email. The account is created with the provider and the console linked.
 * - 20128 → the social link: linking/social/password or linking/social/verify-code, then the console.
 * Every refusal changes nothing; single-use steps hold under parallel requests.
 */
import { describe, expect, it } from 'vitest';
import { Browser, PASSWORD, uniqueEmail } from './client';
import { SESSION_COOKIE } from '../../src/shared/contract/http';
import { lastMail } from './signin-helpers';
import { callbackFor, newIdentity, T, type TestIdentity } from './social-helpers';
import { enableTotp, IpBrowser, newPlayer } from './two-factor-helpers';

const ACCOUNT = '/api/account/v1';
const G = (path: string) => `${ACCOUNT}/no-auth/global/playstation/${path}`;
const PROFILE = `${ACCOUNT}/no-auth/tpa/signup/profile`;
let counter = 0;

const profile = {
  countryCode: 'US',
  birthday: '1994-03-12',
  newsletter: false,
  language: 'en_US',
  termsAccepted: true,
  deviceId: 'device-pfs',
  captchaToken: 'dev-captcha-pass',
  captchaVersion: 'v3',
};

const signupBody = (email: string, extra: Record<string, unknown> = {}) => ({
  clientId: '1888',
  language: 'en_US',
  email,
  newsletter: true,
  ...extra,
});

async function consoleBrowser(user = `pfsu-${Date.now().toString(36)}-${String((counter += 1))}`) {
  const b = new IpBrowser();
  const minted = await new Browser().post('/api/dev/platform/ticket', {
    platform: 'playstation',
    platformUserId: user,
  });
  expect(minted.status, minted.text).toBe(200);
  const { ticket } = minted.json as { ticket: string };
  const r = await b.post(G('login/pf-session-cookie'), { clientId: '1888', sessionTicket: ticket });
  expect(r.status, r.text).toBe(200);
  return { b, user };
}

async function socialSession(b: Browser, identity: TestIdentity) {
  const { code, state } = await callbackFor(b, 'google', identity, 'locale=en&flow=global&platform=playstation');
  return b.post(G('login/social-session-cookie'), { socialType: 'google', code, state });
}

/** A console with a third-party session of a new identity (20215), past the age check. */
async function newcomer(identity = newIdentity(), user?: string) {
  const c = await consoleBrowser(user);
  expect((await socialSession(c.b, identity)).code).toBe('20215');
  const p = await c.b.post(PROFILE, profile);
  expect(p.json).toEqual({ isMinor: false });
  return { ...c, identity };
}

async function linkingState(b: Browser) {
  const r = await b.get(G('linking/state'));
  expect(r.status, r.text).toBe(200);
  return r.json as { linked: boolean; pending: null | { email: string; authTypes: string[] } };
}

/** What the identity's web sign-in says next: `login` once linked to an account, `signup`/`needsEmail` before. */
async function identityNext(identity: TestIdentity): Promise<string> {
  const web = new IpBrowser();
  const { code, state } = await callbackFor(web, 'google', identity);
  const r = await web.post(T.session, { tpaType: 'google', code, state });
  expect(r.status, r.text).toBe(200);
  return (r.json as { next: string }).next;
}

async function typedCode(b: Browser, email: string) {
  const v = await b.post(G('signup/social/email/validate'), { newsletter: false, email, language: 'en_US' });
  expect(v.status, v.text).toBe(200);
  const code = (await lastMail(email)).code ?? '';
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

const codeBody = (email: string, code: string) => ({
  email,
  code,
  codeType: 'EMAIL',
  deviceId: 'device-pfs',
  blackBox: 'bb-1',
});

describe('platform social sign-up with the provider email', () => {
  it('signup/in-game/social creates the account, links provider and console, signs in', async () => {
    const { b, identity } = await newcomer();
    const r = await b.post(G('signup/in-game/social'), signupBody(identity.email ?? '', { deviceId: 'device-pfs' }));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ email: identity.email, hashedGlobalUserNo: expect.any(String) as string });
    expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(await linkingState(b)).toMatchObject({ linked: true });
    expect((await b.post(G('login/in-game'), { clientId: '1888' })).json).toMatchObject({ email: identity.email });
    const account = (await b.get(`${ACCOUNT}/account`)).json as Record<string, unknown>;
    expect(account).toMatchObject({ email: identity.email, isVerified: true, hasSetPassword: false });
    expect((await b.get(T.accounts)).json).toMatchObject({
      tpaAccountList: [{ type: 'google', email: identity.email }],
    });
    // The identity now signs in on any console.
    expect(await identityNext(identity)).toBe('login');
  });

  it('the connector variant signup/social accepts blackBox and deviceId', async () => {
    const { b, identity } = await newcomer();
    const r = await b.post(
      G('signup/social'),
      signupBody(identity.email ?? '', { blackBox: 'fp-abc', deviceId: 'device-pfs', partnerKey: 'partner-1' }),
    );
    expect(r.status, r.text).toBe(200);
    expect(await linkingState(b)).toMatchObject({ linked: true });
  });

  it('refuses before the age check (20022), another email (20013) and bad input; nothing is created', async () => {
    const { b } = await consoleBrowser();
    const identity = newIdentity();
    expect((await socialSession(b, identity)).code).toBe('20215');
    expect((await b.post(G('signup/in-game/social'), signupBody(identity.email ?? ''))).code).toBe('20022');
    await b.post(PROFILE, profile);
    expect((await b.post(G('signup/in-game/social'), signupBody(uniqueEmail('other')))).code).toBe('20013');
    const bad = await b.post(G('signup/in-game/social'), { ...signupBody(identity.email ?? ''), clientId: undefined });
    expect(bad.status).toBe(400);
    const badEmail = await b.post(G('signup/in-game/social'), signupBody('not-an-email'));
    expect(badEmail.status).toBe(400);
    expect(await linkingState(b)).toMatchObject({ linked: false });
    expect(await identityNext(identity)).not.toBe('login');
    // The session is still usable after the refusals.
    expect((await b.post(G('signup/in-game/social'), signupBody(identity.email ?? ''))).status).toBe(200);
  });

  it('needs the platform session (20159) and the third-party session (20159)', async () => {
    // A third-party session of the web, no console.
    const web = new IpBrowser();
    const identity = newIdentity();
    const { code, state } = await callbackFor(web, 'google', identity);
    expect((await web.post(T.session, { tpaType: 'google', code, state })).json).toMatchObject({ next: 'signup' });
    await web.post(PROFILE, profile);
    const r = await web.post(G('signup/in-game/social'), signupBody(identity.email ?? ''));
    expect(r.status).toBe(401);
    expect(r.code).toBe('20159');
    expect(await identityNext(identity)).not.toBe('login');
    // A console without a third-party session.
    const { b } = await consoleBrowser();
    expect((await b.post(G('signup/in-game/social'), signupBody(identity.email ?? ''))).code).toBe('20159');
    // Another platform's path with this console's session.
    const ial = await b.post(`${ACCOUNT}/no-auth/ial/signup/in-game/social`, signupBody(identity.email ?? ''));
    expect(ial.code).toBe('20159');
  });

  it('a console linked meanwhile answers 20138 and no account is made', async () => {
    const { b, identity, user } = await newcomer();
    // The same console identity gets linked to another account on another browser.
    const other = newIdentity();
    const { b: b2 } = await consoleBrowser(user);
    expect((await socialSession(b2, other)).code).toBe('20215');
    await b2.post(PROFILE, profile);
    expect((await b2.post(G('signup/in-game/social'), signupBody(other.email ?? ''))).status).toBe(200);
    const r = await b.post(G('signup/in-game/social'), signupBody(identity.email ?? ''));
    expect(r.code).toBe('20138');
    expect(await identityNext(identity)).not.toBe('login');
  });

  it('two sign-ups in parallel with one session: one account', async () => {
    const { b, identity } = await newcomer();
    const body = signupBody(identity.email ?? '');
    const [x, y] = await Promise.all([
      b.post(G('signup/in-game/social'), body),
      b.post(G('signup/in-game/social'), body),
    ]);
    const statuses = [x.status, y.status].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(await identityNext(identity)).toBe('login');
  });
});

describe('platform social sign-up in a game (IAL: /no-auth/ial/…)', () => {
  it('the same sign-up under the IAL prefix links the game identity', async () => {
    const I = (path: string) => `${ACCOUNT}/no-auth/ial/${path}`;
    const b = new IpBrowser();
    const minted = await new Browser().post('/api/dev/platform/ticket', {
      platform: 'IAL',
      platformUserId: `ial-${Date.now().toString(36)}`,
    });
    const { ticket } = minted.json as { ticket: string };
    expect((await b.post(I('login/pf-session-cookie'), { clientId: '1888', sessionTicket: ticket })).status).toBe(200);
    const identity = newIdentity();
    const { code, state } = await callbackFor(b, 'google', identity, 'locale=en&flow=global&platform=IAL');
    expect((await b.post(I('login/social-session-cookie'), { socialType: 'google', code, state })).code).toBe('20215');
    await b.post(PROFILE, profile);
    // The global prefix does not serve IAL (20022); the IAL prefix does.
    expect(
      (await b.post(`${ACCOUNT}/no-auth/global/IAL/signup/in-game/social`, signupBody(identity.email ?? ''))).code,
    ).toBe('20022');
    const r = await b.post(I('signup/in-game/social'), signupBody(identity.email ?? ''));
    expect(r.status, r.text).toBe(200);
    expect((await b.get(I('linking/state'))).json).toMatchObject({ platform: 'IAL', linked: true });
  });
});

describe('platform social sign-up with a typed email', () => {
  it('validate sends a code; email/code proves it; signup/in-game/social/email creates and links', async () => {
    const { b, identity } = await newcomer(newIdentity(false));
    const email = uniqueEmail('pfs-typed');
    expect((await b.post(G('signup/in-game/social'), signupBody(email))).code).toBe('20013');
    const code = await typedCode(b, email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await b.post(G('signup/social/in-game/email/code'), codeBody(email, wrong))).code).toBe('20013');
    expect((await b.post(G('signup/in-game/social/email'), signupBody(email))).code).toBe('20013');
    const ok = await b.post(G('signup/social/in-game/email/code'), codeBody(email, code));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toEqual({ email });
    // Only the proven address, and only through the typed-email call.
    expect((await b.post(G('signup/in-game/social/email'), signupBody(uniqueEmail('x')))).code).toBe('20013');
    expect((await b.post(G('signup/in-game/social'), signupBody(email))).code).toBe('20013');
    const r = await b.post(G('signup/in-game/social/email'), signupBody(email));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ email });
    expect(await linkingState(b)).toMatchObject({ linked: true });
    expect(await identityNext(identity)).toBe('login');
  });

  it('the connector variants: signup/social/email/code then signup/social/email', async () => {
    const { b } = await newcomer(newIdentity(false));
    const email = uniqueEmail('pfs-conn');
    const code = await typedCode(b, email);
    expect((await b.post(G('signup/social/email/code'), codeBody(email, code))).status).toBe(200);
    const r = await b.post(G('signup/social/email'), signupBody(email, { blackBox: 'fp', deviceId: 'device-pfs' }));
    expect(r.status, r.text).toBe(200);
  });

  it('validate and code need both sessions and the age check; bad input is refused', async () => {
    const { b } = await consoleBrowser();
    const email = uniqueEmail('pfs-none');
    const noTpa = await b.post(G('signup/social/email/validate'), { newsletter: false, email, language: 'en_US' });
    expect(noTpa.code).toBe('20159');
    expect((await socialSession(b, newIdentity(false))).code).toBe('20215');
    const early = await b.post(G('signup/social/email/validate'), { newsletter: false, email, language: 'en_US' });
    expect(early.code).toBe('20022');
    expect((await b.post(G('signup/social/email/code'), codeBody(email, '123456'))).code).toBe('20022');
    await b.post(PROFILE, profile);
    const bad = await b.post(G('signup/social/email/validate'), {
      newsletter: false,
      email: 'nope',
      language: 'en_US',
    });
    expect(bad.status).toBe(400);
    const badCode = await b.post(G('signup/social/email/code'), { ...codeBody(email, '12ab56') });
    expect(badCode.status).toBe(400);
    const badType = await b.post(G('signup/social/email/code'), { ...codeBody(email, '123456'), codeType: 'SMS' });
    expect(badType.status).toBe(400);
  });

  it('one code, two parallel submissions: one succeeds', async () => {
    const { b } = await newcomer(newIdentity(false));
    const email = uniqueEmail('pfs-par');
    const code = await typedCode(b, email);
    const [x, y] = await Promise.all([
      b.post(G('signup/social/in-game/email/code'), codeBody(email, code)),
      b.post(G('signup/social/in-game/email/code'), codeBody(email, code)),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 400]);
  });

  it("a typed email that is an existing account's leads to the social link (20128, case 3)", async () => {
    const p = await newPlayer('pfs-exist');
    const { b } = await newcomer(newIdentity(false));
    const code = await typedCode(b, p.email);
    const r = await b.post(G('signup/social/in-game/email/code'), codeBody(p.email, code));
    expect(r.status).toBe(409);
    expect(r.code).toBe('20128');
    expect((await b.get(T.socialLink)).json).toMatchObject({ case: 3, email: p.email });
    const linked = await b.post(G('linking/social/password'), { password: PASSWORD });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.json).toMatchObject({ email: p.email, hashedGlobalUserNo: expect.any(String) as string });
  });
});

describe('social link on a platform', () => {
  async function linkCandidate(totp = false) {
    const p = await newPlayer('pfs-link');
    if (totp) await enableTotp(p);
    const c = await consoleBrowser();
    const identity = { ...newIdentity(), email: p.email, emailVerified: true };
    expect((await socialSession(c.b, identity)).code).toBe('20128');
    return { ...c, p, identity };
  }

  it('the password proves the account: provider and console linked, signed in', async () => {
    const { b, p, identity } = await linkCandidate();
    expect((await b.get(T.socialLink)).json).toMatchObject({ case: 1, email: p.email, proofs: ['password', 'code'] });
    const wrong = await b.post(G('linking/social/password'), { password: 'Wrong-Horse-9' });
    expect(wrong.code).toBe('20002');
    expect(await linkingState(b)).toMatchObject({ linked: false });
    const r = await b.post(G('linking/social/password'), { password: PASSWORD });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ email: p.email, hashedGlobalUserNo: expect.any(String) as string });
    expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(await linkingState(b)).toMatchObject({ linked: true });
    expect(await identityNext(identity)).toBe('login');
  });

  it('the emailed code proves it; a second factor leaves the console to verify-linking', async () => {
    const { b, p } = await linkCandidate(true);
    expect((await b.post(T.linkRequestCode, { language: 'en_US' })).status).toBe(200);
    const code = (await lastMail(p.email)).code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await b.post(G('linking/social/verify-code'), { code: wrong })).code).toBe('20013');
    const r = await b.post(G('linking/social/verify-code'), { code });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ email: p.email });
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await linkingState(b)).toMatchObject({ linked: false, pending: { email: p.email, authTypes: ['TOTP'] } });
  });

  it('one code, two parallel submissions: one link', async () => {
    const { b, p } = await linkCandidate();
    await b.post(T.linkRequestCode, { language: 'en_US' });
    const code = (await lastMail(p.email)).code ?? '';
    const [x, y] = await Promise.all([
      b.post(G('linking/social/verify-code'), { code }),
      b.post(G('linking/social/verify-code'), { code }),
    ]);
    expect([x.status, y.status].sort((m, n) => m - n)[0]).toBe(200);
    expect([x.status, y.status].filter((s) => s === 200)).toHaveLength(1);
  });

  it('needs the platform session (20159); a console linked to another account answers 20138 first', async () => {
    const { b, user } = await linkCandidate();
    const noConsole = new IpBrowser();
    expect((await noConsole.post(G('linking/social/password'), { password: PASSWORD })).code).toBe('20159');
    // The console gets linked to another account meanwhile.
    const { b: b2 } = await consoleBrowser(user);
    const other = newIdentity();
    expect((await socialSession(b2, other)).code).toBe('20215');
    await b2.post(PROFILE, profile);
    expect((await b2.post(G('signup/in-game/social'), signupBody(other.email ?? ''))).status).toBe(200);
    expect((await b.post(G('linking/social/password'), { password: PASSWORD })).code).toBe('20138');
    const bad = await b.post(G('linking/social/verify-code'), { code: 'abc' });
    expect(bad.status).toBe(400);
  });
});
