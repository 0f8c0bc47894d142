/**
 * Rate limits of sign-up and email verification, on the same durable
 * counters as the sign-in limits (rate-limit.ts, table rate_limits):
 *
 * - wrong sign-up codes per address: 5 within 30 minutes lock the address's
 *   code checks for 15 minutes (20157); a resend does not reset the count;
 * - codes sent per address: 5 an hour; per IP: 20 an hour (20157);
 * - verification links sent per account: 5 an hour (20157);
 * - look-ups that tell whether an address is registered (sign-up email
 *   validate, login validate) and sign-up sessions opened: 30 per IP within
 *   15 minutes (20157).
 *
 * Wrong codes also count toward the IP's sign-in failure limit (20157).
 */
import { hit, lockedError, type Limit } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SIGNUP_CODE_FAILURES: Limit = {
  scope: 'code-fail:signup-email',
  max: 5,
  windowMs: 30 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
};

export const SIGNUP_CODE_SENDS: Limit = {
  scope: 'code-send:signup-email',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
};

export const CODE_SENDS_PER_IP: Limit = {
  scope: 'code-send:ip',
  max: 20,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
};

export const VERIFY_LINK_SENDS: Limit = {
  scope: 'link-send:account',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
};

export const LOOKUPS_PER_IP: Limit = {
  scope: 'lookup:ip',
  max: 30,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
};

async function lockedUntil(db: D1Database, limit: Limit, key: string): Promise<number> {
  const row = await db
    .prepare('SELECT locked_until FROM rate_limits WHERE scope = ?1 AND key = ?2')
    .bind(limit.scope, key)
    .first<{ locked_until: number }>();
  return row?.locked_until ?? 0;
}

/** Throws the limit's 429 (with Retry-After) while the key is locked; counts nothing. */
export async function assertOpen(db: D1Database, now: number, limit: Limit, key: string): Promise<void> {
  const until = await lockedUntil(db, limit, key);
  if (until > now) throw lockedError(limit, until, now);
}

/**
 * Counts one failure; when it is the one that reaches the limit, throws the
 * 429 at once (like a sign-in failure that locks the account).
 */
export async function countFailure(db: D1Database, now: number, limit: Limit, key: string): Promise<void> {
  await hit(db, now, limit, key);
  await assertOpen(db, now, limit, key);
}

/** Counts one use of a capped action keyed by IP; no IP known (no CF-Connecting-IP) counts nothing. */
export async function hitIp(db: D1Database, now: number, limit: Limit, ip: string | null): Promise<void> {
  if (ip !== null && ip.length > 0) await hit(db, now, limit, ip);
}
