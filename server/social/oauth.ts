/**
 * The OAuth 2.0 / OpenID Connect client of the social providers, through oauth4webapi (no hand-written
 * protocol code): authorization code with PKCE (S256), `state` and `nonce` checked, the code exchanged
 * with the verifier, and the player's identity from a verified ID token (signature against the
 * provider's JWKS with jose, issuer and audience exactly, nonce, expiry) or from the userinfo call.
 */
import * as oauth from 'oauth4webapi';
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from 'jose';
import * as z from 'zod/mini';
import type { ProviderConfig } from '../core/config/social';

/** A provider identity: accounts are keyed by provider + subject, never by email. */
export interface Identity {
  subject: string;
  email: string | null;
  /** Only a provider-verified email may match an existing account (docs/social.md). */
  emailVerified: boolean;
  name: string | null;
}

/** A refusal of the provider's answer (state, code, token): the routes answer 20138. */
export class CallbackRefused extends Error {
  constructor(detail: string) {
    super(`Provider callback refused: ${detail}`);
    this.name = 'CallbackRefused';
  }
}

const discovered = new Map<string, Promise<oauth.AuthorizationServer>>();

function requestOptions(config: ProviderConfig) {
  // The local provider is plain http on loopback (dev only, config.ts); every real provider is https.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated to stand out: dev-only, loopback only.
  return config.local ? { [oauth.allowInsecureRequests]: true } : {};
}

/** The provider's metadata: discovery (cached per isolate) or its static endpoints. */
export async function authorizationServer(config: ProviderConfig): Promise<oauth.AuthorizationServer> {
  const e = config.endpoints;
  if (e.authorizationEndpoint !== undefined && e.tokenEndpoint !== undefined)
    return {
      issuer: e.issuer,
      authorization_endpoint: e.authorizationEndpoint,
      token_endpoint: e.tokenEndpoint,
      ...(e.userinfoEndpoint !== undefined ? { userinfo_endpoint: e.userinfoEndpoint } : {}),
    };
  const key = e.issuer;
  let hit = discovered.get(key);
  if (!hit) {
    const issuer = new URL(e.issuer);
    hit = oauth
      .discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(config) })
      .then((response) => oauth.processDiscoveryResponse(issuer, response));
    // A failed discovery is not cached: the next sign-in tries again.
    hit.catch(() => discovered.delete(key));
    discovered.set(key, hit);
  }
  return hit;
}

function client(config: ProviderConfig): oauth.Client {
  return { client_id: config.credentials.clientId };
}

/** Apple's client secret: an ES256 JWT signed with the team's key, valid 5 minutes (jose). */
export async function appleClientSecret(
  c: { clientId: string; teamId: string; keyId: string; privateKey: string },
  nowMs: number,
): Promise<string> {
  const key = await importPKCS8(c.privateKey, 'ES256');
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: c.keyId })
    .setIssuer(c.teamId)
    .setSubject(c.clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(key);
}

async function clientAuth(config: ProviderConfig, nowMs: number): Promise<oauth.ClientAuth> {
  const cred = config.credentials;
  if (cred.kind === 'apple') return oauth.ClientSecretPost(await appleClientSecret(cred, nowMs));
  return config.endpoints.clientAuth === 'basic'
    ? oauth.ClientSecretBasic(cred.secret)
    : oauth.ClientSecretPost(cred.secret);
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export function newFlowSecrets(): Omit<FlowSecrets, 'state' | 'redirectUri'> {
  return { nonce: oauth.generateRandomNonce(), codeVerifier: oauth.generateRandomCodeVerifier() };
}

/** The provider's authorization URL for this flow. */
export async function authorizationUrl(config: ProviderConfig, flow: FlowSecrets): Promise<URL> {
  const as = await authorizationServer(config);
  if (as.authorization_endpoint === undefined) throw new Error(`${config.provider}: no authorization endpoint`);
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', config.credentials.clientId);
  url.searchParams.set('redirect_uri', flow.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', config.endpoints.scope);
  url.searchParams.set('state', flow.state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(flow.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (config.endpoints.kind === 'oidc') url.searchParams.set('nonce', flow.nonce);
  if (config.endpoints.formPost === true) url.searchParams.set('response_mode', 'form_post');
  return url;
}

const jwksSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwksOf(as: oauth.AuthorizationServer) {
  if (as.jwks_uri === undefined) throw new CallbackRefused('provider has no JWKS');
  let set = jwksSets.get(as.jwks_uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(as.jwks_uri));
    jwksSets.set(as.jwks_uri, set);
  }
  return set;
}

const oidcClaims = z.object({
  sub: z.string().check(z.minLength(1), z.maxLength(255)),
  email: z.optional(z.string()),
  // Apple sends the flag as a string.
  email_verified: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])])),
  name: z.optional(z.string()),
  preferred_username: z.optional(z.string()),
});

