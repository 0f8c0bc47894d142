/**
 * Wire-level constants of the contract (spec §7 "General", §9), shared by
 * the islands' HTTP client and the reference API. The error body schema is
 * in ./error-body and the x-error-code header name in src/shared/errors/codes,
 * so a successful call loads neither.
 */

/** Spec §9: front-end version, sent on every call. */
export const FRONTEND_VERSION = 'v1.129.1';
/** Header carrying the front-end version; the API refuses state-changing calls without it (CSRF defence). */
export const FRONTEND_VERSION_HEADER = 'x-frontend-version';
/** Header carrying the session id when the client has one (launcher and connector hand-offs). */
export const SESSION_ID_HEADER = 'x-session-id';
/** Header carrying the sign-up session token (spec §7 "Sign-up"). */
export const SIGNUP_TOKEN_HEADER = 'x-signup-session-token';

/** Session cookie of the reference API (`__Host-`: Secure, Path=/, no Domain). */
export const SESSION_COOKIE = '__Host-lf_session';

/** How long the portal waits for an API answer before giving up (the islands' client and the page start-up). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The session id the launcher and store connector hand over (spec §7 "General": sent as SESSION_ID_HEADER when
 * present), kept in sessionStorage under this key; one definition for the islands' client (client/http/session)
 * and the page start-up (client/startup), which may not load zod.
 */
export const SESSION_ID_STORAGE_KEY = 'lf.sessionId';
/** Header-safe opaque token: no whitespace or control characters can reach a header. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9._~+/=-]{1,512}$/;
