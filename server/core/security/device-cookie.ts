/**
 * The browser's device secret: 256 random bits the server issues in its own
 * `__Host-` cookie (HttpOnly, Secure, SameSite=Lax, Path=/), stored only as
 * its SHA-256. It is what proves "the same browser as before", because
 * unlike the portal's `deviceId` (chosen by the client, kept in
 * localStorage, listed by GET /trusted-device, sent in bodies and query
 * strings) no script and no other site can read or set it.
 *
 * Two kinds of row point at a device secret, each bound to one account and
 * expiring:
 *   - a trusted device (trusted_devices.secret_hash, 30 days): the account
 *     holder chose to remember this browser after a second-factor check; only
 *     a request carrying that secret skips the second factor;
 *   - a known device (known_devices, 90 days): this browser completed a
 *     sign-in to the account; the sign-in limits let it through while
 *     strangers are locked out (signin-policy.ts).
 *
 * One secret per browser serves every account signed in on it; the rows
 * bind it to accounts. Issued at the first full sign-in (or the first time
 * a device is trusted) and renewed then.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { hasKnownDevice, knownDeviceQuery } from '../data/known-devices';
import type { Db, Query } from '../db/engine';
import type { AppEnv } from '../http/app-env';
import { digest, newToken } from './tokens';

export const DEVICE_COOKIE = '__Host-lf_device';
const DAY = 24 * 60 * 60 * 1000;
/** The cookie outlives the rows it backs; each full sign-in renews it. */
const COOKIE_LIFETIME_MS = 180 * DAY;
/** A browser stays "known" to an account this long after its last full sign-in. */
export const KNOWN_DEVICE_LIFETIME_MS = 90 * DAY;
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

type Ctx = Context<AppEnv>;

/** The request's device secret hash once known: read from its cookie, or issued while answering it. */
const known = new WeakMap<Request, string | null>();
/** Requests whose answer already sets (or renews) the cookie. */
const renewed = new WeakSet<Request>();

/** The SHA-256 of the request's device secret, or null when it carries none (or a malformed one). */
export async function deviceSecretHash(c: Ctx): Promise<string | null> {
  // A sign-in asks more than once (the limits, then the trusted-device check): hash the cookie once.
  const cached = known.get(c.req.raw);
  if (cached !== undefined) return cached;
  const secret = getCookie(c, DEVICE_COOKIE);
  const hash = secret === undefined || !SECRET_SHAPE.test(secret) ? null : await digest(secret);
  known.set(c.req.raw, hash);
  return hash;
}

/**
 * The device secret's hash, issuing a new secret when the request has none;
 * the cookie's lifetime is renewed either way (once per request).
 */
export async function ensureDeviceSecret(c: Ctx): Promise<string> {
  if (!renewed.has(c.req.raw)) {
    let hash = await deviceSecretHash(c);
    let secret = getCookie(c, DEVICE_COOKIE) ?? '';
    if (hash === null) {
      secret = newToken();
      hash = await digest(secret);
      known.set(c.req.raw, hash);
    }
    setCookie(c, DEVICE_COOKIE, secret, {
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: Math.floor(COOKIE_LIFETIME_MS / 1000),
    });
    renewed.add(c.req.raw);
  }
  const hash = known.get(c.req.raw);
  if (typeof hash !== 'string') throw new Error('device secret missing after it was ensured');
  return hash;
}

/** Records (or renews) this browser as a known device of the account. */
export function knownDeviceStatement(db: Db, accountId: number, secretHash: string, now: number): Query {
  return knownDeviceQuery(db, accountId, secretHash, now, now + KNOWN_DEVICE_LIFETIME_MS);
}

/** True when the browser holding `secretHash` completed a sign-in to the account within the last 90 days. */
export async function isKnownDevice(
  db: Db,
  accountId: number,
  secretHash: string | null,
  now: number,
): Promise<boolean> {
  return secretHash !== null && (await hasKnownDevice(db, accountId, secretHash, now));
}
