/**
 * The account's own settings columns and the settings links' tokens, written with the query builder
 * (server/core/db) for both engines. Each write is a query the route puts in one batch with its audit entry.
 */
import { auditWhere, whileExists } from '../core/data/audit';
import type { Db, Query } from '../core/db/engine';

/** The security-alert choice (issue 18). */
export function setSecurityAlertsStatement(db: Db, accountId: number, enabled: boolean, now: number): Query {
  return db.q
    .updateTable('accounts')
    .set({ security_alerts: enabled ? 1 : 0, updated_at: now })
    .where('id', '=', accountId);
}

/** Whether a verified phone may recover the account (spec §5). */
export function setPhoneResetStatement(db: Db, accountId: number, enabled: boolean, now: number): Query {
  return db.q
    .updateTable('accounts')
    .set({ phone_reset_enabled: enabled ? 1 : 0, updated_at: now })
    .where('id', '=', accountId);
}

/** The full name (already normalised and checked). */
export function setFullNameStatement(db: Db, accountId: number, fullName: string, now: number): Query {
  return db.q.updateTable('accounts').set({ full_name: fullName, updated_at: now }).where('id', '=', accountId);
}

/** The membership number of another account holding `email` (case-insensitive, like the column), if any. */
export async function otherHolderOf(db: Db, accountId: number, email: string) {
  return db.first(
    db.q.selectFrom('accounts').select('membership_no').where('email', '=', email).where('id', '<>', accountId),
  );
}

/**
 * A player tag change (spec §9: two changes; choosing the first name is free) and its audit entry, one batch:
 * the WHERE makes the count atomic (SET reads the row's old values on both engines), and the audit entry is written
 * only when the change was (the row then holds this name, number and time).
 */
export function playerTagChangeStatements(
  db: Db,
  t: { accountId: number; name: string; number: string; ip: string | null },
  now: number,
) {
  return [
    db.q
      .updateTable('accounts')
      .set((eb) => ({
        player_tag_name: t.name,
        player_tag_number: t.number,
        updated_at: now,
        renames_remaining: eb
          .case()
          .when('player_tag_name', 'is', null)
          .then(eb.ref('renames_remaining'))
          .else(eb('renames_remaining', '-', 1))
          .end(),
      }))
      .where('id', '=', t.accountId)
      .where((eb) => eb.or([eb('player_tag_name', 'is', null), eb('renames_remaining', '>', 0)]))
      .returning('renames_remaining'),
    // After the update, guarded by its result: the entry exists only when the tag changed.
    auditWhere(
      db,
      whileExists(
        db.q
          .selectFrom('accounts')
          .select('id')
          .where('id', '=', t.accountId)
          .where('player_tag_name', '=', t.name)
          .where('player_tag_number', '=', t.number)
          .where('updated_at', '=', now),
      ),
      { accountId: t.accountId, event: 'profile.player-tag-changed', ip: t.ip },
      now,
    ),
  ] as const;
}
