/**
 * Saved cards, card setups and provider customers (migration 0007,
 * docs/payments.md), written with the query builder (server/core/db) for both engines.
 *
 * Every change is one batch (one transaction on either engine) that starts with a guard: a
 * statement that fails, and so rolls back the whole batch, audit row included,
 * when what the handler checked before no longer holds (a parallel request
 * used the setup, filled the last slot, or removed the card). Without it a
 * batch of conditional statements could write an audit row for a change that
 * did not happen.
 */
import type { ExpressionBuilder } from 'kysely';
import type { CardBrand } from '../../src/shared/contract/payment-methods';
import { isCheckViolation, type Database, type Db, type Query } from '../core/db/engine';
import type { SavedCard } from '../core/providers/payment';

export interface PaymentMethodRow {
  id: string;
  account_id: number;
  method_ref: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  given_name: string;
  surname: string;
  email: string;
  is_default: 0 | 1;
  created_at: number;
  /** The provider's fingerprint of the card number (null for a card saved before migration 0024). */
  card_fingerprint: string | null;
}

/** A card setup may be saved within an hour of its start (the card field is on screen meanwhile). */
export const SETUP_LIFETIME_MS = 60 * 60_000;

/** The default card first, then newest first. */
export async function listPaymentMethods(db: Db, accountId: number): Promise<PaymentMethodRow[]> {
  const rows = await db.all(
    db.q
      .selectFrom('payment_methods')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
  return rows as PaymentMethodRow[];
}

export async function findPaymentMethod(db: Db, accountId: number, id: string): Promise<PaymentMethodRow | null> {
  const row = await db.first(
    db.q.selectFrom('payment_methods').selectAll().where('id', '=', id).where('account_id', '=', accountId),
  );
  return (row as PaymentMethodRow | undefined) ?? null;
}

export async function countPaymentMethods(db: Db, accountId: number): Promise<number> {
  const row = await db.first(
    db.q
      .selectFrom('payment_methods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId),
  );
  return row?.n ?? 0;
}

export async function customerOf(db: Db, accountId: number): Promise<string | null> {
  const row = await db.first(
    db.q.selectFrom('payment_customers').select('customer_ref').where('account_id', '=', accountId),
  );
  return row?.customer_ref ?? null;
}

/** The first customer stored wins; a parallel request's duplicate is dropped (the provider's key made it the same). */
export async function storeCustomer(db: Db, accountId: number, customerRef: string, now: number) {
  await db.run(
    db.q
      .insertInto('payment_customers')
      .values({ account_id: accountId, customer_ref: customerRef, created_at: now })
      .onConflict((oc) => oc.column('account_id').doNothing()),
  );
}

export async function storeSetup(db: Db, accountId: number, setupRef: string, now: number) {
  await db.run(
    db.q
      .insertInto('payment_setups')
      .values({ setup_ref: setupRef, account_id: accountId, created_at: now, expires_at: now + SETUP_LIFETIME_MS }),
  );
}

/** True when the account started this setup, has not saved it yet, and it has not expired. */
export async function isOpenSetup(db: Db, accountId: number, setupRef: string, now: number) {
  const row = await db.first(
    db.q
      .selectFrom('payment_setups')
      .select('setup_ref')
      .where('setup_ref', '=', setupRef)
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now),
  );
  return row !== undefined;
}

type Eb = ExpressionBuilder<Database, never>;

/**
 * Fails the batch (a CHECK violation on either engine) unless `condition` holds when the batch runs.
 * `payment_batch_guard` never stores a row: the insert either adds nothing or fails. The literal 1 is inlined:
 * PostgreSQL could not type a bare parameter in `INSERT … SELECT`.
 */
function guard(db: Db, condition: (eb: Eb) => ReturnType<Eb['exists']>): Query {
  return db.q
    .insertInto('payment_batch_guard')
    .columns(['failed'])
    .expression(db.q.selectNoFrom((eb) => eb.lit(1).as('failed')).where((eb) => eb.not(condition(eb))));
}

/** The account's card `id` (a subquery for EXISTS: it was not removed meanwhile). */
function card(db: Db, accountId: number, id: string) {
  return db.q.selectFrom('payment_methods').select('id').where('id', '=', id).where('account_id', '=', accountId);
}

export interface NewCard {
  id: string;
  accountId: number;
  setupRef: string;
  card: SavedCard;
  givenName: string;
  surname: string;
  email: string;
  makeDefault: boolean;
  max: number;
}

/** Saves a confirmed setup's card: the setup is used once, the cap holds, and the first card is the default. */
export function addPaymentMethodStatements(db: Db, n: NewCard, now: number): Query[] {
  const cards = db.q.selectFrom('payment_methods').where('account_id', '=', n.accountId);
  return [
    guard(db, (eb) =>
      eb.and([
        eb.exists(
          db.q
            .selectFrom('payment_setups')
            .select('setup_ref')
            .where('setup_ref', '=', n.setupRef)
            .where('account_id', '=', n.accountId)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now),
        ),
        eb(
          cards.select((s) => s.fn.countAll<number>().as('n')),
          '<',
          n.max,
        ),
      ]),
    ),
    db.q.updateTable('payment_setups').set({ used_at: now }).where('setup_ref', '=', n.setupRef),
    // Only when asked: the new card takes the default from the others.
    ...(n.makeDefault
      ? [db.q.updateTable('payment_methods').set({ is_default: 0 }).where('account_id', '=', n.accountId)]
      : []),
    db.q.insertInto('payment_methods').values((eb) => ({
      id: n.id,
      account_id: n.accountId,
      method_ref: n.card.methodRef,
      brand: n.card.brand,
      last4: n.card.last4,
      exp_month: n.card.expMonth,
      exp_year: n.card.expYear,
      card_fingerprint: n.card.fingerprint,
      given_name: n.givenName,
      surname: n.surname,
      email: n.email,
      // The first card of the account is the default whatever was asked (decided when the batch runs).
      is_default: n.makeDefault
        ? 1
        : eb
            .case()
            .when(eb.not(eb.exists(cards.select('id'))))
            .then(eb.lit(1))
            .else(eb.lit(0))
            .end(),
      created_at: now,
    })),
  ];
}

