/**
 * The ID-token checks of the social sign-in (server/social/oauth.ts) against a provider stubbed at the
 * fetch level: a well-formed token passes; a forged signature, another issuer, another audience, another
 * nonce, an expired token and a token without a subject are refused. The local provider of the API tests
 * cannot mint such tokens, so these cases live here. Also Apple's ES256 client secret and the userinfo
 * shapes, and the texts of the link notices in every locale.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { LOCALES } from '../../../src/i18n/locales';
import type { ProviderConfig } from '../../../server/core/config/social';
import { appleClientSecret, CallbackRefused, redeemCode } from '../../../server/social/oauth';
import { SOCIAL_TEXTS } from '../../../server/social/notice-texts';

const ISSUER = 'https://id.provider.example';
const CLIENT = 'portal-client';
const NONCE = 'nonce-of-this-flow-0123456789';
const STATE = 'state-of-this-flow';

let signing: CryptoKey;
let attacker: CryptoKey;
let jwk: JWK;

beforeAll(async () => {
  const good = await generateKeyPair('RS256');
  const bad = await generateKeyPair('RS256');
  signing = good.privateKey;
  attacker = bad.privateKey;
  jwk = { ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const config = (n: number): ProviderConfig => ({
  // A distinct issuer host per test: the JWKS and discovery caches of the module never carry over.
  provider: 'google',
  endpoints: { issuer: `${ISSUER}/t${String(n)}`, kind: 'oidc', scope: 'openid email', clientAuth: 'post' },
  credentials: { kind: 'secret', clientId: CLIENT, secret: 'secret' },
  local: false,
  userinfoShape: 'google',
});

interface Claims {
  iss?: string | undefined;
  aud?: string | undefined;
  nonce?: string | undefined;
  sub?: string | undefined;
  exp?: number | undefined;
  email?: string | undefined;
  email_verified?: boolean | undefined;
}

async function idToken(claims: Claims, key = signing): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ nonce: claims.nonce, email: claims.email, email_verified: claims.email_verified })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 300);
  if (claims.iss !== undefined) jwt.setIssuer(claims.iss);
  if (claims.aud !== undefined) jwt.setAudience(claims.aud);
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  return jwt.sign(key);
}

/** Stubs fetch with the provider: discovery, JWKS and a token endpoint answering `token`. */
function stubProvider(issuer: string, token: string): void {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const json = (body: unknown) =>
      Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
    if (url.pathname.endsWith('/.well-known/openid-configuration'))
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    if (url.pathname.endsWith('/jwks')) return json({ keys: [jwk] });
    if (url.pathname.endsWith('/token'))
      return json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: token });
    return Promise.resolve(new Response('not found', { status: 404 }));
  });
}

let n = 0;
async function redeemWith(claims: (issuer: string) => Claims, key?: CryptoKey) {
  n += 1;
  const cfg = config(n);
  const issuer = cfg.endpoints.issuer;
  stubProvider(issuer, await idToken(claims(issuer), key));
  return redeemCode(
    cfg,
    new URLSearchParams({ code: 'the-code', state: STATE }),
    { state: STATE, nonce: NONCE, codeVerifier: 'v'.repeat(43), redirectUri: 'https://portal.example/cb' },
    Date.now(),
  );
}

const good = (issuer: string): Claims => ({
  iss: issuer,
  aud: CLIENT,
  nonce: NONCE,
  sub: 'user-1',
  email: 'user@example.com',
  email_verified: true,
});

describe('ID token checks', () => {
  it('accepts a token signed by the provider for this client, issuer and nonce', async () => {
    await expect(redeemWith(good)).resolves.toEqual({
      subject: 'user-1',
      email: 'user@example.com',
      emailVerified: true,
      name: null,
    });
  });

  it.each([
    ['a forged signature', good, true],
    ['another issuer', (i: string) => ({ ...good(i), iss: 'https://evil.example' }), false],
    ['another audience', (i: string) => ({ ...good(i), aud: 'someone-else' }), false],
    ['another nonce', (i: string) => ({ ...good(i), nonce: 'replayed-nonce' }), false],
    ['an expired token', (i: string) => ({ ...good(i), exp: Math.floor(Date.now() / 1000) - 3600 }), false],
    ['no subject', (i: string) => ({ ...good(i), sub: undefined }), false],
  ])('refuses %s', async (_name, claims, forged) => {
    await expect(redeemWith(claims, forged ? attacker : undefined)).rejects.toBeInstanceOf(CallbackRefused);
  });

  it('refuses a callback whose state is not the flow’s, before any request', async () => {
    n += 1;
    const cfg = config(n);
    stubProvider(cfg.endpoints.issuer, await idToken(good(cfg.endpoints.issuer)));
    await expect(
      redeemCode(
        cfg,
        new URLSearchParams({ code: 'c', state: 'other' }),
        { state: STATE, nonce: NONCE, codeVerifier: 'v'.repeat(43), redirectUri: 'https://portal.example/cb' },
        Date.now(),
      ),
    ).rejects.toBeInstanceOf(CallbackRefused);
  });
});

describe("Apple's client secret", () => {
  it('is an ES256 JWT from the team to appleid.apple.com for the client, valid 5 minutes', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const now = Date.now();
    const secret = await appleClientSecret(
      { clientId: 'com.lumenforge.signin', teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: pem },
      now,
    );
    const { payload, protectedHeader } = await jwtVerify(secret, publicKey, {
      issuer: 'TEAM123456',
      audience: 'https://appleid.apple.com',
      subject: 'com.lumenforge.signin',
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
  });
});

describe('link notice texts', () => {
  it('exist in every locale with the {{provider}} placeholder', () => {
    for (const locale of LOCALES) {
      for (const text of Object.values(SOCIAL_TEXTS[locale])) expect(text, locale).toContain('{{provider}}');
      if (locale !== 'en') expect(SOCIAL_TEXTS[locale].linked).not.toBe(SOCIAL_TEXTS.en.linked);
    }
  });
});
