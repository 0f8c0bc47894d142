/**
 * The identity provider to certification grade (issue 27; docs/identity-provider.md "Conformance"), with
 * openid-client 6 as the relying party: cacheable discovery and JWKS, RFC 8414 metadata, loopback redirects on any
 * port (RFC 8252 §7.3), prompt (none, login, consent, select_account) and max_age, and the refusals around each.
 */
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, DEV, MINUTE, setClock } from './client';
import { addClient, OIDC, signedIn } from './oidc-helpers';
import { authorizeLocation, decide, finish, inspect, insecureRp, rp, rpRedirect, start, type Flow } from './oidc-rp';
import { loginBody, P, player } from './signin-helpers';

afterEach(() => setClock(0));

describe('discovery, JWKS and RFC 8414 metadata', () => {
  it('lets relying parties cache discovery and the JWKS for an hour, and keeps errors uncached', async () => {
    for (const path of ['/api/oidc/.well-known/openid-configuration', '/api/oidc/jwks']) {
      const r = await new Browser().get(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('Cache-Control'), path).toBe('public, max-age=3600');
      // The other security headers still apply.
      expect(r.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    const token = await fetch(`${DEV()}/api/oidc/token`, { method: 'POST' });
    expect(token.headers.get('Cache-Control')).toBe('no-store');
    expect((await new Browser().get('/api/account/v1/nothing-here')).headers.get('Cache-Control')).toBe('no-store');
  });

  it('serves RFC 8414 metadata at the path-inserted well-known URI, the same as discovery', async () => {
    const r = await new Browser().get('/.well-known/oauth-authorization-server/api/oidc');
    expect(r.status).toBe(200);
    expect(r.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const discovery = (await new Browser().get('/api/oidc/.well-known/openid-configuration')).json;
    expect(r.json).toEqual(discovery);
    expect((r.json as { issuer: string }).issuer).toBe(`${DEV()}/api/oidc`);
    expect((await new Browser().get('/.well-known/oauth-authorization-server')).status).toBe(404);
    // openid-client finds it the RFC 8414 way too.
    const config = await client.discovery(new URL(`${DEV()}/api/oidc`), 'dev-rp', {}, client.None(), {
      execute: [insecureRp],
      algorithm: 'oauth2',
    });
    expect(config.serverMetadata().token_endpoint).toBe(`${DEV()}/api/oidc/token`);
  });
});

describe('loopback redirects of native apps (RFC 8252 §7.3)', () => {
  it.each(['http://127.0.0.1:51234/callback', 'http://127.0.0.1/callback', 'http://[::1]:8080/callback'])(
    'accepts the launcher on %s (registered on port 47120) and sends the code there',
    async (redirect) => {
      const config = await rp('1888');
      const v = await signedIn(await player({}, 'oidc-loopback'));
      const flow = await start(config, {}, redirect);
      expect(await inspect(v, flow)).toMatchObject({ kind: 'approved' });
      const back = await decide(v, flow);
      expect(`${back.origin}${back.pathname}`).toBe(redirect);
      expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The token endpoint wants the same URI, port and all.
      const tokens = await finish(await rp('1888', { redirect_uris: [redirect] }), flow, back);
      expect(tokens.claims()?.aud).toBe('1888');
    },
  );

  it.each([
    ['the name localhost', 'http://localhost:51234/callback'],
    ['another path', 'http://127.0.0.1:51234/other'],
    ['a query added', 'http://127.0.0.1:51234/callback?x=1'],
    ['https', 'https://127.0.0.1:51234/callback'],
    ['credentials in the URI', 'http://u:p@127.0.0.1:51234/callback'],
    ['another loopback address', 'http://127.0.0.2:51234/callback'],
  ])('refuses, never redirecting, a loopback redirect with %s (20022)', async (_name, redirect) => {
    const config = await rp('1888');
    const v = await signedIn(await player({}, 'oidc-loopback-no'));
    const flow = await start(config, {}, redirect);
    const r = await v.post('/api/account/v1/oidc/authorize/inspect', { request: flow.url.search.slice(1) });
    expect({ status: r.status, code: r.code }).toEqual({ status: 400, code: '20022' });
  });

  it('keeps exact matching for a confidential client: another port of its loopback URI is refused', async () => {
    const registered = 'http://127.0.0.1:47999/cb';
    const added = await addClient(
      '--name',
      'Server tool',
      '--site',
      'https://tool.lumenforge.test',
      '--redirect-uri',
      registered,
      '--confidential',
    );
    const v = await signedIn(await player({}, 'oidc-loopback-conf'));
    const exact = await start(await rp(added.client_id), {}, registered);
    expect((await inspect(v, exact)).kind).toBe('consent');
    const other = await start(await rp(added.client_id), {}, 'http://127.0.0.1:48000/cb');
    const r = await v.post('/api/account/v1/oidc/authorize/inspect', { request: other.url.search.slice(1) });
    expect(r.code).toBe('20022');
  });
});

describe('prompt and max_age (OIDC Core §3.1.2.1)', () => {
  /** The authorization endpoint as the player's browser meets it: its Location. */
  async function authorize(flow: Flow, browser?: Browser): Promise<URL> {
    return authorizeLocation(flow, browser);
  }
  const onScreen = (location: URL) => location.search.slice(1);

  it('answers prompt=none without a session with login_required, state and iss, and no screen', async () => {
    const config = await rp();
    const flow = await start(config, { prompt: 'none' });
    const back = await authorize(flow);
    expect(`${back.origin}${back.pathname}`).toBe(rpRedirect());
    expect(back.searchParams.get('error')).toBe('login_required');
    expect(back.searchParams.get('state')).toBe(flow.state);
    expect(back.searchParams.get('iss')).toBe(`${DEV()}/api/oidc`);
    const error = await finish(config, flow, back).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.AuthorizationResponseError);
    expect((error as client.AuthorizationResponseError).error).toBe('login_required');
  });

  it('gives a code at once for prompt=none with a session that needs no screen', async () => {
    const p = await player({}, 'oidc-none-ok');
    const v = await signedIn(p);
    const config = await rp('1889', { redirect_uris: ['https://www.lumenforge.com/auth/callback'] });
    const flow = await start(config, { prompt: 'none' }, 'https://www.lumenforge.com/auth/callback');
    const back = await authorize(flow, v);
    expect(back.origin).toBe('https://www.lumenforge.com');
    expect(back.searchParams.get('state')).toBe(flow.state);
    const tokens = await finish(config, flow, back);
    expect(tokens.claims()?.sub).toBe(String(p.accountId));
  });

  it('answers prompt=none with consent_required when the screen would ask, and login_required for max_age', async () => {
    const v = await signedIn(await player({}, 'oidc-none-consent'));
    const config = await rp();
    const consent = await authorize(await start(config, { prompt: 'none' }), v);
    expect(consent.searchParams.get('error')).toBe('consent_required');
    const stale = await authorize(await start(config, { prompt: 'none', max_age: '0' }), v);
    expect(stale.searchParams.get('error')).toBe('login_required');
    // The screen reached directly with prompt=none shows nothing either: it only sends the error back.
    expect(await inspect(v, await start(config, { prompt: 'none' }))).toMatchObject({ kind: 'error' });
  });

  it.each([
    ['none with login', { prompt: 'none login' }],
    ['none with consent', { prompt: 'consent none' }],
    ['an unknown value', { prompt: 'sometimes' }],
    ['a negative max_age', { max_age: '-1' }],
    ['a max_age that is not a number', { max_age: '1h' }],
  ])('sends %s back as invalid_request, without a screen', async (_name, extra) => {
    const flow = await start(await rp(), extra);
    const back = await authorize(flow);
    expect(`${back.origin}${back.pathname}`).toBe(rpRedirect());
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe(flow.state);
  });

  it.each([
    ['prompt=login', { prompt: 'login' }],
    ['max_age=0', { max_age: '0' }],
    ['select_account', { prompt: 'select_account' }],
  ])('makes a signed-in player sign in again for %s; auth_time is the new sign-in', async (_name, extra) => {
    const p = await player({}, 'oidc-login');
    const v = await signedIn(p);
    const config = await rp('1889', { redirect_uris: ['https://www.lumenforge.com/auth/callback'] });
    const flow = await start(config, extra, 'https://www.lumenforge.com/auth/callback');
    const screenAt = await authorize(flow, v);
    expect(screenAt.pathname).toBe('/account/en/authorize');
    const marked = onScreen(screenAt);
    expect(new URLSearchParams(marked).get('lf_reauth')).toMatch(/^\d+\.[0-9a-f]{64}$/);
    const asked = await v.post(OIDC.inspect, { request: marked });
    expect(asked.json).toMatchObject({ kind: 'login', reauth: expect.any(String) as string });
    // No code for the old sign-in, even if the screen were skipped.
    const skipped = await v.post(OIDC.decision, { request: marked, approve: true });
    expect(new URL((skipped.json as { redirectTo: string }).redirectTo).searchParams.get('error')).toBe(
      'login_required',
    );
    // The player signs in again; back on the screen, the new sign-in answers the request.
    const login = await v.post(P.login, loginBody(p));
    expect(login.status, login.text).toBe(200);
    const signedInAt = Math.floor(Date.now() / 1000);
    expect((await v.post(OIDC.inspect, { request: marked })).json).toMatchObject({ kind: 'approved' });
    const back = new URL(
      ((await v.post(OIDC.decision, { request: marked, approve: true })).json as { redirectTo: string }).redirectTo,
    );
    const tokens = await finish(config, flow, back, 'max_age' in extra ? 0 : undefined);
    expect(tokens.claims()?.auth_time).toBeGreaterThanOrEqual(signedInAt - 1);
  });

  it('accepts a recent enough sign-in for max_age and asks for an older one', async () => {
    const p = await player({}, 'oidc-max-age');
    const v = await signedIn(p);
    const config = await rp('1889', { redirect_uris: ['https://www.lumenforge.com/auth/callback'] });
    const recent = await start(config, { max_age: '600' }, 'https://www.lumenforge.com/auth/callback');
    const back = await decide(v, recent);
    const tokens = await finish(config, recent, back, 600);
    expect(Math.floor(Date.now() / 1000) - Number(tokens.claims()?.auth_time)).toBeLessThan(600);
    await setClock(11 * MINUTE);
    const old = await start(config, { max_age: '600' }, 'https://www.lumenforge.com/auth/callback');
    expect(await inspect(v, old)).toMatchObject({ kind: 'login' });
  });

  it('refuses a mark that was forged, is too old, or belongs to another request', async () => {
    const p = await player({}, 'oidc-mark');
    const v = await signedIn(p);
    const config = await rp('1889', { redirect_uris: ['https://www.lumenforge.com/auth/callback'] });
    const cb = 'https://www.lumenforge.com/auth/callback';
    const first = await start(config, { prompt: 'login' }, cb);
    const mark = new URLSearchParams(onScreen(await authorize(first, v))).get('lf_reauth') ?? '';
    await v.post(P.login, loginBody(p));
    const other = await start(config, { prompt: 'login' }, cb);
    const [at, mac] = mark.split('.');
    for (const forged of [mark, `${Number(at) - 60_000}.${mac}`, `0.${mac}`, 'x']) {
      const request = `${other.url.search.slice(1)}&lf_reauth=${encodeURIComponent(forged)}`;
      expect((await v.post(OIDC.inspect, { request })).json, forged).toMatchObject({ kind: 'login' });
    }
    // The right mark, 31 minutes on, asks again.
    await setClock(31 * MINUTE);
    const late = `${first.url.search.slice(1)}&lf_reauth=${encodeURIComponent(mark)}`;
    expect((await v.post(OIDC.inspect, { request: late })).json).toMatchObject({ kind: 'login' });
  });

  it('asks consent again for prompt=consent, first-party clients included', async () => {
    const v = await signedIn(await player({}, 'oidc-prompt-consent'));
    const config = await rp();
    await decide(v, await start(config));
    expect((await inspect(v, await start(config))).kind).toBe('approved');
    expect((await inspect(v, await start(config, { prompt: 'consent' }))).kind).toBe('consent');
    const website = await rp('1889');
    const first = await start(website, { prompt: 'consent' }, 'https://www.lumenforge.com/auth/callback');
    expect((await inspect(v, first)).kind).toBe('consent');
  });
});

describe('signing algorithms: ES256 and RS256, as the client registered', () => {
  const cb = 'https://rs.lumenforge.test/callback';

  it('advertises both and signs a client registered for RS256 with an RSA key of the JWKS', async () => {
    const added = await addClient(
      '--name',
      'Engine SDK site',
      '--site',
      'https://rs.lumenforge.test',
      '--redirect-uri',
      cb,
      '--id-token-alg',
      'RS256',
    );
    const config = await rp(added.client_id, { id_token_signed_response_alg: 'RS256', redirect_uris: [cb] });
    expect(config.serverMetadata().id_token_signing_alg_values_supported).toEqual(['ES256', 'RS256']);
    const p = await player({}, 'oidc-rs256');
    const v = await signedIn(p);
    const flow = await start(config, {}, cb);
    const tokens = await finish(config, flow, await decide(v, flow));
    const header = decodeProtectedHeader(tokens.id_token ?? '');
    expect(header.alg).toBe('RS256');
    const jwks = (await new Browser().get('/api/oidc/jwks')).json as { keys: { kid: string; kty: string }[] };
    expect(jwks.keys.find((k) => k.kid === header.kid)?.kty).toBe('RSA');
    const verified = await jwtVerify(tokens.id_token ?? '', createRemoteJWKSet(new URL(`${DEV()}/api/oidc/jwks`)), {
      algorithms: ['RS256'],
      audience: added.client_id,
    });
    // Registered by today's CLI: a pairwise sub (the subject type is the client's, the algorithm too).
    expect(verified.payload.sub).toMatch(/^[0-9a-f]{64}$/);
    // Its access token works at userinfo like any other.
    const info = await client.fetchUserInfo(config, tokens.access_token, String(verified.payload.sub));
    expect(info.email).toBe(p.email);
    // A relying party that expects ES256 for this client refuses the token: the algorithm really is the client's.
    const strict = await rp(added.client_id, { id_token_signed_response_alg: 'ES256', redirect_uris: [cb] });
    const again = await start(strict, {}, cb);
    const refused = await finish(strict, again, await decide(v, again)).catch((e: unknown) => e);
    expect((refused as Error & { cause?: Error }).cause?.message).toBe('unexpected JWT "alg" header parameter');
  });

  it('keeps ES256 for clients that did not choose (registered before RS256 existed)', async () => {
    const config = await rp();
    const v = await signedIn(await player({}, 'oidc-es256'));
    const flow = await start(config);
    const tokens = await finish(config, flow, await decide(v, flow));
    expect(decodeProtectedHeader(tokens.id_token ?? '').alg).toBe('ES256');
  });
});

describe('pairwise subject identifiers (OIDC Core §8)', () => {
  const register = (name: string, redirect: string, ...extra: string[]) =>
    addClient('--name', name, '--site', new URL(redirect).origin, '--redirect-uri', redirect, ...extra);

  async function subOf(clientId: string, redirect: string, v: Browser) {
    const config = await rp(clientId, { redirect_uris: [redirect] });
    const flow = await start(config, {}, redirect);
    const tokens = await finish(config, flow, await decide(v, flow));
    return { config, tokens, sub: tokens.claims()?.sub ?? '' };
  }

  it('gives one sub per sector, unlinkable across sectors and never the account id; userinfo agrees', async () => {
    const shop = await register('Shop', 'https://shop.lumenforge.test/cb', '--sector-identifier', 'lumenforge.test');
    const forum = await register('Forum', 'https://forum.lumenforge.test/cb', '--sector-identifier', 'lumenforge.test');
    const other = await register('Partner', 'https://partner.example.test/cb');
    const p = await player({}, 'oidc-pairwise');
    const v = await signedIn(p);
    const a = await subOf(shop.client_id, 'https://shop.lumenforge.test/cb', v);
    const b = await subOf(forum.client_id, 'https://forum.lumenforge.test/cb', v);
    const c = await subOf(other.client_id, 'https://partner.example.test/cb', v);
    expect(a.sub).toMatch(/^[0-9a-f]{64}$/);
    expect(b.sub).toBe(a.sub);
    expect(c.sub).not.toBe(a.sub);
    expect([a.sub, c.sub]).not.toContain(String(p.accountId));
    // Another player of the same sector gets another sub.
    const q = await player({}, 'oidc-pairwise2');
    expect((await subOf(shop.client_id, 'https://shop.lumenforge.test/cb', await signedIn(q))).sub).not.toBe(a.sub);
    const info = await client.fetchUserInfo(a.config, a.tokens.access_token, a.sub);
    expect(info).toMatchObject({ sub: a.sub, email: p.email });
    // Refreshed tokens keep the sub.
    const refreshed = await client.refreshTokenGrant(a.config, a.tokens.refresh_token ?? '');
    expect(refreshed.claims()?.sub).toBe(a.sub);
    // Revocation still finds the token's account, and userinfo then refuses it.
    await client.tokenRevocation(a.config, refreshed.access_token);
    await expect(client.fetchUserInfo(a.config, refreshed.access_token, a.sub)).rejects.toThrow();
    // RP-initiated logout with a pairwise ID token ends the player's session.
    const out = await v.get(
      `/api/oidc/logout?${new URLSearchParams({ id_token_hint: c.tokens.id_token ?? '' }).toString()}`,
    );
    expect(out.status).toBe(302);
    expect((await v.get(P.account)).status).toBe(401);
    // Three registrations by the CLI (a wrangler process each) take most of the time.
  }, 90_000);

  it('keeps the account id as sub for public clients (those registered before, and config clients)', async () => {
    const p = await player({}, 'oidc-public-sub');
    const v = await signedIn(p);
    const config = await rp();
    const flow = await start(config);
    expect((await finish(config, flow, await decide(v, flow))).claims()?.sub).toBe(String(p.accountId));
    const discovery = (await new Browser().get('/api/oidc/.well-known/openid-configuration')).json;
    expect(discovery).toMatchObject({ subject_types_supported: ['public', 'pairwise'] });
  });

  it('refuses to register a pairwise client on several hosts without a sector', async () => {
    await expect(
      addClient(
        '--name',
        'Two hosts',
        '--site',
        'https://a.example.test',
        '--redirect-uri',
        'https://a.example.test/cb',
        '--redirect-uri',
        'https://b.example.test/cb',
      ),
    ).rejects.toThrow(/sector-identifier/);
  });
});
