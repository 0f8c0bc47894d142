/**
 * The PC store's OpenID 2.0 sign-in against the local stand-in (scripts/dev-idp.mjs): the API checks the
 * assertion (check_authentication, return_to, endpoint, 17-digit claimed id, response nonce) and hands
 * the callback screen a one-time code; a replayed or altered assertion is refused.
 */
import { describe, expect, it } from 'vitest';
import { clock, deviceId, loginBody, P, player, Visitor } from './signin-helpers';
import { startFlow, T } from './social-helpers';

const NEW_STEAM_ID = '76561197960287931';

/** The stand-in's positive assertion for `steamid`: the URL it sends the browser back to (the API's return). */
async function assertion(authorizationUrl: string, steamid = NEW_STEAM_ID): Promise<URL> {
  const url = new URL(authorizationUrl);
  const returnTo = url.searchParams.get('openid.return_to') ?? '';
  const res = await fetch(url.origin + url.pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ steamid, return_to: returnTo }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

/** The API's return handler: where it sends the browser (the portal callback, with a code or an error). */
async function apiReturn(b: Visitor, back: URL): Promise<URL> {
  const r = await b.get(back.pathname + back.search);
  expect(r.status).toBe(303);
  return new URL(r.headers.get('location') ?? '');
}

describe('PC store sign-in (OpenID 2.0)', () => {
  it('start → store → API check → callback code → third-party session (17-digit id)', async () => {
    const b = new Visitor();
    const auth = await startFlow(b, 'steam', 'locale=fr');
    const url = new URL(auth);
    expect(url.searchParams.get('openid.mode')).toBe('checkid_setup');
    const callback = await apiReturn(b, await assertion(auth));
    expect(callback.pathname).toBe('/account/fr/login/callback/steam');
    const code = callback.searchParams.get('code');
    const state = callback.searchParams.get('state');
    expect(code).not.toBeNull();
    const r = await b.post(T.session, { tpaType: 'steam', code, state });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ provider: 'steam', email: null });
  });

  it('links in settings, then signs in, with the persona name as steamName', async () => {
    const p = await player({ emailVerified: true });
    const b = new Visitor();
    await b.post(P.login, loginBody(p));
    const auth = await startFlow(b, 'steam', 'locale=en&actionType=socialLink');
    const cb = await apiReturn(b, await assertion(auth));
    const link = await b.post(T.link, {
      tpaType: 'steam',
      code: cb.searchParams.get('code'),
      state: cb.searchParams.get('state'),
    });
    expect(link.status, link.text).toBe(200);
    const other = new Visitor();
    const auth2 = await startFlow(other, 'steam');
    const cb2 = await apiReturn(other, await assertion(auth2));
    const s = await other.post(T.session, {
      tpaType: 'steam',
      code: cb2.searchParams.get('code'),
      state: cb2.searchParams.get('state'),
    });
    expect(s.json).toMatchObject({ next: 'login' });
    expect((await other.post(T.login, { deviceId: deviceId(), ...clock() })).status).toBe(200);
    expect((await other.get(P.account)).json).toMatchObject({ steamName: 'NewSteamPlayer' });
    // Unlink it again so other tests may use the identity.
    expect((await b.request('DELETE', `${T.link}/steam`)).status).toBe(200);
  });

  it('refuses a replayed assertion', async () => {
    const b = new Visitor();
    const back = await assertion(await startFlow(b, 'steam'));
    const first = await apiReturn(b, back);
    expect(first.searchParams.get('code')).not.toBeNull();
    const replay = await apiReturn(new Visitor(), back);
    expect(replay.searchParams.get('error')).toBe('invalid_ticket');
    expect(replay.searchParams.get('code')).toBeNull();
  });

  it('refuses an altered assertion (another claimed id), and a forged code', async () => {
    const b = new Visitor();
    const back = await assertion(await startFlow(b, 'steam'));
    const altered = new URL(back);
    const other = (altered.searchParams.get('openid.claimed_id') ?? '').replace(/\d{17}$/, '76561197960287930');
    altered.searchParams.set('openid.claimed_id', other);
    altered.searchParams.set('openid.identity', other);
    const r = await apiReturn(b, altered);
    expect(r.searchParams.get('error')).toBe('invalid_ticket');
    // The genuine assertion still works once; a made-up code does not.
    const ok = await apiReturn(b, back);
    const s = await b.post(T.session, { tpaType: 'steam', code: 'A'.repeat(43), state: ok.searchParams.get('state') });
    expect(s.code).toBe('INVALID_TICKET');
  });
});
