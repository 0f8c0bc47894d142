/**
 * Pushed authorization requests (RFC 9126; docs/identity-provider.md "Pushed authorization requests"), with
 * openid-client 6 as a publisher's confidential relying party: the push authenticated as at the token endpoint,
 * the request_uri used once at the authorization endpoint (never twice, even in parallel; never after a minute;
 * never by another client), parameters beside it ignored, and every push refusal.
 */
import * as client from 'openid-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV, MINUTE, setClock, type Browser } from './client';
import { addClient, basicAuth, OIDC, postForm, signedIn } from './oidc-helpers';
import {
  authorizeLocation,
  confidentialClient as registerConfidential,
  decide,
  finish,
  inspect,
  rp,
  type ConfidentialRp,
  type Flow,
} from './oidc-rp';
import { player } from './signin-helpers';

afterEach(() => setClock(0));

const REDIRECT = 'https://games.lumenforge.test/par-callback';
const PAR = '/api/oidc/par';
const PUSHED = /^urn:ietf:params:oauth:request_uri:[A-Za-z0-9_-]{43}$/;
const SETUP_MS = 120_000;
const FLOW_MS = 60_000;

const confidentialClient = (...extra: string[]) => registerConfidential('Forge Shop', REDIRECT, ...extra);
type Rp = ConfidentialRp;

/** An authorization request's parameters, as a client pushes them. */
async function request(extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const params: Record<string, string> = {
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid profile',
    state: client.randomState(),
    nonce: client.randomNonce(),
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  };
  return { params, verifier };
}

/** A raw push (client_secret_basic), for what openid-client checks before it would send. */
async function push(rpc: Rp, params: Record<string, string>) {
  const r = await postForm(PAR, params, basicAuth(rpc.id, rpc.secret));
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const uri = r.json.request_uri;
  expect(uri).toMatch(PUSHED);
  return String(uri);
}

