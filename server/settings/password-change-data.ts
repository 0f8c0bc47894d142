/**
 * Setting a password from settings (create or change) as one D1 batch whose
 * every statement is guarded by the credential it writes: the first statement
 * swaps the stored hash only if it is still the one the request checked
 * (change) or the account still has none (create). Every later statement runs
 * only when the credential now holds the new hash, which is unique (a random
 * salt), so of two concurrent changes exactly one takes effect and the other
 * writes nothing — no history entry, no signed-out sessions, no audit line.
 * The effect matches `passwordChangeStatements` (./accounts.ts) plus
 * server/sessions/end-sessions.ts: history kept to 5, trusted devices removed,
 * every other session ended, the launcher's autologin tokens and login/sso
 * codes removed.
 */
import type { RequestOrigin } from '../core/reference/request-origin';

const GUARD = 'EXISTS (SELECT 1 FROM credentials WHERE account_id = ?1 AND password_hash = ?2)';

export interface PasswordWrite {
  accountId: number;
  newHash: string;
  /** The stored hash the request saw (for a change, the one the current password was checked against); null: none. */
  oldHash: string | null;
  event: 'password.created' | 'password.changed';
  /** The token hash of the session to keep signed in. */
  keepSession: string;
  now: number;
  ip: string | null;
  origin: RequestOrigin;
}

/** The batch; results[0].meta.changes is 1 when it took effect, results[4] tells the sessions ended. */
export function passwordWriteStatements(db: D1Database, w: PasswordWrite): D1PreparedStatement[] {
  const first =
    w.oldHash === null
      ? db
          .prepare(
            `INSERT INTO credentials (account_id, password_hash, changed_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (account_id) DO NOTHING`,
          )
          .bind(w.accountId, w.newHash, w.now)
      : db
          .prepare(
            'UPDATE credentials SET password_hash = ?2, changed_at = ?3 WHERE account_id = ?1 AND password_hash = ?4',
          )
          .bind(w.accountId, w.newHash, w.now, w.oldHash);
  return [
    first,
    db
      .prepare(`INSERT INTO password_history (account_id, password_hash, created_at) SELECT ?1, ?2, ?3 WHERE ${GUARD}`)
      .bind(w.accountId, w.newHash, w.now),
    db
      .prepare(
        `DELETE FROM password_history WHERE account_id = ?1 AND ${GUARD} AND id NOT IN
           (SELECT id FROM password_history WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 5)`,
      )
      .bind(w.accountId, w.newHash),
    db
      .prepare(`UPDATE accounts SET has_password = 1, updated_at = ?3 WHERE id = ?1 AND ${GUARD}`)
      .bind(w.accountId, w.newHash, w.now),
    db
      .prepare(`DELETE FROM sessions WHERE account_id = ?1 AND token_hash IS NOT ?3 AND ${GUARD}`)
      .bind(w.accountId, w.newHash, w.keepSession),
    // A trusted device skips the second factor; a new password starts with none.
    db.prepare(`DELETE FROM trusted_devices WHERE account_id = ?1 AND ${GUARD}`).bind(w.accountId, w.newHash),
    db
      .prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at, browser, os, country)
         SELECT ?1, ?3, ?4, NULL, ?5, ?6, ?7, ?8 WHERE ${GUARD}`,
      )
      .bind(w.accountId, w.newHash, w.event, w.ip, w.now, w.origin.browser, w.origin.os, w.origin.country),
    // The launcher's ways back in go with the other sessions (docs/launcher.md): its autologin tokens and the
    // login/sso codes not redeemed yet.
    db.prepare(`DELETE FROM launcher_tokens WHERE account_id = ?1 AND ${GUARD}`).bind(w.accountId, w.newHash),
    db.prepare(`DELETE FROM sso_codes WHERE account_id = ?1 AND ${GUARD}`).bind(w.accountId, w.newHash),
  ];
}
