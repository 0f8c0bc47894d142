/**
 * Social sign-in against the local OpenID provider (docs/social.md): start → provider → callback →
 * tpa-session-cookie → login/tpa or sign-up or social link; the settings link and unlink. Refusals:
 * state and PKCE mismatch, a flow or code used twice, a missing flow cookie, twitter without a link,
 * link conflicts, unlinking the last way to sign in.
 */
import { describe, expect, it } from 'vitest';
import { FLOW_COOKIE_NAME, TPA_COOKIE_NAME, TPA_HINT_COOKIE_NAME } from './social-names';
import { Browser, PASSWORD } from './client';
import { ACCOUNT, clock, deviceId, lastMail, loginBody, P, player, setState, Visitor } from './signin-helpers';
import { decodeTpaState } from '../../src/shared/contract/social';
import { callbackFor, newIdentity, startFlow, T, type TestIdentity } from './social-helpers';
import { uniquePhone } from './two-factor-helpers';

async function tpaSession(b: Browser, provider: string, identity: TestIdentity, query?: string) {
  const { code, state } = await callbackFor(b, provider, identity, query);
  return b.post(T.session, { tpaType: provider, code, state });
}

/** A signed-in player (verified email) with `identity` linked to `provider` through settings. */
async function linkedPlayer(provider: string, identity: TestIdentity) {
  const p = await player({ emailVerified: true });
  const b = new Visitor();
  const login = await b.post(P.login, loginBody(p));
  expect(login.status, login.text).toBe(200);
  const { code, state } = await callbackFor(b, provider, identity, 'locale=en&actionType=socialLink');
  const r = await b.post(T.link, { tpaType: provider, code, state });
  expect(r.status, r.text).toBe(200);
  return { p, b };
}

describe('start', () => {
  it('redirects to the provider with PKCE S256, state and nonce, and sets the flow cookie', async () => {
    const b = new Browser();
    const url = new URL(await startFlow(b, 'google', 'locale=de&mode=popup&clientId=1888'));
    expect(url.searchParams.get('client_id')).toBe('lf-google');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toMatch(/.{20,}/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/account\/de\/login\/callback\/google$/);
    const state = url.searchParams.get('state') ?? '';
    expect(decodeTpaState(state)).toMatchObject({ actionType: 'login', mode: 'popup', locale: 'de', clientId: '1888' });
    expect(b.cookies.has(FLOW_COOKIE_NAME)).toBe(true);
  });

  it('uses form_post for Apple, whose post the API turns into the portal callback', async () => {
    const b = new Browser();
    const url = new URL(await startFlow(b, 'apple'));
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/account\/v1\/no-auth\/tpa\/apple\/callback$/);
    const state = url.searchParams.get('state') ?? '';
    const r = await b.request('POST', '/api/account/v1/no-auth/tpa/apple/callback', {
      bare: true,
      raw: new URLSearchParams({ code: 'abc', state }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://appleid.apple.com' },
    });
    expect(r.status).toBe(303);
    const to = new URL(r.headers.get('location') ?? '');
    expect(to.pathname).toBe('/account/en/login/callback/apple');
    expect(to.searchParams.get('code')).toBe('abc');
    expect(to.searchParams.get('state')).toBe(state);
  });

  it('refuses an unknown provider, a provider the region does not enable, and bad parameters', async () => {
    const b = new Browser();
    expect((await b.get('/api/account/v1/no-auth/tpa/myspace/start?locale=en')).status).toBe(400);
    expect((await b.get('/api/account/v1/no-auth/tpa/line/start?locale=en')).status).toBe(404);
    expect((await b.get('/api/account/v1/no-auth/tpa/google/start?locale=english')).status).toBe(400);
    expect((await b.get('/api/account/v1/no-auth/tpa/google/start?locale=en&mode=iframe')).status).toBe(400);
  });
});

