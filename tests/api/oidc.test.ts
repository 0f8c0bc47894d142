/**
 * The identity provider against workerd (issue 17; docs/identity-provider.md), with oauth4webapi as the relying
 * party: discovery and JWKS, PKCE S256 required, exact redirect URIs, codes single use and short-lived (a replay
 * revokes what the code issued), token signatures and claims (verified with jose against the JWKS), consent once
 * per client and scope set, userinfo, revocation, RP-initiated logout, the CLI's clients and key rotation.
 */
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, base64url } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Browser, DEV, MINUTE, NO_DEV, setClock } from './client';
import {
  addClient,
  approve,
  authorizationRequest,
  DEV_RP,
  discover,
  exchange,
  insecure,
  OIDC,
  postForm,
  redirectUri,
  signedIn,
  tokensFor,
} from './oidc-helpers';
import { P, player } from './signin-helpers';

afterEach(() => setClock(0));

const DAY = 24 * 60 * MINUTE;
const jwks = () => createRemoteJWKSet(new URL(`${DEV()}/api/oidc/jwks`));

async function userinfoStatus(as: oauth.AuthorizationServer, accessToken: string): Promise<number> {
  return (await oauth.userInfoRequest(as, DEV_RP, accessToken, insecure)).status;
}

describe('discovery and keys', () => {
  it('publishes the issuer, the code flow with PKCE S256 only, and the endpoints', async () => {
    const as = await discover();
    expect(as.issuer).toBe(`${DEV()}/api/oidc`);
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.grant_types_supported).toEqual([
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
      // For confidential clients with registered scopes (docs/identity-provider.md, oidc-backend.test.ts).
      'client_credentials',
    ]);
    expect(as.id_token_signing_alg_values_supported).toEqual(['ES256', 'RS256']);
    for (const key of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'revocation_endpoint',
      'end_session_endpoint',
      'device_authorization_endpoint',
    ] as const)
      expect(String(as[key])).toMatch(new RegExp(`^${DEV()}/api/oidc/`));
  });

  it('publishes EC P-256 (ES256) and RSA 2048 (RS256) public keys only, with kids', async () => {
    const r = await new Browser().get('/api/oidc/jwks');
    expect(r.status).toBe(200);
    const { keys } = r.json as { keys: Record<string, string>[] };
    expect(keys.filter((k) => k.alg === 'ES256').length).toBeGreaterThanOrEqual(1);
    expect(keys.filter((k) => k.alg === 'RS256').length).toBeGreaterThanOrEqual(1);
    for (const k of keys) {
      if (k.alg === 'ES256') expect(k).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig' });
      else {
        expect(k).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
        expect(base64url.decode(k.n ?? '').length).toBe(256);
      }
      expect(k.kid).toMatch(/^[A-Za-z0-9_-]{16}$/);
      for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k).not.toHaveProperty(part);
    }
  });

  it('sends the authorize request to the portal screen in the asked (or cookie) locale, query intact', async () => {
    const started = await authorizationRequest({ ui_locales: 'de-DE' });
    const r = await new Browser().get(`/api/oidc/authorize?${started.query}`);
    expect(r.status).toBe(302);
    expect(r.headers.get('Location')).toBe(`/account/de/authorize?${started.query}`);
    const plain = await new Browser().get(`/api/oidc/authorize?client_id=x`, { headers: { Cookie: 'i18next=ja' } });
    expect(plain.headers.get('Location')).toBe('/account/ja/authorize?client_id=x');
  });

  it('rotates: the next key is published 2 days ahead, then signs; the old one stays while its tokens live', async () => {
    const first = await tokensFor(await player({}, 'oidc-rotate'));
    const oldKid = decodeProtectedHeader(first.result.id_token ?? '').kid;
    await setClock(29 * DAY);
    const ahead = (await new Browser().get('/api/oidc/jwks')).json as { keys: { kid: string; alg: string }[] };
    expect(ahead.keys.map((k) => k.kid)).toContain(oldKid);
    // The next ES256 key beside the current one (the RS256 schedule runs beside it).
    expect(ahead.keys.filter((k) => k.alg === 'ES256').length).toBeGreaterThanOrEqual(2);
    const stillOld = await tokensFor(await player({}, 'oidc-rotate'));
    expect(decodeProtectedHeader(stillOld.result.id_token ?? '').kid).toBe(oldKid);

    // Created at +29 days, the next key still gets its 2 days of publication: it signs from +31 days.
    await setClock(31 * DAY + 10 * MINUTE);
    const p = await player({}, 'oidc-rotate');
    const v = await signedIn(p);
    const started = await authorizationRequest();
    const callback = await approve(v, started);
    // oauth4webapi checks iat against the real clock; this code is read by hand and verified with jose instead.
    const res = await postForm('/api/oidc/token', {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: redirectUri(),
      code_verifier: started.verifier,
      client_id: 'dev-rp',
    });
    expect(res.status).toBe(200);
    const newKid = decodeProtectedHeader(String(res.json.id_token)).kid;
    expect(newKid).not.toBe(oldKid);
    const during = (await new Browser().get('/api/oidc/jwks')).json as { keys: { kid: string }[] };
    expect(during.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));

    await setClock(33 * DAY);
    const after = (await new Browser().get('/api/oidc/jwks')).json as { keys: { kid: string }[] };
    expect(after.keys.map((k) => k.kid)).not.toContain(oldKid);
    expect(after.keys.map((k) => k.kid)).toContain(newKid);
  });
});