/** Makes one card the default and every other card of the account not. */
export function setDefaultStatements(db: Db, accountId: number, id: string): Query[] {
  return [
    guard(db, (eb) => eb.exists(card(db, accountId, id))),
    db.q
      .updateTable('payment_methods')
      .set((eb) => ({ is_default: eb.case().when('id', '=', id).then(eb.lit(1)).else(eb.lit(0)).end() }))
      .where('account_id', '=', accountId),
  ];
}

/** Removes a card; when it was the default, the newest remaining card becomes the default. */
export function removeStatements(db: Db, accountId: number, id: string): Query[] {
  return [
    guard(db, (eb) => eb.exists(card(db, accountId, id))),
    db.q.deleteFrom('payment_methods').where('id', '=', id).where('account_id', '=', accountId),
    db.q
      .updateTable('payment_methods')
      .set({ is_default: 1 })
      .where((eb) =>
        eb.and([
          eb(
            'id',
            '=',
            db.q
              .selectFrom('payment_methods as newest')
              .select('newest.id')
              .where('newest.account_id', '=', accountId)
              .orderBy('newest.created_at', 'desc')
              .orderBy('newest.id', 'desc')
              .limit(1),
          ),
          eb.not(
            eb.exists(
              db.q
                .selectFrom('payment_methods as d')
                .select('d.id')
                .where('d.account_id', '=', accountId)
                .where('d.is_default', '=', 1),
            ),
          ),
        ]),
      ),
  ];
}

/** A guard failed: the state changed under the request (the guard table's CHECK, on either engine). */
export function isGuardFailure(error: unknown): boolean {
  return isCheckViolation(error);
}