describe('tpa-session-cookie', () => {
  it('a new identity with a verified email: sign-up next, its email in the session', async () => {
    const b = new Visitor();
    const id = newIdentity();
    const r = await tpaSession(b, 'google', id);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ email: id.email, provider: 'google', next: 'signup' });
    expect(b.cookies.has(TPA_COOKIE_NAME)).toBe(true);
    expect(b.cookies.has(FLOW_COOKIE_NAME)).toBe(false);
    // Its companion for the page's script: readable (not HttpOnly), no secret, the session's lifetime.
    const set = (name: string) => r.setCookies.find((line) => line.startsWith(`${name}=`)) ?? '';
    expect(set(TPA_HINT_COOKIE_NAME)).toMatch(/^__Host-lf_tpa_hint=1;/);
    expect(set(TPA_HINT_COOKIE_NAME)).not.toMatch(/HttpOnly/i);
    expect(set(TPA_HINT_COOKIE_NAME)).toMatch(/Secure/);
    expect(set(TPA_HINT_COOKIE_NAME)).toMatch(/Path=\//);
    expect(set(TPA_HINT_COOKIE_NAME).match(/Max-Age=\d+/)?.[0]).toBe(set(TPA_COOKIE_NAME).match(/Max-Age=\d+/)?.[0]);
    expect(set(TPA_COOKIE_NAME)).toMatch(/HttpOnly/i);
    const email = await b.get(T.email);
    expect(email.json).toEqual({ email: id.email });
  });

  it('a new identity without an email (or an unverified one): needsEmail', async () => {
    const b = new Visitor();
    const r = await tpaSession(b, 'discord', newIdentity(false));
    expect(r.json).toMatchObject({ email: null, next: 'needsEmail' });
    const unverified = { ...newIdentity(), emailVerified: false };
    const r2 = await tpaSession(new Visitor(), 'google', unverified);
    expect(r2.json).toMatchObject({ next: 'needsEmail' });
  });

  it('refuses a state that is not the one of this browser’s flow (20138), and a missing flow cookie (20159)', async () => {
    const b = new Visitor();
    const { code, state } = await callbackFor(b, 'google', newIdentity());
    const forged = `${'A'.repeat(43)}${state.slice(state.indexOf('.'))}`;
    const r = await b.post(T.session, { tpaType: 'google', code, state: forged });
    expect([r.status, r.code]).toEqual([400, '20138']);
    // The flow is used up by that attempt: the right state now finds no flow.
    const again = await b.post(T.session, { tpaType: 'google', code, state });
    expect(again.code).toBe('20159');
    // Another browser (no flow cookie) with the right code and state.
    const c2 = new Visitor();
    const other = await callbackFor(c2, 'google', newIdentity());
    const stranger = await new Visitor().post(T.session, { tpaType: 'google', code: other.code, state: other.state });
    expect(stranger.code).toBe('20159');
  });

  it('refuses a missing state, and a code for another provider than the flow', async () => {
    const b = new Visitor();
    const { code } = await callbackFor(b, 'google', newIdentity());
    expect((await b.post(T.session, { tpaType: 'google', code })).code).toBe('20138');
    const d = new Visitor();
    const cb = await callbackFor(d, 'google', newIdentity());
    expect((await d.post(T.session, { tpaType: 'discord', code: cb.code, state: cb.state })).code).toBe('20138');
  });

  it("refuses a code redeemed with another flow's PKCE verifier (20138)", async () => {
    const victim = new Visitor();
    const stolen = await callbackFor(new Visitor(), 'google', newIdentity());
    // The victim's own flow: its cookie, its state, but the attacker's code (issued for another challenge).
    const own = new URL(await startFlow(victim, 'google'));
    const r = await victim.post(T.session, {
      tpaType: 'google',
      code: stolen.code,
      state: own.searchParams.get('state'),
    });
    expect([r.status, r.code]).toEqual([400, '20138']);
  });

  it('refuses a code used twice (the provider refuses the second exchange)', async () => {
    const b = new Visitor();
    const first = await callbackFor(b, 'google', newIdentity());
    expect((await b.post(T.session, { tpaType: 'google', ...first })).status).toBe(200);
    // A new flow in the same browser; the old code is replayed with the new state.
    const second = new URL(await startFlow(b, 'google'));
    const r = await b.post(T.session, { tpaType: 'google', code: first.code, state: second.searchParams.get('state') });
    expect(r.code).toBe('20138');
  });

  it('twitter: an identity linked to no account is refused (NOT_EXIST_TWITTER_ACCOUNT)', async () => {
    const r = await tpaSession(new Visitor(), 'twitter', newIdentity(false));
    expect([r.status, r.code]).toEqual([404, 'NOT_EXIST_TWITTER_ACCOUNT']);
  });

  it('without a third-party session the later calls answer 20159', async () => {
    const b = new Visitor();
    expect((await b.get(T.email)).code).toBe('20159');
    expect((await b.post(T.login, { deviceId: deviceId(), ...clock() })).code).toBe('20159');
    expect((await b.get(T.socialLink)).code).toBe('20159');
  });
});

