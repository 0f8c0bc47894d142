/**
 * The dev clock's offset (server/core/clock.ts), stored so every isolate serving the next request sees the same
 * time. Dev mode only; kept in D1 on either engine (a dev tool, not account data).
 */

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
