/**
 * Social sign-in on a console platform (spec §7 login/social-session-cookie, docs/platforms.md): no platform
 * session → 20159 (the provider's code unspent); a linked social identity links the console and signs in, or
 * hands an account with a second factor to the verify-linking step; an unlinked identity whose email is an
 * account's → 20128 (social-link); no account → 20215; a console linked to another account → 20138.
 */
import { describe, expect, it } from 'vitest';
import { Browser } from './client';
import { SESSION_COOKIE } from '../../src/shared/contract/http';
import { callbackFor, newIdentity, T, type TestIdentity } from './social-helpers';
import { enableTotp, IpBrowser, newPlayer, type Player } from './two-factor-helpers';

const ACCOUNT = '/api/account/v1';
const G = (platform: string, path: string) => `${ACCOUNT}/no-auth/global/${platform}/${path}`;
const QUERY = 'locale=en&flow=global&platform=playstation';
let counter = 0;

async function consoleBrowser(user = `pfs-${Date.now().toString(36)}-${String((counter += 1))}`) {
  const b = new IpBrowser();
  const minted = await new Browser().post('/api/dev/platform/ticket', {
    platform: 'playstation',
    platformUserId: user,
  });
  expect(minted.status, minted.text).toBe(200);
  const { ticket } = minted.json as { ticket: string };
  const r = await b.post(G('playstation', 'login/pf-session-cookie'), { clientId: '1888', sessionTicket: ticket });
  expect(r.status, r.text).toBe(200);
  return { b, user };
}

/** `identity` linked to a fresh player's account through settings. */
async function playerWith(identity: TestIdentity, totp = false): Promise<Player> {
  const p = await newPlayer('pfsocial');
  if (totp) await enableTotp(p);
  const { code, state } = await callbackFor(p.b, 'google', identity, 'locale=en&actionType=socialLink');
  const r = await p.b.post(T.link, { tpaType: 'google', code, state });
  expect(r.status, r.text).toBe(200);
  return p;
}

async function socialSession(b: Browser, identity: TestIdentity, extra: Record<string, unknown> = {}) {
  const { code, state } = await callbackFor(b, 'google', identity, QUERY);
  return b.post(G('playstation', 'login/social-session-cookie'), { socialType: 'google', code, state, ...extra });
}

async function linkingState(b: Browser) {
  const r = await b.get(G('playstation', 'linking/state'));
  expect(r.status, r.text).toBe(200);
  return r.json as { linked: boolean; pending: null | { email: string; authTypes: string[] } };
}

describe('platform login/social-session-cookie', () => {
  it('answers 20159 without a platform session and leaves the flow for nothing', async () => {
    const b = new IpBrowser();
    const r = await socialSession(b, newIdentity());
    expect(r.status).toBe(401);
    expect(r.code).toBe('20159');
    expect(b.cookies.has('__Host-tpa')).toBe(false);
  });

  it('a linked social identity links the console and signs in; in-game login works after', async () => {
    const id = newIdentity();
    const p = await playerWith(id);
    const { b } = await consoleBrowser();
    const r = await socialSession(b, id);
    expect(r.status, r.text).toBe(200);
    const signedIn = r.json as { email: string; hashedGlobalUserNo?: string };
    expect(signedIn.email).toBe(p.email);
    expect(signedIn.hashedGlobalUserNo).toMatch(/.+/);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(await linkingState(b)).toMatchObject({ linked: true });
    const again = await b.post(G('playstation', 'login/in-game'), { clientId: '1888' });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ email: p.email });
  });

  it("accepts the connector's blackBox; a malformed one is refused and changes nothing", async () => {
    const id = newIdentity();
    const p = await playerWith(id);
    const { b } = await consoleBrowser();
    const bad = await socialSession(b, id, { blackBox: 'has spaces in it' });
    expect(bad.status).toBe(400);
    expect(await linkingState(b)).toMatchObject({ linked: false, pending: null });
    const r = await socialSession(b, id, { blackBox: 'fp-connector-0123' });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ email: p.email });
    expect(await linkingState(b)).toMatchObject({ linked: true });
  });

  it('an account with a second factor is not linked yet: the verify-linking step follows', async () => {
    const id = newIdentity();
    const p = await playerWith(id, true);
    const { b } = await consoleBrowser();
    const r = await socialSession(b, id);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ email: p.email });
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    const state = await linkingState(b);
    expect(state.linked).toBe(false);
    expect(state.pending).toMatchObject({ email: p.email, authTypes: ['TOTP'] });
    const inGame = await b.post(G('playstation', 'login/in-game'), { clientId: '1888' });
    expect(inGame.code).toBe('20138');
  });

  it('an unlinked identity with an account email → 20128 (social-link), nothing linked', async () => {
    const p = await newPlayer('pfsocial');
    const { b } = await consoleBrowser();
    const id = { ...newIdentity(), email: p.email, emailVerified: true };
    const r = await socialSession(b, id);
    expect(r.status).toBe(409);
    expect(r.code).toBe('20128');
    expect(await linkingState(b)).toMatchObject({ linked: false, pending: null });
    const link = await b.get(T.socialLink);
    expect(link.status, link.text).toBe(200);
    expect(link.json).toMatchObject({ email: p.email });
  });

  it('an identity of no account → 20215; bad input → 20022 and nothing changes', async () => {
    const { b } = await consoleBrowser();
    const r = await socialSession(b, newIdentity());
    expect(r.code).toBe('20215');
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    const bad = await b.post(G('playstation', 'login/social-session-cookie'), {
      socialType: 'myspace',
      code: 'x',
      state: 'y',
    });
    expect(bad.status).toBe(400);
    expect(await linkingState(b)).toMatchObject({ linked: false, pending: null });
  });

  it('a console linked to another account answers 20138 and stays linked as it was', async () => {
    const first = newIdentity();
    const a = await playerWith(first);
    const { b, user } = await consoleBrowser();
    expect((await socialSession(b, first)).status).toBe(200);
    const second = newIdentity();
    await playerWith(second);
    const { b: b2 } = await consoleBrowser(user);
    const r = await socialSession(b2, second);
    expect(r.code).toBe('20138');
    const inGame = await b2.post(G('playstation', 'login/in-game'), { clientId: '1888' });
    expect(inGame.json).toMatchObject({ email: a.email });
  });
});