describe('login/tpa', () => {
  it('signs in a linked identity through the §4 pipeline, once', async () => {
    const id = newIdentity(false);
    const { p } = await linkedPlayer('discord', id);
    const b = new Visitor();
    const s = await tpaSession(b, 'discord', id);
    expect(s.json).toMatchObject({ next: 'login', provider: 'discord' });
    const r = await b.post(T.login, { deviceId: deviceId(), ...clock() });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ countryCode: 'US', autoLogin: false });
    const account = await b.get(P.account);
    expect((account.json as { email: string }).email).toBe(p.email);
    // The third-party session was used up, its companion with it.
    expect(b.cookies.has(TPA_COOKIE_NAME)).toBe(false);
    expect(b.cookies.has(TPA_HINT_COOKIE_NAME)).toBe(false);
    expect((await b.post(T.login, { deviceId: deviceId(), ...clock() })).code).toBe('20159');
  });

  it('pauses for the second factor like the password login (20008)', async () => {
    const id = newIdentity(false);
    const { p } = await linkedPlayer('discord', id);
    await setState(new Browser(), p.accountId, { smsMfaEnabled: true, phoneNo: uniquePhone() });
    const b = new Visitor();
    await tpaSession(b, 'discord', id);
    const r = await b.post(T.login, { deviceId: deviceId(), ...clock() });
    expect([r.status, r.code]).toEqual([401, '20008']);
  });

  it('the launcher variant signs in the same way', async () => {
    const id = newIdentity(false);
    await linkedPlayer('discord', id);
    const b = new Visitor();
    await tpaSession(b, 'discord', id);
    const r = await b.post(`${ACCOUNT}/no-auth/login/tpa/launcher`, {
      clientId: 'launcher',
      deviceId: deviceId(),
      ...clock(),
    });
    expect(r.status, r.text).toBe(200);
  });

  it('login/token/tpa: a one-time support-desk token for a blocked account only', async () => {
    const id = newIdentity(false);
    const { p } = await linkedPlayer('discord', id);
    const b = new Visitor();
    await tpaSession(b, 'discord', id);
    const refused = await b.post(`${ACCOUNT}/no-auth/login/token/tpa`, {});
    expect([refused.status, refused.code]).toEqual([403, '20022']);
    await setState(new Browser(), p.accountId, { banReason: '7003' });
    const r = await b.post(`${ACCOUNT}/no-auth/login/token/tpa`, {});
    expect(r.status, r.text).toBe(200);
    expect((r.json as { token: string }).token).toMatch(/\S{20,}/);
    expect((await b.post(`${ACCOUNT}/no-auth/login/token/tpa`, {})).code).toBe('20159');
  });

  it('twitter signs in an identity already linked', async () => {
    const id = newIdentity(false);
    await linkedPlayer('twitter', id);
    const b = new Visitor();
    expect((await tpaSession(b, 'twitter', id)).json).toMatchObject({ next: 'login' });
    expect((await b.post(T.login, { deviceId: deviceId(), ...clock() })).status).toBe(200);
  });
});

describe('social link (an existing account has the provider email)', () => {
  it('case 1 with the password: links, signs in, audits and emails a notice', async () => {
    const p = await player({ emailVerified: true });
    const id = { ...newIdentity(), email: p.email };
    const b = new Visitor();
    const s = await tpaSession(b, 'google', id);
    expect(s.json).toEqual({ email: p.email, provider: 'google', next: 'socialLink', socialLinkCase: 1 });
    const info = await b.get(T.socialLink);
    expect(info.json).toEqual({ case: 1, provider: 'google', email: p.email, proofs: ['password', 'code'] });
    const wrong = await b.post(T.linkPassword, { password: 'Wrong-Horse-9', deviceId: deviceId(), ...clock() });
    expect(wrong.code).toBe('20002');
    const r = await b.post(T.linkPassword, { password: PASSWORD, deviceId: deviceId(), ...clock() });
    expect(r.status, r.text).toBe(200);
    const list = await b.get(T.accounts);
    expect(list.json).toEqual({ tpaAccountList: [{ type: 'google', email: p.email }] });
    expect((await lastMail(p.email)).text).toMatch(/Google/);
    // Next time the identity signs straight in.
    const again = new Visitor();
    expect((await tpaSession(again, 'google', id)).json).toMatchObject({ next: 'login' });
  });

  it('case 2 (no password) with an emailed code; a wrong code changes nothing', async () => {
    const p = await player({ emailVerified: true, hasPassword: false });
    const id = { ...newIdentity(), email: p.email };
    const b = new Visitor();
    const s = await tpaSession(b, 'google', id);
    expect(s.json).toMatchObject({ next: 'socialLink', socialLinkCase: 2 });
    expect((await b.get(T.socialLink)).json).toMatchObject({ proofs: ['code'] });
    expect((await b.post(T.linkRequestCode, { language: 'en_US' })).status).toBe(200);
    const code = (await lastMail(p.email)).code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await b.post(T.linkVerifyCode, { code: wrong, deviceId: deviceId(), ...clock() })).code).toBe('20013');
    const r = await b.post(T.linkVerifyCode, { code, deviceId: deviceId(), ...clock() });
    expect(r.status, r.text).toBe(200);
    expect(((await b.get(T.accounts)).json as { tpaAccountList: unknown[] }).tpaAccountList).toHaveLength(1);
  });

  it('login/tpa on an unlinked identity whose email is an account’s answers 20128 (case 5)', async () => {
    const p = await player({ emailVerified: true });
    const b = new Visitor();
    await tpaSession(b, 'google', { ...newIdentity(), email: p.email });
    const r = await b.post(T.login, { deviceId: deviceId(), ...clock() });
    expect([r.status, r.code]).toEqual([409, '20128']);
    expect((await b.get(T.socialLink)).json).toMatchObject({ case: 5 });
  });
});

