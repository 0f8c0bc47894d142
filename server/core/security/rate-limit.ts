/**
 * Rate limits stored in the database (durable across isolates), on the API clock.
 *
 * Every limit is **reserved before the work it guards**: one conditional
 * upsert takes a slot only while the key is not locked and the window still
 * has one (`reserve`), so a burst of parallel requests can never evaluate
 * more guesses, or send more codes, than the limit allows (D1 has no
 * interactive transactions; a single `INSERT … ON CONFLICT DO UPDATE … WHERE
 * … RETURNING` is atomic). After the work:
 *
 * - a failure that took the last slot locks the key (`settleFailure`): 429
 *   with the limit's code and Retry-After;
 * - a success gives the slot back as its limit says (`settleSuccess`):
 *   `reset` clears the key (an account's failures after a right password),
 *   `release` returns one slot (an IP's failures count failures only),
 *   `keep` leaves it counted (caps on sends count every use).
 *
 * A cleared key is zeroed, not deleted, and rows whose window is long over
 * are purged a few times an hour (`purgeIdleCounters`), so the table holds
 * the subjects of about the last day, not every subject ever seen.
 *
 * The sign-in policy built on this (who is counted, where, and how the owner
 * keeps getting in during an attack) is in signin-policy.ts and
 * docs/security.md "Sign-in limits".
 */
import type { Context } from 'hono';
import type { ErrorCode } from '../../../src/shared/errors/codes';
import {
  findCounter,
  lockCounterQuery,
  purgeIdleCountersQuery,
  releaseSlotQuery,
  reserveSlotQuery,
  resetCounterQuery,
} from '../data/rate-limits';
import type { Db, Query } from '../db/engine';
import { dbFor } from '../db/index';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { executionContext } from '../http/execution-context';

export interface Limit {
  readonly scope: string;
  /** Uses (attempts, sends) within the window; the one that fails at the last slot locks the key. */
  readonly max: number;
  readonly windowMs: number;
  readonly lockMs: number;
  readonly code: ErrorCode;
  /** What a successful attempt does to its slot (see the module comment). */
  readonly onSuccess: 'reset' | 'release' | 'keep';
}

/** One slot taken by `reserve`. `position` is its rank in the window (1 = first). */
export interface Reservation {
  readonly limit: Limit;
  readonly key: string;
  readonly position: number;
  readonly windowStart: number;
}

export function lockedError(limit: Limit, until: number, now: number): ApiError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new ApiError(429, limit.code, 'Too many attempts; retry later', { 'Retry-After': String(seconds) });
}

/** The 429 for a key whose reservation was refused: until the lock ends, or until the full window frees up. */
async function refusal(db: Db, limit: Limit, key: string, now: number): Promise<ApiError> {
  const row = await findCounter(db, { scope: limit.scope, key });
  const until = row === undefined ? now : Math.max(row.locked_until, row.window_start + limit.windowMs);
  return lockedError(limit, until, now);
}

/** Gives slots back (a reservation that was refused elsewhere, or a captcha demand): nothing was evaluated. */
export async function cancel(db: Db, reservations: readonly Reservation[]): Promise<void> {
  if (reservations.length === 0) return;
  await db.batch(reservations.map((r) => releaseQuery(db, r)));
}

/**
 * Reserves one slot of every `[limit, key]` pair in one batch, in order. When
 * any is refused, the others are given back and the first refusal's 429 is
 * thrown: nothing may be evaluated then.
 */
export async function reserve(
  db: Db,
  now: number,
  pairs: readonly (readonly [Limit, string])[],
): Promise<Reservation[]> {
  if (pairs.length === 0) return [];
  const results = await db.batch(
    pairs.map(([limit, key]) => reserveSlotQuery(db, { scope: limit.scope, key }, now, limit.windowMs, limit.max)),
  );
  const taken: Reservation[] = [];
  const refused: (readonly [Limit, string])[] = [];
  pairs.forEach((pair, i) => {
    const slot = results[i]?.rows[0];
    if (slot === undefined) refused.push(pair);
    else taken.push({ limit: pair[0], key: pair[1], position: slot.count, windowStart: slot.window_start });
  });
  const first = refused[0];
  if (first === undefined) return taken;
  await cancel(db, taken);
  throw await refusal(db, first[0], first[1], now);
}

