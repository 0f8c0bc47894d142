/** The security audit log: sign-ins, failures, factor and password changes. Never secrets or codes. */
import type { Db, Query } from '../db/engine';

export interface AuditEvent {
  accountId: number | null;
  event: string;
  ip: string | null;
  detail?: Record<string, string | number | boolean | null>;
  /** Where the request came from (server/core/reference/request-origin.ts), for the player's security-activity list. */
  origin?: { browser: string | null; os: string | null; country: string | null };
}

/** The audit entry as one statement, to join the batch of the change it records. */
export function auditStatement(db: Db, e: AuditEvent, now: number): Query {
  return db.q.insertInto('audit_log').values({
    account_id: e.accountId,
    event: e.event,
    ip: e.ip,
    detail: e.detail ? JSON.stringify(e.detail) : null,
    created_at: now,
    browser: e.origin?.browser ?? null,
    os: e.origin?.os ?? null,
    country: e.origin?.country ?? null,
  });
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
