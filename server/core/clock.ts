/**
 * The API's one clock. Every expiry, lock and rate-limit window reads time
 * from here. In production it is the system clock; with DEV_TOOLS the tests
 * can move it with POST /api/dev/clock, and the offset is stored in D1 so
 * every isolate serving the next request sees the same time.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export function systemClock(offsetMs = 0): Clock {
  return { now: () => Date.now() + offsetMs };
}

/** Reads the dev offset; called only when DEV_TOOLS is on. */
export async function readDevOffset(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT offset_ms FROM dev_clock WHERE id = 1').first<{ offset_ms: number }>();
  return row?.offset_ms ?? 0;
}

export async function writeDevOffset(db: D1Database, offsetMs: number): Promise<void> {
  await db
    .prepare('INSERT INTO dev_clock (id, offset_ms) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET offset_ms = ?1')
    .bind(offsetMs)
    .run();
}