/** Reserves one use of a single capped action (codes sent per number per hour…); 429 when none is left. */
export async function hit(db: Db, now: number, limit: Limit, key: string): Promise<Reservation> {
  const [r] = await reserve(db, now, [[limit, key]]);
  if (r === undefined) throw new Error('reserve returned no reservation');
  return r;
}

function releaseQuery(db: Db, r: Reservation) {
  return releaseSlotQuery(db, { scope: r.limit.scope, key: r.key }, r.windowStart);
}

/** The queries a success runs for its reservations (to batch with the success's own writes). */
export function successStatements(db: Db, reservations: readonly Reservation[]): Query[] {
  const out: Query[] = [];
  for (const r of reservations) {
    if (r.limit.onSuccess === 'reset') out.push(resetCounterQuery(db, { scope: r.limit.scope, key: r.key }));
    else if (r.limit.onSuccess === 'release') out.push(releaseQuery(db, r));
  }
  return out;
}

export async function settleSuccess(db: Db, reservations: readonly Reservation[]): Promise<void> {
  const statements = successStatements(db, reservations);
  if (statements.length > 0) await db.batch(statements);
}

/**
 * A failed attempt: each reservation that took the last slot of its window
 * locks its key for the limit's lock time (and starts a fresh count for
 * after). Returns the 429 of the first limit that locked, else null.
 */
export async function settleFailure(
  db: Db,
  now: number,
  reservations: readonly Reservation[],
): Promise<ApiError | null> {
  const full = reservations.filter((r) => r.position >= r.limit.max);
  if (full.length === 0) return null;
  await db.batch(full.map((r) => lockCounterQuery(db, { scope: r.limit.scope, key: r.key }, now, r.limit.lockMs)));
  const first = full[0];
  return first === undefined ? null : lockedError(first.limit, now + first.limit.lockMs, now);
}

/** How often the idle counters are purged, at most (per region: the gate is a counter row of its own). */
export const COUNTER_PURGE_EVERY_MS = 10 * 60_000;
const PURGE_GATE = { scope: 'maintenance:purge', key: 'rate_limits' } as const;
/** The API-clock time this isolate last asked the gate (a Worker isolate serves many requests). */
let lastGateCheck: number | null = null;

/** True once per COUNTER_PURGE_EVERY_MS in this isolate: only then is the region's gate asked at all. */
function isolatePurgeDue(now: number): boolean {
  // The dev clock may move back: a check "in the future" does not hold the purge back.
  if (lastGateCheck !== null && now >= lastGateCheck && now - lastGateCheck < COUNTER_PURGE_EVERY_MS) return false;
  lastGateCheck = now;
  return true;
}

async function purgeThroughGate(db: Db, now: number): Promise<number> {
  const gate = await db.first(reserveSlotQuery(db, PURGE_GATE, now, COUNTER_PURGE_EVERY_MS, 1));
  if (gate === undefined) return 0;
  return (await db.run(purgeIdleCountersQuery(db, now))).rowsAffected;
}

/**
 * Deletes the counters left idle (`purgeIdleCountersQuery`), at most once per COUNTER_PURGE_EVERY_MS per region.
 * Each isolate asks the gate once per period (no statement on the other requests), and the gate is a one-slot
 * counter, so of all isolates one runs the purge per period. Returns the rows removed.
 */
export async function purgeIdleCounters(db: Db, now: number): Promise<number> {
  return isolatePurgeDue(now) ? purgeThroughGate(db, now) : 0;
}

/**
 * `purgeIdleCounters` for a request, after its response: a Pages Function cannot run on a schedule, so sign-in
 * attempts start the purge (as they purge the accounts whose deletion is due), and the player's answer never
 * waits for its DELETE. It runs on a Db of its own (the request's closes with the response); a failure is logged,
 * and a later period tries again. In-process (unit tests: nothing runs after the response) it runs before the answer.
 */
export async function purgeIdleCountersAfterResponse(c: Context<AppEnv>): Promise<void> {
  const now = c.var.clock.now();
  if (!isolatePurgeDue(now)) return;
  const ctx = executionContext(c);
  if (ctx === undefined) {
    await purgeThroughGate(c.var.db, now);
    return;
  }
  const db = dbFor(c.env, ctx);
  ctx.waitUntil(
    purgeThroughGate(db, now)
      .catch((error: unknown) => console.error('Idle counter purge failed', error))
      .finally(() => db.close()),
  );
}
