/**
 * The local payment provider's storage (DEV_TOOLS only; ./payment-local.ts):
 * its card setups, the cards it saved, and the charges it made (the payments
 * table). It plays the provider's own systems, so it keeps what a provider
 * keeps and nothing of the account API's.
 */
import type { Db } from '../db/engine';
import type { CardBrand } from './payment';

export interface LocalSetupRow {
  id: string;
  customer_ref: string;
  secret_hash: string;
  status: 'requires_payment_method' | 'succeeded';
  method_ref: string | null;
  last_error: string | null;
}

export interface LocalCardRow {
  id: string;
  customer_ref: string | null;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: string;
  /** Null for a card saved before migration 0024. */
  fingerprint: string | null;
}

export async function findLocalSetup(db: Db, id: string): Promise<LocalSetupRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('local_payment_setups')
      .select(['id', 'customer_ref', 'secret_hash', 'status', 'method_ref', 'last_error'])
      .where('id', '=', id),
  );
  return (row as LocalSetupRow | undefined) ?? null;
}

export async function insertLocalSetup(
  db: Db,
  s: { id: string; customerRef: string; secretHash: string },
  now: number,
): Promise<void> {
  await db.run(
    db.q.insertInto('local_payment_setups').values({
      id: s.id,
      customer_ref: s.customerRef,
      secret_hash: s.secretHash,
      status: 'requires_payment_method',
      created_at: now,
    }),
  );
}

export async function recordSetupError(db: Db, id: string, reason: string): Promise<void> {
  await db.run(db.q.updateTable('local_payment_setups').set({ last_error: reason }).where('id', '=', id));
}

export interface NewLocalCard {
  id: string;
  customerRef: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: string;
  fingerprint: string;
}

/**
 * Saves the card and marks its setup succeeded, both only while the setup
 * still waits for a card: true when this call did it (a parallel confirmation
 * of the same setup saves nothing).
 */
export async function confirmSetupWithCard(db: Db, setupId: string, card: NewLocalCard, now: number): Promise<boolean> {
  const waiting = db.q
    .selectFrom('local_payment_setups')
    .select('id')
    .where('id', '=', setupId)
    .where('status', '=', 'requires_payment_method');
  const [, confirmed] = await db.batch([
    db.q
      .insertInto('local_payment_cards')
      .columns([
        'id',
        'customer_ref',
        'brand',
        'last4',
        'exp_month',
        'exp_year',
        'behaviour',
        'fingerprint',
        'created_at',
      ])
      .expression(
        db.q
          .selectNoFrom((eb) => [
            eb.val(card.id).as('id'),
            eb.val(card.customerRef).as('customer_ref'),
            eb.val(card.brand).as('brand'),
            eb.val(card.last4).as('last4'),
            eb.val(card.expMonth).as('exp_month'),
            eb.val(card.expYear).as('exp_year'),
            eb.val(card.behaviour).as('behaviour'),
            eb.val(card.fingerprint).as('fingerprint'),
            eb.val(now).as('created_at'),
          ])
          .where((eb) => eb.exists(waiting)),
      ),
    db.q
      .updateTable('local_payment_setups')
      .set({ status: 'succeeded', method_ref: card.id, last_error: null })
      .where('id', '=', setupId)
      .where('status', '=', 'requires_payment_method'),
  ]);
  return confirmed.rowsAffected === 1;
}

export async function findLocalCard(db: Db, id: string): Promise<LocalCardRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('local_payment_cards')
      .select(['id', 'customer_ref', 'brand', 'last4', 'exp_month', 'exp_year', 'behaviour', 'fingerprint'])
      .where('id', '=', id),
  );
  return (row as LocalCardRow | undefined) ?? null;
}

export async function detachLocalCard(db: Db, id: string): Promise<void> {
  await db.run(db.q.updateTable('local_payment_cards').set({ customer_ref: null }).where('id', '=', id));
}

export interface NewLocalCharge {
  id: string;
  accountId: number;
  amountCents: number;
  currency: string;
  last4: string;
  methodRef: string;
  idempotencyKey: string;
}

/**
 * Records a succeeded charge unless its idempotency key is known, and answers
 * the charge of that key (this one, or the first one: the unique index decides
 * a race).
 */
export async function chargeOnce(db: Db, c: NewLocalCharge, now: number): Promise<string | null> {
  await db.run(
    db.q
      .insertInto('payments')
      .values({
        id: c.id,
        account_id: c.accountId,
        amount_cents: c.amountCents,
        currency: c.currency,
        card_last4: c.last4,
        status: 'succeeded',
        created_at: now,
        method_ref: c.methodRef,
        idempotency_key: c.idempotencyKey,
      })
      .onConflict((oc) => oc.column('idempotency_key').where('idempotency_key', 'is not', null).doNothing()),
  );
  const row = await db.first(db.q.selectFrom('payments').select('id').where('idempotency_key', '=', c.idempotencyKey));
  return row?.id ?? null;
}

export async function findLocalCharge(
  db: Db,
  id: string,
): Promise<{ status: string; refund_attempts: number; behaviour: string | null } | null> {
  const row = await db.first(
    db.q
      .selectFrom('payments as p')
      .leftJoin('local_payment_cards as c', 'c.id', 'p.method_ref')
      .select(['p.status', 'p.refund_attempts', 'c.behaviour'])
      .where('p.id', '=', id),
  );
  return row ?? null;
}

/** The test card whose first refund fails: the try is counted, so the next one succeeds. */
export async function countFailedRefund(db: Db, id: string): Promise<void> {
  await db.run(db.q.updateTable('payments').set({ refund_attempts: 1 }).where('id', '=', id));
}

export async function refundCharge(db: Db, id: string, refundKey: string, now: number): Promise<void> {
  await db.run(
    db.q
      .updateTable('payments')
      .set((eb) => ({
        status: 'refunded',
        refunded_at: now,
        refund_key: refundKey,
        refund_attempts: eb('refund_attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where('status', '=', 'succeeded'),
  );
}
