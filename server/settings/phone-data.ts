/**
 * The verified phone of an account (server/settings/phone-routes.ts), written with the query builder
 * (server/core/db) for both engines: the number is stored by one conditional UPDATE that checks the rules again
 * (so two accounts racing for the last place on a number cannot both get it), and the statements batched after it
 * apply only when it did.
 */
import type { Db } from '../core/db/engine';

export interface StoredPhone {
  accountId: number;
  /** E.164. */
  phone: string;
  resetEnabled: boolean;
  now: number;
  /** Spec §9: at most this many accounts on one number. */
  maxAccounts: number;
  /** Spec §9: this long between changes of the number. */
  changeLockMs: number;
}

/**
 * Stores the proven number, only while the rules still hold: fewer than `maxAccounts` other accounts on it, and a
 * change (another number than the current one) outside the lock. A new number restarts the lock. Returns the id
 * when it stored.
 */
export function storePhoneQuery(db: Db, p: StoredPhone) {
  return db.q
    .updateTable('accounts')
    .set((eb) => ({
      phone_changed_at: eb
        .case()
        .when('phone_no', '=', p.phone)
        .then(eb.fn.coalesce('phone_changed_at', eb.val(p.now)))
        .else(p.now)
        .end(),
      phone_no: p.phone,
      phone_verified_at: p.now,
      phone_reset_enabled: p.resetEnabled ? 1 : 0,
      updated_at: p.now,
    }))
    .where('id', '=', p.accountId)
    .where(
      (eb) =>
        eb
          .selectFrom('accounts as other')
          .select((sb) => sb.fn.countAll<number>().as('n'))
          .where('other.phone_no', '=', p.phone)
          .where('other.id', '!=', p.accountId)
          .where('other.phone_verified_at', 'is not', null),
      '<',
      p.maxAccounts,
    )
    .where((eb) =>
      eb.or([
        eb('phone_no', 'is', null),
        eb('phone_no', '=', p.phone),
        eb('phone_changed_at', 'is', null),
        eb('phone_changed_at', '<=', p.now - p.changeLockMs),
      ]),
    )
    .returning('id');
}

/** The account holds the number stored at `now`: the statements after the store run only then. */
function stored(db: Db, p: StoredPhone) {
  return db.q
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', p.accountId)
    .where('phone_no', '=', p.phone)
    .where('phone_verified_at', '=', p.now);
}

/** Texts to the old number stop with it: its SMS subscription ends (only when the store applied). */
export function endOtherSmsSubscriptionsQuery(db: Db, p: StoredPhone) {
  return db.q
    .updateTable('newsletter_subscriptions')
    .set({ status: 'unsubscribed', updated_at: p.now })
    .where('account_id', '=', p.accountId)
    .where('channel', '=', 'sms')
    .where('address', '!=', p.phone)
    .where('status', '!=', 'unsubscribed')
    .where((eb) => eb.exists(stored(db, p)));
}

/** The audit entry of the verified number (only when the store applied). */
export function phoneVerifiedAuditQuery(db: Db, p: StoredPhone, ip: string | null, detail: string) {
  return db.q
    .insertInto('audit_log')
    .columns(['account_id', 'event', 'ip', 'detail', 'created_at'])
    .expression(
      db.q
        .selectNoFrom((eb) => [
          eb.val(p.accountId).as('account_id'),
          eb.val('phone.verified').as('event'),
          eb.val(ip).as('ip'),
          eb.val(detail).as('detail'),
          eb.val(p.now).as('created_at'),
        ])
        .where((eb) => eb.exists(stored(db, p))),
    );
}
