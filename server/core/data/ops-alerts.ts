/**
 * Ops alerts (issue 26): how many times today a cost budget refused a message, by kind. Kept as counters in the
 * rate-limit table (one upsert each, a day's window), so an alert costs what a rate-limit hit costs and survives
 * a restart; the dev tools list them (GET /api/dev/ops-alerts) beside the error-level log line.
 */
import { sql } from 'kysely';
import type { Db } from '../db/engine';
import { reserveSlotQuery } from './rate-limits';

const SCOPE = 'ops:alert';
const DAY = 24 * 60 * 60 * 1000;

/** Counts one alert of `kind` in today's window (a fresh window once a day has passed since it opened). */
export async function recordOpsAlert(db: Db, kind: string, now: number): Promise<void> {
  await db.run(reserveSlotQuery(db, { scope: SCOPE, key: kind }, now, DAY, Number.MAX_SAFE_INTEGER));
}

export interface OpsAlertCount {
  kind: string;
  count: number;
  since: number;
}

/** The alerts of the current windows, most frequent first. */
export async function listOpsAlerts(db: Db, now: number): Promise<OpsAlertCount[]> {
  const rows = await db.all(
    db.q
      .selectFrom('rate_limits')
      .select(['key', 'count', 'window_start'])
      .where('scope', '=', SCOPE)
      .where(sql<boolean>`${sql.ref('window_start')} + ${DAY} > ${now}`)
      .orderBy('count', 'desc')
      .orderBy('key'),
  );
  return rows.map((r) => ({ kind: r.key, count: r.count, since: r.window_start }));
}
