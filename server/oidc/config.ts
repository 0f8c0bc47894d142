/**
 * The identity provider's constants (docs/identity-provider.md). Lifetimes are what the RFCs and OAuth 2.1
 * recommend for codes (short, single use) and what a game client needs for tokens.
 */

/** The issuer path below the portal's origin; discovery is at `{issuer}/.well-known/openid-configuration`. */
export const OIDC_PREFIX = '/api/oidc';

export const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_S = 600;
export const ID_TOKEN_TTL_S = 3600;
/** The longest any token we sign stays valid: an old key stays in the JWKS this long after its successor signs. */
export const MAX_TOKEN_TTL_MS = Math.max(ACCESS_TOKEN_TTL_S, ID_TOKEN_TTL_S) * 1000;

/** A new signing key every 30 days, published 2 days before it signs (relying parties cache the JWKS). */
export const KEY_ROTATION_MS = 30 * 24 * 3600_000;
export const KEY_PUBLISH_AHEAD_MS = 2 * 24 * 3600_000;
/**
 * ID token (and access token) algorithms: ES256, and RS256, which OIDC Core §15.1 requires and many game-engine
 * SDKs assume. Each client is signed for with the one it registered (`id_token_signed_response_alg`).
 */
export const SIGNING_ALGS = ['ES256', 'RS256'] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];
export const DEFAULT_SIGNING_ALG: SigningAlg = 'ES256';

/** The scopes this provider knows; anything else is invalid_scope. `openid` is required. */
export const SCOPES = ['openid', 'profile', 'email'] as const;
export type Scope = (typeof SCOPES)[number];

/** RFC 8628: device codes live 10 minutes; consoles poll every 5 s; a too-fast poll adds 5 s. */
export const DEVICE_CODE_TTL_MS = 10 * 60_000;
export const DEVICE_POLL_INTERVAL_S = 5;
export const SLOW_DOWN_STEP_S = 5;

/**
 * Authentication context classes (OIDC Core §2 `acr`, asked for with `acr_values`): one factor, or two (a second
 * factor on top of the sign-in: the session's amr has `mfa`). The ID token's acr is what the sign-in achieved.
 */
export const ACR = {
  oneFactor: 'urn:lumenforge:acr:1fa',
  twoFactors: 'urn:lumenforge:acr:2fa',
} as const;
export const ACR_VALUES: readonly string[] = [ACR.oneFactor, ACR.twoFactors];