describe('without the dev tools (production rules)', () => {
  it("names the configured public origin as issuer, never the request's Host, and has no dev clients", async () => {
    const prod = new Browser(NO_DEV());
    const r = await prod.get('/api/oidc/.well-known/openid-configuration');
    expect(r.status).toBe(200);
    const issuer = (r.json as { issuer: string }).issuer;
    expect(issuer).toBe(`${inject('apiPortalOriginNoDev')}/api/oidc`);
    expect((await prod.get('/api/dev/oidc-rp')).status).toBe(404);
    const res = await fetch(`${NO_DEV()}/api/oidc/device_authorization`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'client_id=dev-console&scope=openid',
    });
    expect(res.status).toBe(401);
    expect((await res.json<{ error: string }>()).error).toBe('invalid_client');
  });
});

describe('the code flow', () => {
  it('signs the player in: ID token signed, with iss, aud, sub, nonce, exp, auth_time and a correct at_hash', async () => {
    const p = await player({}, 'oidc-flow');
    const { as, started, result } = await tokensFor(p);
    const idToken = result.id_token ?? '';
    const { payload, protectedHeader } = await jwtVerify(idToken, jwks(), {
      issuer: as.issuer,
      audience: 'dev-rp',
      algorithms: ['ES256'],
    });
    expect(protectedHeader.typ).toBe('JWT');
    expect(payload.sub).toBe(String(p.accountId));
    expect(payload.nonce).toBe(started.nonce);
    expect(payload.email).toBe(p.email);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    // auth_time is when the player signed in (the session's start), not later than the token.
    expect(typeof payload.auth_time).toBe('number');
    expect(payload.auth_time).toBeLessThanOrEqual(payload.iat ?? 0);
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(result.access_token)));
    expect(payload.at_hash).toBe(base64url.encode(hash.slice(0, 16)));
    expect(result.token_type).toBe('bearer');
    expect(result.expires_in).toBe(600);
    // The access token is a JWT of RFC 9068 for this provider.
    const at = await jwtVerify(result.access_token, jwks(), { issuer: as.issuer, typ: 'at+jwt' });
    expect(at.payload.client_id).toBe('dev-rp');
  });

  it('answers userinfo with the scope claims of the access token', async () => {
    const p = await player({}, 'oidc-userinfo');
    const { as, result } = await tokensFor(p);
    const info = await oauth.processUserInfoResponse(
      as,
      DEV_RP,
      String(p.accountId),
      await oauth.userInfoRequest(as, DEV_RP, result.access_token, insecure),
    );
    expect(info).toMatchObject({
      sub: String(p.accountId),
      email: p.email,
      email_verified: expect.any(Boolean) as boolean,
    });
    const none = await fetch(`${DEV()}/api/oidc/userinfo`);
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toContain('invalid_token');
  });

  it('passes state through and puts iss in the redirect (RFC 9207)', async () => {
    const p = await player({}, 'oidc-state');
    const started = await authorizationRequest();
    const callback = await approve(await signedIn(p), started);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri());
    expect(callback.searchParams.get('state')).toBe(started.state);
    expect(callback.searchParams.get('iss')).toBe(`${DEV()}/api/oidc`);
    expect(callback.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('asks consent of a third-party client once per client and scope set; a wider set asks again', async () => {
    const p = await player({}, 'oidc-consent');
    const v = await signedIn(p);
    const narrow = await authorizationRequest({ scope: 'openid email' });
    const first = await v.post(OIDC.inspect, { request: narrow.query });
    expect(first.json).toEqual({
      kind: 'consent',
      client: { name: 'Dev test relying party', site: expect.any(String) as string },
      scopes: ['openid', 'email'],
    });
    await approve(v, narrow);
    expect(
      (await v.post(OIDC.inspect, { request: (await authorizationRequest({ scope: 'openid' })).query })).json,
    ).toMatchObject({ kind: 'approved' });
    expect((await v.post(OIDC.inspect, { request: (await authorizationRequest()).query })).json).toMatchObject({
      kind: 'consent',
      scopes: ['openid', 'profile', 'email'],
    });
  });

  it('skips consent for a first-party client of the region', async () => {
    const v = await signedIn(await player({}, 'oidc-first'));
    const started = await authorizationRequest({ redirect_uri: 'https://www.lumenforge.com/auth/callback' }, '1889');
    const r = await v.post(OIDC.inspect, { request: started.query });
    expect(r.json).toEqual({ kind: 'approved', client: { name: 'Lumenforge', site: 'https://www.lumenforge.com' } });
  });

  it('returns access_denied (with state) when the player denies', async () => {
    const v = await signedIn(await player({}, 'oidc-deny'));
    const started = await authorizationRequest();
    const callback = await approve(v, started, false);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(started.state);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('needs a signed-in player (20001)', async () => {
    const started = await authorizationRequest();
    const r = await new Browser().post(OIDC.inspect, { request: started.query });
    expect({ status: r.status, code: r.code }).toEqual({ status: 401, code: '20001' });
  });
});

describe('refusals', () => {
  it.each([
    ['without PKCE', { code_challenge: null, code_challenge_method: null }, 'invalid_request'],
    ['with the plain method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['with a malformed challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['for the implicit flow', { response_type: 'token' }, 'unsupported_response_type'],
    ['for the hybrid flow', { response_type: 'code id_token' }, 'unsupported_response_type'],
    ['without the openid scope', { scope: 'email' }, 'invalid_scope'],
    ['with an unknown scope', { scope: 'openid admin' }, 'invalid_scope'],
    ['with a request object', { request: 'eyJ.x.y' }, 'request_not_supported'],
  ])('sends an authorization request %s back to the client with an error', async (_name, overrides, error) => {
    const v = await signedIn(await player({}, 'oidc-refuse'));
    const started = await authorizationRequest(overrides);
    const r = await v.post(OIDC.inspect, { request: started.query });
    expect(r.status, r.text).toBe(200);
    const { kind, redirectTo } = r.json as { kind: string; redirectTo: string };
    expect(kind).toBe('error');
    const back = new URL(redirectTo);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri());
    expect(back.searchParams.get('error')).toBe(error);
    expect(back.searchParams.get('state')).toBe(started.state);
    // The decision refuses it the same way: no code.
    const d = await v.post(OIDC.decision, { request: started.query, approve: true });
    expect(new URL((d.json as { redirectTo: string }).redirectTo).searchParams.has('code')).toBe(false);
  });

  it.each([
    ['another redirect URI', { redirect_uri: 'https://evil.example/callback' }],
    ['the redirect URI with a query added', { redirect_uri: 'REDIRECT?x=1' }],
    ['no redirect URI', { redirect_uri: null }],
    ['an unknown client', { client_id: 'nobody' }],
  ] as [string, Record<string, string | null>][])(
    'refuses, never redirecting, a request with %s (20022)',
    async (_name, overrides) => {
      const v = await signedIn(await player({}, 'oidc-redirect'));
      const redirect = overrides.redirect_uri?.replace('REDIRECT', redirectUri());
      const started = await authorizationRequest({
        ...overrides,
        ...(redirect === undefined ? {} : { redirect_uri: redirect }),
      });
      for (const path of [OIDC.inspect, OIDC.decision]) {
        const r = await v.post(path, { request: started.query, ...(path === OIDC.decision ? { approve: true } : {}) });
        expect({ status: r.status, code: r.code }, r.text).toEqual({ status: 400, code: '20022' });
      }
    },
  );

  it('refuses a prefix of the registered redirect URI at the token endpoint too', async () => {
    const p = await player({}, 'oidc-redirect2');
    const started = await authorizationRequest();
    const callback = await approve(await signedIn(p), started);
    const res = await postForm('/api/oidc/token', {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: `${redirectUri()}/x`,
      code_verifier: started.verifier,
      client_id: 'dev-rp',
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_grant');
  });

  it.each([
    ['a wrong verifier', () => oauth.generateRandomCodeVerifier()],
    ['no verifier', () => null],
    [
      'a verifier equal to the challenge (plain)',
      (s: { query: string }) => new URLSearchParams(s.query).get('code_challenge'),
    ],
  ])('refuses the code exchange with %s', async (_name, verifierOf) => {
    const p = await player({}, 'oidc-pkce');
    const started = await authorizationRequest();
    const callback = await approve(await signedIn(p), started);
    const verifier = verifierOf(started);
    const res = await postForm('/api/oidc/token', {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: redirectUri(),
      client_id: 'dev-rp',
      ...(verifier === null ? {} : { code_verifier: verifier }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_grant');
  });

  it('uses a code once; a replay is refused and revokes the tokens the code gave', async () => {
    const p = await player({}, 'oidc-replay');
    const as = await discover();
    const started = await authorizationRequest();
    const callback = await approve(await signedIn(p), started);
    const first = await oauth.processAuthorizationCodeResponse(as, DEV_RP, await exchange(as, callback, started), {
      expectedNonce: started.nonce,
      requireIdToken: true,
    });
    expect(await userinfoStatus(as, first.access_token)).toBe(200);
    const again = await exchange(as, callback, started);
    expect(again.status).toBe(400);
    expect((await again.json<{ error: string }>()).error).toBe('invalid_grant');
    expect(await userinfoStatus(as, first.access_token)).toBe(401);
  });

  it('gives tokens to exactly one of two parallel exchanges of a code', async () => {
    const p = await player({}, 'oidc-race');
    const as = await discover();
    const started = await authorizationRequest();
    const callback = await approve(await signedIn(p), started);
    const answers = await Promise.all([1, 2, 3].map(() => exchange(as, callback, started)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it('expires a code after 60 seconds', async () => {
    const p = await player({}, 'oidc-expiry');
    const as = await discover();
    const started = await authorizationRequest();
    const callback = await approve(await signedIn(p), started);
    await setClock(61_000);
    const res = await exchange(as, callback, started);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toBe('invalid_grant');
  });

  it('refuses a JSON body and an unknown grant type at the token endpoint', async () => {
    const json = await fetch(`${DEV()}/api/oidc/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"grant_type":"authorization_code"}',
    });
    expect(json.status).toBe(400);
    expect((await json.json<{ error: string }>()).error).toBe('invalid_request');
    const implicit = await postForm('/api/oidc/token', { grant_type: 'password', client_id: 'dev-rp' });
    expect(implicit.json.error).toBe('unsupported_grant_type');
  });
});

describe('refresh tokens (rotated)', () => {
  const refresh = (token: string, extra: Record<string, string> = {}) =>
    postForm('/api/oidc/token', { grant_type: 'refresh_token', refresh_token: token, client_id: 'dev-rp', ...extra });

  it('gives new tokens and a new refresh token once per refresh token', async () => {
    const p = await player({}, 'oidc-refresh');
    const { as, result } = await tokensFor(p);
    expect(result.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const next = await oauth.processRefreshTokenResponse(
      as,
      DEV_RP,
      await oauth.refreshTokenGrantRequest(as, DEV_RP, oauth.None(), result.refresh_token ?? '', insecure),
    );
    expect(next.refresh_token).not.toBe(result.refresh_token);
    expect(oauth.getValidatedIdTokenClaims(next)?.sub).toBe(String(p.accountId));
    expect(await userinfoStatus(as, next.access_token)).toBe(200);
    const narrower = await refresh(next.refresh_token ?? '', { scope: 'openid' });
    expect(narrower.status).toBe(200);
    expect(narrower.json.scope).toBe('openid');
  });

  it('revokes the whole sign-in when a rotated-out refresh token is used again', async () => {
    const p = await player({}, 'oidc-refresh-reuse');
    const { as, result } = await tokensFor(p);
    const first = await refresh(result.refresh_token ?? '');
    expect(first.status).toBe(200);
    const reused = await refresh(result.refresh_token ?? '');
    expect(reused.json.error).toBe('invalid_grant');
    // The family is over: the newest refresh and access tokens stop working too.
    expect((await refresh(String(first.json.refresh_token))).json.error).toBe('invalid_grant');
    expect(await userinfoStatus(as, String(first.json.access_token))).toBe(401);
  });

  it('refuses a wider scope, another client, and a revoked refresh token', async () => {
    const p = await player({}, 'oidc-refresh-refuse');
    const v = await signedIn(p);
    const started = await authorizationRequest({ scope: 'openid email' });
    const callback = await approve(v, started);
    const as = await discover();
    const tokens = await oauth.processAuthorizationCodeResponse(as, DEV_RP, await exchange(as, callback, started), {
      expectedNonce: started.nonce,
      requireIdToken: true,
    });
    const rt = tokens.refresh_token ?? '';
    expect((await refresh(rt, { scope: 'openid email profile' })).json.error).toBe('invalid_scope');
    // A refused scope does not spend the token.
    const again = await refresh(rt);
    expect(again.status).toBe(200);
    const current = String(again.json.refresh_token);
    const other = await postForm('/api/oidc/token', {
      grant_type: 'refresh_token',
      refresh_token: current,
      client_id: 'dev-console',
    });
    expect(other.json.error).toBe('invalid_grant');
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, DEV_RP, oauth.None(), current, insecure));
    expect((await refresh(current)).json.error).toBe('invalid_grant');
    expect(await userinfoStatus(as, String(again.json.access_token))).toBe(401);
  });
});

describe('revocation and logout', () => {
  it('revokes an access token (RFC 7009): userinfo refuses it; unknown tokens are answered 200', async () => {
    const p = await player({}, 'oidc-revoke');
    const { as, result } = await tokensFor(p);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, DEV_RP, oauth.None(), result.access_token, insecure),
    );
    expect(await userinfoStatus(as, result.access_token)).toBe(401);
    const unknown = await postForm('/api/oidc/revoke', { token: 'not-a-token', client_id: 'dev-rp' });
    expect(unknown.status).toBe(200);
  });

  it("ends the player's session and returns to the registered post-logout URI with state", async () => {
    const p = await player({}, 'oidc-logout');
    const { result, browser } = await tokensFor(p);
    const target = `${DEV()}/api/dev/oidc-rp`;
    const q = new URLSearchParams({
      id_token_hint: result.id_token ?? '',
      post_logout_redirect_uri: target,
      state: 's1',
    });
    const r = await browser.get(`/api/oidc/logout?${q.toString()}`);
    expect(r.status).toBe(302);
    expect(r.headers.get('Location')).toBe(`${target}?state=s1`);
    expect((await browser.get(P.account)).status).toBe(401);
  });

  it('refuses a logout without an ID token of ours, or to an unregistered URI', async () => {
    const p = await player({}, 'oidc-logout2');
    const { result, browser } = await tokensFor(p);
    expect((await browser.get('/api/oidc/logout?post_logout_redirect_uri=x')).status).toBe(400);
    const q = new URLSearchParams({
      id_token_hint: result.id_token ?? '',
      post_logout_redirect_uri: 'https://evil.example/',
    });
    expect((await browser.get(`/api/oidc/logout?${q.toString()}`)).status).toBe(400);
    expect((await browser.get(P.account)).status).toBe(200);
  });
});

describe('clients registered by npm run clients:add', () => {
  it('refuses a redirect URI that would run in the page (javascript:) or a non-https site', async () => {
    await expect(
      addClient('--name', 'Evil', '--site', 'https://evil.example', '--redirect-uri', 'javascript:alert(1)'),
    ).rejects.toThrow(/reverse-domain/);
    await expect(
      addClient('--name', 'Plain', '--site', 'http://plain.example', '--redirect-uri', 'https://plain.example/cb'),
    ).rejects.toThrow(/https/);
  });

  it('registers a confidential client whose secret is required (client_secret_basic) and stored hashed', async () => {
    const redirect = 'https://wiki.lumenforge.test/callback';
    const client = await addClient(
      '--name',
      'Forge Wiki',
      '--site',
      'https://wiki.lumenforge.test',
      '--redirect-uri',
      redirect,
      '--confidential',
      // Public subjects: this test reads the account id back as sub (pairwise ones: oidc-certification.test.ts).
      '--subject-type',
      'public',
    );
    expect(client.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const p = await player({}, 'oidc-cli');
    const v = await signedIn(p);
    const started = await authorizationRequest({ redirect_uri: redirect }, client.client_id);
    const inspect = await v.post(OIDC.inspect, { request: started.query });
    expect(inspect.json).toMatchObject({ kind: 'consent', client: { name: 'Forge Wiki' } });
    const callback = await approve(v, started);
    const as = await discover();
    const rp = { client_id: client.client_id };
    const params = oauth.validateAuthResponse(as, rp, callback, started.state);
    const wrong = await oauth.authorizationCodeGrantRequest(
      as,
      rp,
      oauth.ClientSecretBasic('wrong'),
      params,
      redirect,
      started.verifier,
      insecure,
    );
    expect(wrong.status).toBe(401);
    expect((await wrong.json<{ error: string }>()).error).toBe('invalid_client');
    const none = await oauth.authorizationCodeGrantRequest(
      as,
      rp,
      oauth.None(),
      params,
      redirect,
      started.verifier,
      insecure,
    );
    expect(none.status).toBe(401);
    // The code is still unused: a failed client authentication does not take it.
    const ok = await oauth.authorizationCodeGrantRequest(
      as,
      rp,
      oauth.ClientSecretBasic(client.client_secret ?? ''),
      params,
      redirect,
      started.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, rp, ok, {
      expectedNonce: started.nonce,
      requireIdToken: true,
    });
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe(String(p.accountId));
  });
});
