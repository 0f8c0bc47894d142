/** The security audit log: sign-ins, failures, factor and password changes. Never secrets or codes. */
import type { Db } from '../db/engine';

export interface AuditEvent {
  accountId: number | null;
  event: string;
  ip: string | null;
  detail?: Record<string, string | number | boolean | null>;
  /** Where the request came from (server/core/reference/request-origin.ts), for the player's security-activity list. */
  origin?: { browser: string | null; os: string | null; country: string | null };
}

export function auditStatement(db: D1Database, e: AuditEvent, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (account_id, event, ip, detail, created_at, browser, os, country)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(
      e.accountId,
      e.event,
      e.ip,
      e.detail ? JSON.stringify(e.detail) : null,
      now,
      e.origin?.browser ?? null,
      e.origin?.os ?? null,
      e.origin?.country ?? null,
    );
}

/** How many `event` entries the account has after `since`. */
export async function countAccountEvents(db: Db, accountId: number, event: string, since: number): Promise<number> {
  const row = await db.first(
    db.q
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .where('event', '=', event)
      .where('created_at', '>', since),
  );
  // PostgreSQL's COUNT is a bigint, which the driver may hand over as a string.
  return Number(row?.n ?? 0);
}