function identityOfClaims(claims: unknown): Identity {
  const parsed = oidcClaims.safeParse(claims);
  if (!parsed.success) throw new CallbackRefused('claims without a subject');
  const c = parsed.data;
  const email = c.email !== undefined && c.email.length <= 254 && c.email.includes('@') ? c.email : null;
  return {
    subject: c.sub,
    email,
    emailVerified: email !== null && (c.email_verified === true || c.email_verified === 'true'),
    name: c.name ?? c.preferred_username ?? null,
  };
}

const discordUser = z.object({
  id: z.string(),
  email: z.optional(z.nullable(z.string())),
  verified: z.optional(z.boolean()),
  username: z.optional(z.string()),
});
const twitterUser = z.object({ data: z.object({ id: z.string(), username: z.optional(z.string()) }) });
const twitchUser = oidcClaims;

/** The userinfo answer of each provider, to one shape. */
function identityOfUserinfo(shape: ProviderConfig['userinfoShape'], body: unknown): Identity {
  if (shape === 'discord') {
    const p = discordUser.safeParse(body);
    if (!p.success) throw new CallbackRefused('unexpected userinfo');
    const email = p.data.email ?? null;
    return {
      subject: p.data.id,
      email,
      emailVerified: email !== null && p.data.verified === true,
      name: p.data.username ?? null,
    };
  }
  if (shape === 'twitter') {
    const p = twitterUser.safeParse(body);
    if (!p.success) throw new CallbackRefused('unexpected userinfo');
    // The microblogging service shares no email.
    return { subject: p.data.data.id, email: null, emailVerified: false, name: p.data.data.username ?? null };
  }
  if (shape === 'twitch') return identityOfClaims(twitchUser.parse(body));
  return identityOfClaims(body);
}

/**
 * Exchanges the callback's code for the identity. `params` are the callback's query values (code, state,
 * iss when the provider sends it); `expected` the flow's stored secrets. Any refusal throws CallbackRefused.
 */
export async function redeemCode(
  config: ProviderConfig,
  params: URLSearchParams,
  expected: FlowSecrets,
  nowMs: number,
): Promise<Identity> {
  try {
    const as = await authorizationServer(config);
    const cl = client(config);
    const options = requestOptions(config);
    // Checks the state exactly. The portal's callback URL is per provider (mix-up defence by redirect URI),
    // and the callback screen forwards only code and state, so an RFC 9207 `iss` is not expected here.
    const callback = oauth.validateAuthResponse(
      { ...as, authorization_response_iss_parameter_supported: false },
      cl,
      params,
      expected.state,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      cl,
      await clientAuth(config, nowMs),
      callback,
      expected.redirectUri,
      expected.codeVerifier,
      options,
    );
    if (config.endpoints.kind === 'oidc') {
      const tokens = await oauth.processAuthorizationCodeResponse(as, cl, response, {
        expectedNonce: expected.nonce,
        requireIdToken: true,
      });
      // oauth4webapi checked iss, aud, nonce and expiry; the signature is checked against the JWKS here.
      if (tokens.id_token === undefined) throw new CallbackRefused('no ID token');
      const { payload } = await jwtVerify(tokens.id_token, jwksOf(as), {
        issuer: as.issuer,
        audience: config.credentials.clientId,
      });
      return identityOfClaims(payload);
    }
    const tokens = await oauth.processAuthorizationCodeResponse(as, cl, response);
    if (config.userinfoShape === 'oidc' || config.userinfoShape === 'twitch') {
      const info = await oauth.userInfoRequest(as, cl, tokens.access_token, options);
      return identityOfClaims(await oauth.processUserInfoResponse(as, cl, oauth.skipSubjectCheck, info));
    }
    if (as.userinfo_endpoint === undefined) throw new CallbackRefused('no userinfo endpoint');
    const info = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(as.userinfo_endpoint),
      undefined,
      undefined,
      options,
    );
    if (!info.ok) throw new CallbackRefused(`userinfo HTTP ${info.status}`);
    return identityOfUserinfo(config.userinfoShape, await info.json());
  } catch (e) {
    if (e instanceof CallbackRefused) throw e;
    // The detail names the failed check (never a token or code): logged by the route, not shown.
    throw new CallbackRefused(e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 200) : 'unknown');
  }
}
