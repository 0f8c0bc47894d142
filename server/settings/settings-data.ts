/**
 * The account's own settings columns and the settings links' tokens, written with the query builder
 * (server/core/db) for both engines. Each write is a query the route puts in one batch with its audit entry.
 */
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
 * A player tag change (spec §9: two changes; choosing the first name is free) and its audit entry, one D1 batch:
 * the WHERE makes the count atomic, and the audit entry is written only when the change was.
 * TRANSITIONAL: D1 statements until the profile routes move to the query builder.
 */
export function playerTagChangeStatements(
  db: D1Database,
  t: { accountId: number; name: string; number: string; ip: string | null },
  now: number,
): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db
      .prepare(
        `UPDATE accounts SET player_tag_name = ?2, player_tag_number = ?3, updated_at = ?4,
           renames_remaining = CASE WHEN player_tag_name IS NULL THEN renames_remaining ELSE renames_remaining - 1 END
         WHERE id = ?1 AND (player_tag_name IS NULL OR renames_remaining > 0)
         RETURNING renames_remaining`,
      )
      .bind(t.accountId, t.name, t.number, now),
    db
      .prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
         SELECT ?1, 'profile.player-tag-changed', ?5, NULL, ?4
         WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?1 AND player_tag_name = ?2 AND player_tag_number = ?3
                       AND updated_at = ?4)`,
      )
      .bind(t.accountId, t.name, t.number, now, t.ip),
  ];
}
