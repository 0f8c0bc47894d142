/** The security audit log: sign-ins, failures, factor and password changes. Never secrets or codes. */
import { expressionBuilder, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, Db, Query } from '../db/engine';

export interface AuditEvent {
  accountId: number | null;
  event: string;
  ip: string | null;
  detail?: Record<string, string | number | boolean | null> | null;
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

/**
 * The audit entry of a conditional change, written only where `guard` holds: put it in the change's batch BEFORE
 * the change, with the change's own condition, so the entry exists exactly when the change happened (a batch has
 * no "rows changed so far" a later statement could test on both engines).
 */
export function auditWhere(db: Db, guard: Expression<SqlBool>, e: AuditEvent, now: number): Query {
  return db.q
    .insertInto('audit_log')
    .columns(['account_id', 'event', 'ip', 'detail', 'created_at', 'browser', 'os', 'country'])
    .expression(
      db.q
        .selectNoFrom((s) => [
          s.val(e.accountId).as('account_id'),
          s.val(e.event).as('event'),
          s.val(e.ip).as('ip'),
          s.val(e.detail ? JSON.stringify(e.detail) : null).as('detail'),
          s.val(now).as('created_at'),
          s.val(e.origin?.browser ?? null).as('browser'),
          s.val(e.origin?.os ?? null).as('os'),
          s.val(e.origin?.country ?? null).as('country'),
        ])
        .where(guard),
    );
}

/** A guard that holds while `query` finds a row (for auditWhere and the conditional writes beside it). */
export function whileExists(query: Parameters<ExpressionBuilder<Database, never>['exists']>[0]): Expression<SqlBool> {
  return expressionBuilder<Database>().exists(query);
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