/** Where the authorization endpoint sends a browser for a query. */
async function authorize(query: Record<string, string>, browser?: Browser): Promise<URL> {
  const cookie = browser === undefined ? '' : [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${DEV()}/api/oidc/authorize?${new URLSearchParams(query).toString()}`, {
    redirect: 'manual',
    headers: cookie === '' ? {} : { Cookie: cookie },
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('Location') ?? '', DEV());
}

/** The screen refuses a request without sending the player anywhere (20022). */
async function expectRefused(v: Browser, location: URL) {
  expect(location.pathname).toBe('/account/en/authorize');
  const r = await v.post(OIDC.inspect, { request: location.search.slice(1) });
  expect({ status: r.status, code: r.code }).toEqual({ status: 400, code: '20022' });
}

describe('pushed authorization requests (RFC 9126)', () => {
  let shop: Rp;
  let other: Rp;
  beforeAll(async () => {
    [shop, other] = await Promise.all([confidentialClient(), confidentialClient()]);
  }, SETUP_MS);

  it('advertises the endpoint, required of no client', async () => {
    const meta = (await rp()).serverMetadata();
    expect(meta.pushed_authorization_request_endpoint).toBe(`${DEV()}${PAR}`);
    expect(meta.require_pushed_authorization_requests).toBe(false);
  });

  it(
    'signs the player in through a pushed request, with openid-client',
    async () => {
      const v = await signedIn(await player({}, 'oidc-par'));
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = await client.buildAuthorizationUrlWithPAR(shop.config, {
        redirect_uri: REDIRECT,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      // The browser carries the client and the request_uri only.
      expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
      expect(url.searchParams.get('request_uri')).toMatch(PUSHED);
      const flow: Flow = { url, verifier, state, nonce };
      const screen = await authorizeLocation(flow, v);
      expect(screen.pathname).toBe('/account/en/authorize');
      expect(screen.searchParams.get('redirect_uri')).toBe(REDIRECT);
      expect(screen.searchParams.get('state')).toBe(state);
      expect(screen.searchParams.has('request_uri')).toBe(false);
      const onScreen: Flow = { ...flow, url: screen };
      // A third-party client: the player consents, then the code goes back to the pushed redirect URI.
      expect(await inspect(v, onScreen)).toMatchObject({ kind: 'consent', scopes: ['openid', 'profile', 'email'] });
      const callback = await decide(v, onScreen);
      expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
      const tokens = await finish(shop.config, flow, callback);
      expect(tokens.claims()).toMatchObject({ aud: shop.id, nonce, iss: `${DEV()}/api/oidc` });
      const info = await client.fetchUserInfo(shop.config, tokens.access_token, tokens.claims()?.sub ?? '');
      expect(info.email).toMatch(/@/);
    },
    FLOW_MS,
  );

  it(
    'answers 201 with a request_uri valid a minute, also by client_secret_post, and never cached',
    async () => {
      const { params } = await request();
      const r = await postForm(PAR, { ...params, client_id: shop.id, client_secret: shop.secret });
      expect(r.status).toBe(201);
      expect(r.json.request_uri).toMatch(PUSHED);
      expect(r.json.expires_in).toBe(60);
      expect(r.headers.get('Cache-Control')).toBe('no-store');
      // Pushed prompt=none goes on as in a query: with a session, the code comes straight back.
      const v = await signedIn(await player({}, 'oidc-par-none'));
      const consented = await push(shop, (await request()).params);
      const screen = await authorize({ client_id: shop.id, request_uri: consented }, v);
      await decide(v, { url: screen, verifier: '', state: '', nonce: '' });
      const silent = await request({ prompt: 'none' });
      const back = await authorize({ client_id: shop.id, request_uri: await push(shop, silent.params) }, v);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(back.searchParams.get('state')).toBe(silent.params.state);
    },
    FLOW_MS,
  );

  it(
    'takes a request_uri once: of two parallel uses exactly one goes on, and a replay is refused',
    async () => {
      const v = await signedIn(await player({}, 'oidc-par-replay'));
      const { params } = await request();
      const uri = await push(shop, params);
      const query = { client_id: shop.id, request_uri: uri };
      const both = await Promise.all([authorize(query), authorize(query)]);
      const taken = both.filter((l) => l.searchParams.get('code_challenge') === params.code_challenge);
      const refused = both.filter((l) => !l.searchParams.has('code_challenge'));
      expect({ taken: taken.length, refused: refused.length }).toEqual({ taken: 1, refused: 1 });
      for (const location of refused) await expectRefused(v, location);
      // Later still refused.
      await expectRefused(v, await authorize(query));
    },
    FLOW_MS,
  );

  it(
    'refuses an expired request_uri',
    async () => {
      const v = await signedIn(await player({}, 'oidc-par-expired'));
      const uri = await push(shop, (await request()).params);
      await setClock(MINUTE + 1000);
      await expectRefused(v, await authorize({ client_id: shop.id, request_uri: uri }));
    },
    FLOW_MS,
  );

  it(
    "refuses another client's request_uri, and a missing client_id, without spending it",
    async () => {
      const v = await signedIn(await player({}, 'oidc-par-foreign'));
      const { params } = await request();
      const uri = await push(shop, params);
      await expectRefused(v, await authorize({ client_id: other.id, request_uri: uri }));
      await expectRefused(v, await authorize({ request_uri: uri }));
      await expectRefused(v, await authorize({ client_id: shop.id, request_uri: `${uri}x` }));
      // The client that pushed it can still use it.
      const screen = await authorize({ client_id: shop.id, request_uri: uri });
      expect(screen.searchParams.get('code_challenge')).toBe(params.code_challenge);
    },
    FLOW_MS,
  );

  it(
    'ignores parameters sent beside the request_uri (RFC 9126 §4): the pushed request is the request',
    async () => {
      const v = await signedIn(await player({}, 'oidc-par-beside'));
      const { params } = await request({ scope: 'openid' });
      const uri = await push(shop, params);
      const screen = await authorize({
        client_id: shop.id,
        request_uri: uri,
        redirect_uri: 'https://evil.example/cb',
        scope: 'openid profile email',
        state: 'theirs',
        prompt: 'none',
      });
      expect(Object.fromEntries(screen.searchParams)).toEqual({ ...params, client_id: shop.id });
      const callback = await decide(v, { url: screen, verifier: '', state: '', nonce: '' });
      expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
      expect(callback.searchParams.get('state')).toBe(params.state);
    },
    FLOW_MS,
  );

  it('refuses a push from a public client, without or with a wrong secret', async () => {
    const { params } = await request();
    const unauthorised = [
      await postForm(PAR, { ...params, client_id: 'dev-rp' }),
      await postForm(PAR, params),
      await postForm(PAR, params, basicAuth(shop.id, 'wrong-secret')),
      await postForm(PAR, { ...params, client_id: shop.id, client_secret: `${shop.secret}x` }),
      // A client_id in the body that is not the authenticated one.
      await postForm(PAR, { ...params, client_id: other.id }, basicAuth(shop.id, shop.secret)),
    ];
    for (const r of unauthorised) {
      expect(r.status).toBe(401);
      expect(r.json.error).toBe('invalid_client');
    }
    // openid-client hears the same (the 401's Basic challenge, which it reports as such) and builds no URL.
    const wrong = await rp(shop.id, {}, client.ClientSecretBasic('wrong-secret'));
    await expect(client.buildAuthorizationUrlWithPAR(wrong, params)).rejects.toMatchObject({
      status: 401,
      code: 'OAUTH_WWW_AUTHENTICATE_CHALLENGE',
    });
  });

  it.each([
    ['no PKCE challenge', { code_challenge: null }, 'invalid_request'],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['an unregistered redirect URI', { redirect_uri: 'https://evil.example/cb' }, 'invalid_request'],
    ['no redirect URI', { redirect_uri: null }, 'invalid_request'],
    ['the implicit flow', { response_type: 'token' }, 'unsupported_response_type'],
    ['no openid scope', { scope: 'profile' }, 'invalid_scope'],
    ['an unknown prompt', { prompt: 'sometimes' }, 'invalid_request'],
    ['max_age that is not seconds', { max_age: '-1' }, 'invalid_request'],
    ['a request_uri of its own', { request_uri: 'urn:ietf:params:oauth:request_uri:abc' }, 'invalid_request'],
    ['a request object', { request: 'eyJhbGciOiJub25lIn0.e30.' }, 'request_not_supported'],
  ])('refuses to store a pushed request with %s, by the authorize rules', async (_name, change, error) => {
    const { params } = await request();
    const changed = Object.fromEntries(
      Object.entries({ ...params, ...change }).filter((e): e is [string, string] => e[1] !== null),
    );
    const r = await postForm(PAR, changed, basicAuth(shop.id, shop.secret));
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(error);
    expect(r.json.request_uri).toBeUndefined();
  });
});

describe('a client that requires pushed requests (RFC 9126 §6)', () => {
  let strict: Rp;
  beforeAll(async () => {
    strict = await confidentialClient('--require-pushed-authorization-requests');
  }, SETUP_MS);

  it(
    'signs the player in through a push, the screen holding its mark',
    async () => {
      const v = await signedIn(await player({}, 'oidc-par-strict'));
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = await client.buildAuthorizationUrlWithPAR(strict.config, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const flow: Flow = { url, verifier, state, nonce };
      const screen = await authorizeLocation(flow, v);
      expect(screen.searchParams.get('lf_par')).toMatch(/^\d+\.[0-9a-f]{64}$/);
      const onScreen: Flow = { ...flow, url: screen };
      expect(await inspect(v, onScreen)).toMatchObject({ kind: 'consent' });
      const tokens = await finish(strict.config, flow, await decide(v, onScreen));
      expect(tokens.claims()?.aud).toBe(strict.id);
    },
    FLOW_MS,
  );

  it(
    'refuses its request sent through the browser, or a pushed one altered on the way, with invalid_request',
    async () => {
      const v = await signedIn(await player({}, 'oidc-par-strict-no'));
      const { params } = await request();
      const plain = { ...params, client_id: strict.id };
      // At the authorization endpoint: back to the client, with state and iss, no screen.
      const back = await authorize(plain, v);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('state')).toBe(params.state);
      expect(back.searchParams.get('iss')).toBe(`${DEV()}/api/oidc`);
      // The screen's own calls, given the request directly: the same, and never a code.
      const direct: Flow = {
        url: new URL(`${DEV()}/x?${new URLSearchParams(plain).toString()}`),
        verifier: '',
        state: '',
        nonce: '',
      };
      const seen = await inspect(v, direct);
      expect(seen.kind).toBe('error');
      expect(new URL(seen.redirectTo ?? '').searchParams.get('error')).toBe('invalid_request');
      expect((await decide(v, direct)).searchParams.get('code')).toBeNull();
      // A pushed request whose screen query was changed (a wider scope) loses its mark's proof.
      const screen = await authorize({ client_id: strict.id, request_uri: await push(strict, params) });
      const altered = new URL(screen);
      altered.searchParams.set('scope', 'openid profile email');
      const tampered = await inspect(v, { url: altered, verifier: '', state: '', nonce: '' });
      expect(new URL(tampered.redirectTo ?? '').searchParams.get('error')).toBe('invalid_request');
      // Unaltered, it goes on.
      expect((await inspect(v, { url: screen, verifier: '', state: '', nonce: '' })).kind).toBe('consent');
    },
    FLOW_MS,
  );

  it(
    'is only for confidential clients (the CLI refuses a public one)',
    async () => {
      await expect(
        addClient(
          '--name',
          'Public',
          '--site',
          'https://games.lumenforge.test',
          '--redirect-uri',
          REDIRECT,
          '--require-pushed-authorization-requests',
        ),
      ).rejects.toThrow(/needs --confidential/);
    },
    SETUP_MS,
  );
});