describe('linked accounts in settings', () => {
  it('links, refuses conflicts (20009, 20109, 20087, 20088, 20010) and unlinks', async () => {
    const id = newIdentity();
    const { b } = await linkedPlayer('google', id);
    // The same identity for another account: 20009.
    const other = await player({ emailVerified: true });
    const ob = new Visitor();
    await ob.post(P.login, loginBody(other));
    const cb = await callbackFor(ob, 'google', id, 'locale=en&actionType=socialLink');
    expect((await ob.post(T.link, { tpaType: 'google', ...cb })).code).toBe('20009');
    // A second google identity on the same account: 20109.
    const cb2 = await callbackFor(b, 'google', newIdentity(false), 'locale=en&actionType=socialLink');
    expect((await b.post(T.link, { tpaType: 'google', ...cb2 })).code).toBe('20109');
    // The streaming service: 20087 (used by another account) and 20088 (already one on this account).
    const stream = newIdentity(false);
    const cb3 = await callbackFor(b, 'twitch', stream, 'locale=en&actionType=socialLink');
    expect((await b.post(T.link, { tpaType: 'twitch', ...cb3 })).status).toBe(200);
    const cb4 = await callbackFor(ob, 'twitch', stream, 'locale=en&actionType=socialLink');
    expect((await ob.post(T.link, { tpaType: 'twitch', ...cb4 })).code).toBe('20087');
    const cb5 = await callbackFor(b, 'twitch', newIdentity(false), 'locale=en&actionType=socialLink');
    expect((await b.post(T.link, { tpaType: 'twitch', ...cb5 })).code).toBe('20088');
    // A provider email that is another account's: 20010.
    const cb6 = await callbackFor(
      b,
      'discord',
      { ...newIdentity(), email: other.email },
      'locale=en&actionType=socialLink',
    );
    expect((await b.post(T.link, { tpaType: 'discord', ...cb6 })).code).toBe('20010');
    // A login flow's code cannot be used to link (actionType is bound to the flow).
    const cb7 = await callbackFor(b, 'discord', newIdentity(false));
    expect((await b.post(T.link, { tpaType: 'discord', ...cb7 })).code).toBe('20138');

    const list = await b.get(T.accounts);
    expect((list.json as { tpaAccountList: { type: string }[] }).tpaAccountList.map((l) => l.type)).toEqual([
      'google',
      'twitch',
    ]);
    const un = await b.request('DELETE', `${T.link}/twitch`);
    expect(un.status, un.text).toBe(200);
    expect((un.json as { tpaAccountList: { type: string }[] }).tpaAccountList.map((l) => l.type)).toEqual(['google']);
    expect((await b.request('DELETE', `${T.link}/twitch`)).status).toBe(404);
  });

  it('never unlinks the last way to sign in (NEED_TO_SET_PASSWORD), even in parallel', async () => {
    const { p, b } = await linkedPlayer('google', newIdentity());
    const cb = await callbackFor(b, 'discord', newIdentity(false), 'locale=en&actionType=socialLink');
    expect((await b.post(T.link, { tpaType: 'discord', ...cb })).status).toBe(200);
    await setState(new Browser(), p.accountId, { hasPassword: false });
    const [a, c] = await Promise.all([
      b.request('DELETE', `${T.link}/google`),
      b.request('DELETE', `${T.link}/discord`),
    ]);
    const codes = [a.code, c.code].sort();
    expect(codes).toEqual([null, 'NEED_TO_SET_PASSWORD'].sort());
    expect(((await b.get(T.accounts)).json as { tpaAccountList: unknown[] }).tpaAccountList).toHaveLength(1);
  });

  it('needs a signed-in session and a verified email', async () => {
    expect((await new Visitor().get(T.accounts)).code).toBe('20001');
    const p = await player({ emailVerified: false });
    const b = new Visitor();
    await b.post(P.login, loginBody(p));
    const cb = await callbackFor(b, 'google', newIdentity(), 'locale=en&actionType=socialLink');
    expect((await b.post(T.link, { tpaType: 'google', ...cb })).code).toBe('20038');
  });
});
