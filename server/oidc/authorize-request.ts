/**
 * Validation of an authorization request (RFC 6749 §4.1.1, OAuth 2.1 §4.1.1, OIDC Core §3.1.2.1), the same for
 * the portal's read (consent screen) and its decision. A request whose client or redirect URI is wrong is never
 * sent back anywhere (the screen says so: RFC 6749 §4.1.2.1); every other error goes back to the registered
 * redirect URI with `error`, `state` and `iss` (RFC 9207).
 */
import { ACR, ACR_VALUES, SCOPES, type Scope } from './config';
import type { OidcClient } from './clients';
import { REAUTH_PARAM } from '../../src/shared/contract/oidc-reauth';

/** OIDC Core §3.1.2.1 `prompt` values; anything else is invalid_request. */
export const PROMPTS = ['none', 'login', 'consent', 'select_account'] as const;
export type Prompt = (typeof PROMPTS)[number];

export interface AuthorizeRequest {
  client: OidcClient;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  nonce: string | null;
  codeChallenge: string;
  prompts: readonly Prompt[];
  /** Seconds (`max_age`): the oldest sign-in the client accepts; null when not asked. */
  maxAge: number | null;
  /** The provider's mark of when it asked for a fresh sign-in (./freshness.ts), as the query carries it. */
  reauth: string | null;
  /** `acr_values` asked for the second factor (its first value this provider knows is the two-factor class). */
  wantsSecondFactor: boolean;
}

export type Checked =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** Not sent back: unknown client, or a redirect URI that is not exactly one the client registered. */
  | { kind: 'refused'; reason: 'client' | 'redirect_uri' | 'request_uri' | 'malformed' }
  /** An error for the client: sent back to its redirect URI, or answered as JSON where it pushed the request. */
  | { kind: 'error'; error: string; description: string; redirectTo: string };

/**
 * RFC 9126 §2.2: the request_uri a pushed request is answered with. Only the authorization endpoint resolves one
 * (./par.ts), before these checks: one that reaches them (spent, expired, another client's, or on the screen's own
 * calls) is refused like an unknown client, since no checked redirect URI is known to send an error to.
 */
export const PUSHED_URI_PREFIX = 'urn:ietf:params:oauth:request_uri:';

const MAX_PARAM = 512;

/**
 * Schemes a redirect may never use, even if registered: following one would run script or read data on the
 * portal's own origin (the island navigates there). Registration (scripts/clients-add.mjs) refuses them too.
 */
export const FORBIDDEN_REDIRECT_SCHEMES: readonly string[] = [
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
];

export function isSafeRedirectUri(uri: string): boolean {
  try {
    const url = new URL(uri);
    return !FORBIDDEN_REDIRECT_SCHEMES.includes(url.protocol) && url.hash === '';
  } catch {
    return false;
  }
}
/** RFC 8252 §7.3, §8.3: the loopback IP literals (never the name "localhost", which DNS or a hosts file may send elsewhere). */
const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '[::1]'];

