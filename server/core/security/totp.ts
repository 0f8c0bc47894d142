/**
 * Authenticator codes per RFC 6238 through the maintained `otpauth` library:
 * HMAC-SHA-1, 6 digits, 30-second steps, accepted within ±1 step of the API
 * clock (a phone a little ahead or behind still works). The one-use rule —
 * after step T is used, T and earlier are refused — is enforced with the
 * account's totp_last_step in server/mfa/data.ts; this module only says which
 * step a code belongs to.
 */
import * as OTPAuth from 'otpauth';

/** Shown by the authenticator app next to the account (same issuer as scripts/seed.mjs). */
export const TOTP_ISSUER = 'Lumenforge';
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
/** RFC 4226 §4 recommends a 160-bit shared secret. */
const SECRET_BYTES = 20;

function totp(secretBase32: string, label = 'account'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new random secret as base32 (what the player types into an app without a camera). */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an app reads from the QR code; the label is the account's email. */
export function otpauthUri(secretBase32: string, label: string): string {
  return totp(secretBase32, label).toString();
}

/** The RFC 6238 time step of an instant (ms since the epoch). */
export function totpStep(now: number): number {
  return Math.floor(now / (TOTP_PERIOD_SECONDS * 1000));
}

/** The time step whose code `code` is, within ±1 step of `now`; null when the code matches none. */
export function matchTotpStep(secretBase32: string, code: string, now: number): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}
