/**
 * Rate limits stored in D1 (durable across isolates), on the API clock.
 *
 * Sign-in failures count per account across every IP, and per IP (from
 * CF-Connecting-IP only). Reaching the account limit locks that account for 5
 * minutes: 429 with 20187 (spec §9 "Authentication limit wait 5 minutes").
 * Reaching the IP limit locks that IP: 429 with 20157 (too many attempts).
 * During a lock even a correct password or code is refused. A successful
 * sign-in resets the account's counter.
 *
 * `hit` is the plain counter for caps such as "codes sent per number per hour".
 */
import type { ErrorCode } from '../../src/shared/errors/codes';
import { ApiError } from '../http/errors';

export interface Limit {
  readonly scope: string;
  /** Failures (or hits) within the window that trigger the lock. */
  readonly max: number;
  readonly windowMs: number;
  readonly lockMs: number;
  readonly code: ErrorCode;
}

const MINUTE = 60_000;

/** Per account, across IPs: 5 failures within 15 minutes lock sign-in for 5 minutes. */
export const ACCOUNT_AUTH_LIMIT: Limit = {
  scope: 'auth:account',
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 5 * MINUTE,
  code: '20187',
};

/** Per IP, across accounts: 30 failures within 15 minutes lock that IP for 15 minutes. */
export const IP_AUTH_LIMIT: Limit = {
  scope: 'auth:ip',
  max: 30,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
};

export interface Subject {
  accountId?: number | null;
  ip?: string | null;
}

function keys(subject: Subject): [Limit, string][] {
  const out: [Limit, string][] = [];
  if (subject.accountId !== undefined && subject.accountId !== null)
    out.push([ACCOUNT_AUTH_LIMIT, String(subject.accountId)]);
  if (subject.ip !== undefined && subject.ip !== null && subject.ip.length > 0) out.push([IP_AUTH_LIMIT, subject.ip]);
  return out;
}

export function lockedError(limit: Limit, lockedUntil: number, now: number): ApiError {
  const seconds = Math.max(1, Math.ceil((lockedUntil - now) / 1000));
  return new ApiError(429, limit.code, 'Too many attempts; retry later', { 'Retry-After': String(seconds) });
}

async function lockedUntil(db: D1Database, limit: Limit, key: string): Promise<number> {
  const row = await db
    .prepare('SELECT locked_until FROM rate_limits WHERE scope = ?1 AND key = ?2')
    .bind(limit.scope, key)
    .first<{ locked_until: number }>();
  return row?.locked_until ?? 0;
}

/** Throws 429 (20187 for the account, 20157 for the IP) while either is locked. */
export async function assertNotLocked(db: D1Database, now: number, subject: Subject): Promise<void> {
  for (const [limit, key] of keys(subject)) {
    const until = await lockedUntil(db, limit, key);
    if (until > now) throw lockedError(limit, until, now);
  }
}

/**
 * Counts one event against a limit in a single atomic statement: a new
 * window starts when the old one is over; reaching `max` sets the lock and
 * restarts the count. Returns the lock deadline (0 when not locked).
 */
async function count(db: D1Database, limit: Limit, key: string, now: number): Promise<number> {
  const fresh = 'window_start + ?4 <= ?3';
  const next = `(CASE WHEN ${fresh} THEN 1 ELSE count + 1 END)`;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (scope, key, count, window_start, locked_until)
       VALUES (?1, ?2, CASE WHEN ?5 <= 1 THEN 0 ELSE 1 END, ?3, CASE WHEN ?5 <= 1 THEN ?3 + ?6 ELSE 0 END)
       ON CONFLICT (scope, key) DO UPDATE SET
         count = CASE WHEN ${next} >= ?5 THEN 0 ELSE ${next} END,
         window_start = CASE WHEN ${fresh} OR ${next} >= ?5 THEN ?3 ELSE window_start END,
         locked_until = CASE WHEN ${next} >= ?5 THEN ?3 + ?6 ELSE locked_until END
       RETURNING locked_until`,
    )
    .bind(limit.scope, key, now, limit.windowMs, limit.max, limit.lockMs)
    .first<{ locked_until: number }>();
  return row?.locked_until ?? 0;
}

/**
 * Records a failed sign-in or wrong code for the account and the IP. Returns
 * the 429 error when this failure triggered a lock, so the caller can answer
 * with it at once; null otherwise.
 */
export async function recordFailure(db: D1Database, now: number, subject: Subject): Promise<ApiError | null> {
  let error: ApiError | null = null;
  for (const [limit, key] of keys(subject)) {
    const until = await count(db, limit, key, now);
    if (until > now && error === null) error = lockedError(limit, until, now);
  }
  return error;
}

/** A successful sign-in clears the account's failures (the IP's counter keeps running). */
export function resetAccountStatement(db: D1Database, accountId: number): D1PreparedStatement {
  return db
    .prepare('DELETE FROM rate_limits WHERE scope = ?1 AND key = ?2')
    .bind(ACCOUNT_AUTH_LIMIT.scope, String(accountId));
}

export async function resetAccount(db: D1Database, accountId: number): Promise<void> {
  await resetAccountStatement(db, accountId).run();
}

/**
 * Counts one use of a capped action (e.g. codes sent to one number per hour):
 * `max` uses pass within the window; the next ones get 429 with the limit's
 * code until the lock ends.
 */
export async function hit(db: D1Database, now: number, limit: Limit, key: string): Promise<void> {
  const current = await lockedUntil(db, limit, key);
  if (current > now) throw lockedError(limit, current, now);
  await count(db, limit, key, now);
}
