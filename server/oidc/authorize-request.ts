/**
 * Validation of an authorization request (RFC 6749 §4.1.1, OAuth 2.1 §4.1.1, OIDC Core §3.1.2.1), the same for
 * the portal's read (consent screen) and its decision. A request whose client or redirect URI is wrong is never
 * sent back anywhere (the screen says so: RFC 6749 §4.1.2.1); every other error goes back to the registered
 * redirect URI with `error`, `state` and `iss` (RFC 9207).
 */
import { SCOPES, type Scope } from './config';
import type { OidcClient } from './clients';

export interface AuthorizeRequest {
  client: OidcClient;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  nonce: string | null;
  codeChallenge: string;
}

export type Checked =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** Not sent back: unknown client, or a redirect URI that is not exactly one the client registered. */
  | { kind: 'refused'; reason: 'client' | 'redirect_uri' | 'malformed' }
  | { kind: 'error'; redirectTo: string };

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
  const redirectUri = single(params, 'redirect_uri');
  // OAuth 2.1: exact string comparison with a registered URI, always (no default, no prefix, no normalising).
  if (redirectUri === null || !client.redirectUris.includes(redirectUri) || !isSafeRedirectUri(redirectUri))
    return { kind: 'refused', reason: 'redirect_uri' };

  const state = single(params, 'state');
  const safeState = state !== null && state.length > MAX_PARAM ? null : state;
  const fail = (error: string, description: string): Checked => ({
    kind: 'error',
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
  return {
    kind: 'ok',
    request: { client, redirectUri, scopes, state, nonce, codeChallenge: challenge },
  };
}
