/**
 * Rate-limit counters (server/core/security/rate-limit.ts decides what they mean). Each write is one statement, so
 * it is atomic on both engines without a transaction: a burst of parallel requests cannot overtake a limit.
 */
import { sql } from 'kysely';
import type { Db } from '../db/engine';

export interface CounterKey {
  scope: string;
  key: string;
}

/**
 * The upsert that takes a slot: a new window starts once the old one is over; nothing changes (no row returned)
 * while the key is locked or the window is full.
 */
export function reserveSlotQuery(db: Db, k: CounterKey, now: number, windowMs: number, max: number) {
  // The purge would otherwise take a row whose window is still open (and restart its count).
  if (windowMs > COUNTER_RETENTION_MS) throw new Error(`A counter window of ${String(windowMs)} ms outlives the purge`);
  // The existing row's columns, qualified: PostgreSQL's DO UPDATE also sees the `excluded` row.
  const windowStart = sql.ref('rate_limits.window_start');
  const count = sql.ref('rate_limits.count');
  const fresh = sql<boolean>`${windowStart} + ${windowMs} <= ${now}`;
  return db.q
    .insertInto('rate_limits')
    .values({ scope: k.scope, key: k.key, count: 1, window_start: now, locked_until: 0 })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet({
          count: sql<number>`CASE WHEN ${fresh} THEN 1 ELSE ${count} + 1 END`,
          window_start: sql<number>`CASE WHEN ${fresh} THEN ${now} ELSE ${windowStart} END`,
        })
        .where(sql<boolean>`${sql.ref('rate_limits.locked_until')} <= ${now} AND (${fresh} OR ${count} < ${max})`),
    )
    .returning(['count', 'window_start']);
}

/** The lock and window of a key (for the Retry-After of a refusal). */
export function findCounter(db: Db, k: CounterKey) {
  return db.first(
    db.q
      .selectFrom('rate_limits')
      .select(['locked_until', 'window_start'])
      .where('scope', '=', k.scope)
      .where('key', '=', k.key),
  );
}

/** Gives one slot back, only within the same window: a window that restarted since has its own count. */
export function releaseSlotQuery(db: Db, k: CounterKey, windowStart: number) {
  return db.q
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('window_start', '=', windowStart)
    .where('count', '>', 0);
}

/**
 * Clears a key by zeroing it: no count, no lock, and a window that is over, so the next reservation starts a fresh
 * window at 1 exactly as on a missing row. Zeroing rather than deleting keeps the row for the subject's next attempt:
 * a returning player's sign-in then updates its counters instead of inserting and deleting them (D1 counts an
 * insert or a delete as the row and its key index, an update of the count as one row; docs/scale.md). The zeroed
 * row is idle: `purgeIdleCountersQuery` removes it once it has been left alone for COUNTER_RETENTION_MS.
 */
export function resetCounterQuery(db: Db, k: CounterKey) {
  return db.q
    .updateTable('rate_limits')
    .set({ count: 0, window_start: 0, locked_until: 0 })
    .where('scope', '=', k.scope)
    .where('key', '=', k.key);
}

/**
 * How long a counter row is kept after its window opened (and after its lock ended): at least the longest window
 * of any limit, so a row the purge removes is one whose window is over, which counts exactly like a missing row.
 * `reserveSlotQuery` refuses a longer window.
 */
export const COUNTER_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Deletes the counters whose window is over by COUNTER_RETENTION_MS and that hold no lock: they count as absent. */
export function purgeIdleCountersQuery(db: Db, now: number) {
  return db.q
    .deleteFrom('rate_limits')
    .where('window_start', '<=', now - COUNTER_RETENTION_MS)
    .where('locked_until', '<=', now);
}

/** Locks a key until `now + lockMs` and starts a fresh count for after (unless a parallel failure locked it first). */
export function lockCounterQuery(db: Db, k: CounterKey, now: number, lockMs: number) {
  return db.q
    .updateTable('rate_limits')
    .set({ locked_until: now + lockMs, count: 0, window_start: now })
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('locked_until', '<=', now);
}
