/**
 * Setting a password from settings (create or change) as one batch whose
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
import { auditWhere, whileExists } from '../core/data/audit';
import type { Db, Query } from '../core/db/engine';
import type { RequestOrigin } from '../core/reference/request-origin';
import { accountEvent } from '../events/data';

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

/** The batch; results[0].rowsAffected is 1 when it took effect, results[4] tells the sessions ended. */
export function passwordWriteStatements(db: Db, w: PasswordWrite): Query[] {
  // Every statement after the first applies only while the credential holds the new (unique) hash.
  const holds = db.q
    .selectFrom('credentials')
    .select('account_id')
    .where('account_id', '=', w.accountId)
    .where('password_hash', '=', w.newHash);
  const first =
    w.oldHash === null
      ? db.q
          .insertInto('credentials')
          .values({ account_id: w.accountId, password_hash: w.newHash, changed_at: w.now })
          .onConflict((oc) => oc.column('account_id').doNothing())
      : db.q
          .updateTable('credentials')
          .set({ password_hash: w.newHash, changed_at: w.now })
          .where('account_id', '=', w.accountId)
          .where('password_hash', '=', w.oldHash);
  return [
    first,
    db.q
      .insertInto('password_history')
      .columns(['account_id', 'password_hash', 'created_at'])
      .expression(
        db.q
          .selectNoFrom((eb) => [
            eb.val(w.accountId).as('account_id'),
            eb.val(w.newHash).as('password_hash'),
            eb.val(w.now).as('created_at'),
          ])
          .where((eb) => eb.exists(holds)),
      ),
    db.q
      .deleteFrom('password_history')
      .where('account_id', '=', w.accountId)
      .where((eb) => eb.exists(holds))
      .where(
        'id',
        'not in',
        db.q
          .selectFrom('password_history as kept')
          .select('kept.id')
          .where('kept.account_id', '=', w.accountId)
          .orderBy('kept.created_at', 'desc')
          .orderBy('kept.id', 'desc')
          .limit(5),
      ),
    db.q
      .updateTable('accounts')
      .set({ has_password: 1, updated_at: w.now })
      .where('id', '=', w.accountId)
      .where((eb) => eb.exists(holds)),
    db.q
      .deleteFrom('sessions')
      .where('account_id', '=', w.accountId)
      .where('token_hash', '!=', w.keepSession)
      .where((eb) => eb.exists(holds)),
    // A trusted device skips the second factor; a new password starts with none.
    db.q
      .deleteFrom('trusted_devices')
      .where('account_id', '=', w.accountId)
      .where((eb) => eb.exists(holds)),
    auditWhere(db, whileExists(holds), { accountId: w.accountId, event: w.event, ip: w.ip, origin: w.origin }, w.now),
    // The launcher's ways back in go with the other sessions (docs/launcher.md): its autologin tokens and the
    // login/sso codes not redeemed yet.
    db.q
      .deleteFrom('launcher_tokens')
      .where('account_id', '=', w.accountId)
      .where((eb) => eb.exists(holds)),
    db.q
      .deleteFrom('sso_codes')
      .where('account_id', '=', w.accountId)
      .where((eb) => eb.exists(holds)),
    ...accountEvent(db, 'password.changed', w.accountId, { via: 'settings' }, w.now, whileExists(holds)),
  ];
}
