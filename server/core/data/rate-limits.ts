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

/** Clears a key. */
export function resetCounterQuery(db: Db, k: CounterKey) {
  return db.q.deleteFrom('rate_limits').where('scope', '=', k.scope).where('key', '=', k.key);
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
