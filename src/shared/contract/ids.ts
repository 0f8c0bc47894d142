/**
 * What the contract accepts in a string that is not a fixed format: every
 * id, token, secret and free-text field of a request is one of these four
 * kinds, with its own length (docs/api.md "Strict bodies and ids",
 * docs/security.md "Strict parsing"). Area files take their fields from here
 * (most through ./common), never from a bare `z.string()`.
 *
 * - identifier: ASCII letters, digits, `_ . : -`: device ids (UUIDs from
 *   the portal, `[A-Za-z0-9-]{8,64}` from the launcher; ./device-id), client
 *   ids, partner keys, hashed user numbers (base64url), serial numbers;
 * - token: printable ASCII without space (`!` to `~`), for values another
 *   system mints (captcha and OAuth providers, store tickets, fingerprints)
 *   and the opaque tokens this API issues (base64url);
 * - secret (passwords): any Unicode except control characters (Cc) and lone
 *   surrogates (Cs), which cannot be encoded as UTF-8 and would hash alike;
 * - text (names, login ids, look-up values): any Unicode except control,
 *   format (bidi overrides and isolates, zero-width characters, soft hyphen,
 *   byte-order mark), private-use and lone-surrogate code points and the line
 *   and paragraph separators. Format characters include the zero-width
 *   joiner, so emoji ZWJ sequences are refused too, as the portal's own
 *   device-name rule already does (src/shared/validation/device-name.ts).
 *
 * Patterns only (no `isWellFormed()`): `\p{Cs}` under the u flag matches a
 * lone surrogate and runs on every browser the portal supports.
 */
import * as z from 'zod/mini';
import { checked } from './checked';

export { deviceId } from './device-id';

/** ASCII letters, digits and `_ . : -` (`\w` is ASCII without the u flag). */
export const ID_PATTERN = /^[\w.:-]+$/;
export const TOKEN_PATTERN = /^[!-~]+$/;
export const SECRET_PATTERN = /^[^\p{Cc}\p{Cs}]+$/u;
export const TEXT_PATTERN = /^[^\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]*$/u;

/* @__NO_SIDE_EFFECTS__ */
export function identifier(max: number) {
  return checked(z.string(), z.maxLength(max), z.regex(ID_PATTERN));
}

/* @__NO_SIDE_EFFECTS__ */
export function token(max: number) {
  return checked(z.string(), z.maxLength(max), z.regex(TOKEN_PATTERN));
}

/* @__NO_SIDE_EFFECTS__ */
export function secret(min: number, max: number) {
  return checked(z.string(), z.minLength(min), z.maxLength(max), z.regex(SECRET_PATTERN));
}

/* @__NO_SIDE_EFFECTS__ */
export function text(min: number, max: number) {
  return checked(z.string(), z.minLength(min), z.maxLength(max), z.regex(TEXT_PATTERN));
}

/** Launcher or connector client id (spec §3: fixed per launcher; 1888–1890 are tracked in-game clients). */
export const clientId = identifier(64);
/** Partner key carried from the partnerkey / partner_key query or the PARTNERKEY cookie. */
export const partnerKey = identifier(128);
/** Hashed user numbers (spec §3 login response, base64url), stored in cookies by the login flow. */
export const hashedUserNo = identifier(128);
/** Self-service session serial number (spec §3). */
export const serialNumber = identifier(128);

/** Captcha token from the provider (or the dev provider's fixed tokens). */
export const captchaToken = token(4096);
/** Third-party provider OAuth code and state. */
export const oauthCode = token(2048);
export const oauthState = token(2048);
/** Opaque tokens and tickets (sessions, sign-up session, console tickets). */
export const opaqueToken = token(4096);
/** Device fingerprint (spec §3 blackBox). */
export const blackBox = token(8192);

/** Passwords as typed: the §5 strength rules apply on sign-up and change, not at login. */
export const password = secret(1, 128);

/** Login id: an email or a legacy ID. */
export const loginId = text(1, 254);