function loopback(uri: string): URL | null {
  try {
    const url = new URL(uri);
    const plain = url.protocol === 'http:' && url.username === '' && url.password === '' && url.hash === '';
    return plain && LOOPBACK_HOSTS.includes(url.hostname) ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether a requested redirect URI is one the client registered: exactly (OAuth 2.1 §2.3.1), or for a public client
 * (a native app: RFC 8252 §7.3) a loopback IP redirect on any port, since the app binds whichever port is free
 * when it signs in; path and query still match exactly. Either loopback literal matches the other, as §8.3 has
 * apps bind to whichever of IPv4 and IPv6 is available.
 */
export function redirectUriRegistered(client: OidcClient, requested: string): boolean {
  if (client.redirectUris.includes(requested)) return true;
  if (client.secretHash !== null) return false;
  const asked = loopback(requested);
  if (asked === null) return false;
  return client.redirectUris.some((registered) => {
    const known = loopback(registered);
    return known !== null && known.pathname === asked.pathname && known.search === asked.search;
  });
}

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A parameter's value (a repeated parameter was refused before any is read: RFC 6749 §3.1). */
const single = (params: URLSearchParams, name: string): string | null => params.get(name);

/** The redirect with the response parameters (query mode, the only one served). */
export function redirectWith(redirectUri: string, issuer: string, values: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(values)) if (v !== null) url.searchParams.set(k, v);
  url.searchParams.set('iss', issuer);
  return url.href;
}

export async function checkAuthorizeRequest(
  params: URLSearchParams,
  issuer: string,
  lookup: (clientId: string) => Promise<OidcClient | null>,
): Promise<Checked> {
  for (const name of new Set(params.keys()))
    if (params.getAll(name).length > 1) return { kind: 'refused', reason: 'malformed' };
  const clientId = single(params, 'client_id');
  if (clientId === null || clientId.length > 128) return { kind: 'refused', reason: 'client' };
  const client = await lookup(clientId);
  if (client === null) return { kind: 'refused', reason: 'client' };
  if (single(params, 'request_uri')?.startsWith(PUSHED_URI_PREFIX)) return { kind: 'refused', reason: 'request_uri' };
  const redirectUri = single(params, 'redirect_uri');
  // OAuth 2.1: exact string comparison with a registered URI (no default, no prefix, no normalising), but for the
  // port of a native app's loopback redirect.
  if (redirectUri === null || !redirectUriRegistered(client, redirectUri) || !isSafeRedirectUri(redirectUri))
    return { kind: 'refused', reason: 'redirect_uri' };

  const state = single(params, 'state');
  const safeState = state !== null && state.length > MAX_PARAM ? null : state;
  const fail = (error: string, description: string): Checked => ({
    kind: 'error',
    error,
    description,
    redirectTo: redirectWith(redirectUri, issuer, { error, error_description: description, state: safeState }),
  });
  if (state !== null && state.length > MAX_PARAM) return fail('invalid_request', 'state is invalid');
  if (params.has('request') || params.has('request_uri'))
    return fail('request_not_supported', 'request objects are not supported');
  // OAuth 2.1: the code flow only (no implicit, no hybrid).
  if (single(params, 'response_type') !== 'code')
    return fail('unsupported_response_type', 'only response_type=code is supported');
  const method = single(params, 'code_challenge_method');
  const challenge = single(params, 'code_challenge');
  if (method !== 'S256') return fail('invalid_request', 'PKCE with code_challenge_method=S256 is required');
  if (challenge === null || !S256_CHALLENGE.test(challenge))
    return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  const scopeText = single(params, 'scope');
  const scopes = scopeText === null ? [] : [...new Set(scopeText.split(' ').filter(Boolean))];
  if (!scopes.includes('openid')) return fail('invalid_scope', 'the openid scope is required');
  if (!scopes.every((s): s is Scope => (SCOPES as readonly string[]).includes(s)))
    return fail('invalid_scope', `supported scopes: ${SCOPES.join(' ')}`);
  const nonce = single(params, 'nonce');
  if (nonce !== null && (nonce.length === 0 || nonce.length > MAX_PARAM))
    return fail('invalid_request', 'nonce is invalid');
  const promptText = single(params, 'prompt');
  const prompts = promptText === null ? [] : [...new Set(promptText.split(' ').filter(Boolean))];
  if (!prompts.every((p): p is Prompt => (PROMPTS as readonly string[]).includes(p)))
    return fail('invalid_request', `supported prompt values: ${PROMPTS.join(' ')}`);
  // Core §3.1.2.1: none with any other value is an error.
  if (prompts.includes('none') && prompts.length > 1)
    return fail('invalid_request', 'prompt=none cannot be combined with other values');
  const maxAgeText = single(params, 'max_age');
  if (maxAgeText !== null && !/^(0|[1-9][0-9]{0,8})$/.test(maxAgeText))
    return fail('invalid_request', 'max_age must be a number of seconds');
  const acrText = single(params, 'acr_values');
  if (acrText !== null && acrText.length > MAX_PARAM) return fail('invalid_request', 'acr_values is invalid');
  // Core §3.1.2.1: acr_values are in order of preference and voluntary: values this provider does not know are
  // passed over (the ID token's acr says what the sign-in achieved); the first known one is what is asked for.
  const wantedAcr = (acrText ?? '').split(' ').find((v) => ACR_VALUES.includes(v));
  const reauth = single(params, REAUTH_PARAM);
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      scopes,
      state,
      nonce,
      codeChallenge: challenge,
      prompts,
      maxAge: maxAgeText === null ? null : Number(maxAgeText),
      reauth: reauth !== null && reauth.length <= 128 ? reauth : null,
      wantsSecondFactor: wantedAcr === ACR.twoFactors,
    },
  };
}
