/**
 * Saved cards, card setups and provider customers (migration 0007,
 * docs/payments.md). Parameterised SQL only.
 *
 * Every change is one D1 batch (one transaction) that starts with a guard: a
 * statement that fails, and so rolls back the whole batch, audit row included,
 * when what the handler checked before no longer holds (a parallel request
 * used the setup, filled the last slot, or removed the card). Without it a
 * batch of conditional statements could write an audit row for a change that
 * did not happen.
 */
import type { CardBrand } from '../../src/shared/contract/payment-methods';
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
}

/** A card setup may be saved within an hour of its start (the card field is on screen meanwhile). */
export const SETUP_LIFETIME_MS = 60 * 60_000;

/** The default card first, then newest first. */
export async function listPaymentMethods(db: D1Database, accountId: number): Promise<PaymentMethodRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM payment_methods WHERE account_id = ?1 ORDER BY is_default DESC, created_at DESC, id DESC')
    .bind(accountId)
    .all<PaymentMethodRow>();
  return results;
}

export async function findPaymentMethod(db: D1Database, accountId: number, id: string) {
  return db
    .prepare('SELECT * FROM payment_methods WHERE id = ?1 AND account_id = ?2')
    .bind(id, accountId)
    .first<PaymentMethodRow>();
}

export async function countPaymentMethods(db: D1Database, accountId: number): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM payment_methods WHERE account_id = ?1')
    .bind(accountId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function customerOf(db: D1Database, accountId: number): Promise<string | null> {
  const row = await db
    .prepare('SELECT customer_ref FROM payment_customers WHERE account_id = ?1')
    .bind(accountId)
    .first<{ customer_ref: string }>();
  return row?.customer_ref ?? null;
}

/** The first customer stored wins; a parallel request's duplicate is dropped (the provider's key made it the same). */
export async function storeCustomer(db: D1Database, accountId: number, customerRef: string, now: number) {
  await db
    .prepare(
      `INSERT INTO payment_customers (account_id, customer_ref, created_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (account_id) DO NOTHING`,
    )
    .bind(accountId, customerRef, now)
    .run();
}

export async function storeSetup(db: D1Database, accountId: number, setupRef: string, now: number) {
  await db
    .prepare('INSERT INTO payment_setups (setup_ref, account_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)')
    .bind(setupRef, accountId, now, now + SETUP_LIFETIME_MS)
    .run();
}

/** True when the account started this setup, has not saved it yet, and it has not expired. */
export async function isOpenSetup(db: D1Database, accountId: number, setupRef: string, now: number) {
  const row = await db
    .prepare(
      `SELECT 1 AS hit FROM payment_setups
       WHERE setup_ref = ?1 AND account_id = ?2 AND used_at IS NULL AND expires_at > ?3`,
    )
    .bind(setupRef, accountId, now)
    .first<{ hit: number }>();
  return row !== null;
}

/**
 * Fails the batch (a CHECK constraint) unless `condition` holds when the batch runs. `payment_batch_guard`
 * never stores a row: the insert either adds nothing or fails.
 */
function guard(db: D1Database, condition: string, ...binds: unknown[]): D1PreparedStatement {
  return db.prepare(`INSERT INTO payment_batch_guard (failed) SELECT 1 WHERE NOT (${condition})`).bind(...binds);
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
export function addPaymentMethodStatements(db: D1Database, n: NewCard, now: number): D1PreparedStatement[] {
  return [
    guard(
      db,
      `EXISTS (SELECT 1 FROM payment_setups WHERE setup_ref = ?1 AND account_id = ?2 AND used_at IS NULL AND expires_at > ?3)
       AND (SELECT COUNT(*) FROM payment_methods WHERE account_id = ?2) < ?4`,
      n.setupRef,
      n.accountId,
      now,
      n.max,
    ),
    db.prepare('UPDATE payment_setups SET used_at = ?2 WHERE setup_ref = ?1').bind(n.setupRef, now),
    db
      .prepare('UPDATE payment_methods SET is_default = 0 WHERE account_id = ?1 AND ?2 = 1')
      .bind(n.accountId, n.makeDefault ? 1 : 0),
    db
      .prepare(
        `INSERT INTO payment_methods
           (id, account_id, method_ref, brand, last4, exp_month, exp_year, given_name, surname, email, is_default, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10,
           CASE WHEN ?11 = 1 OR NOT EXISTS (SELECT 1 FROM payment_methods WHERE account_id = ?2) THEN 1 ELSE 0 END, ?12)`,
      )
      .bind(
        n.id,
        n.accountId,
        n.card.methodRef,
        n.card.brand,
        n.card.last4,
        n.card.expMonth,
        n.card.expYear,
        n.givenName,
        n.surname,
        n.email,
        n.makeDefault ? 1 : 0,
        now,
      ),
  ];
}

/** Makes one card the default and every other card of the account not. */
export function setDefaultStatements(db: D1Database, accountId: number, id: string): D1PreparedStatement[] {
  return [
    guard(db, 'EXISTS (SELECT 1 FROM payment_methods WHERE id = ?1 AND account_id = ?2)', id, accountId),
    db
      .prepare('UPDATE payment_methods SET is_default = CASE WHEN id = ?2 THEN 1 ELSE 0 END WHERE account_id = ?1')
      .bind(accountId, id),
  ];
}

/** Removes a card; when it was the default, the newest remaining card becomes the default. */
export function removeStatements(db: D1Database, accountId: number, id: string): D1PreparedStatement[] {
  return [
    guard(db, 'EXISTS (SELECT 1 FROM payment_methods WHERE id = ?1 AND account_id = ?2)', id, accountId),
    db.prepare('DELETE FROM payment_methods WHERE id = ?1 AND account_id = ?2').bind(id, accountId),
    db
      .prepare(
        `UPDATE payment_methods SET is_default = 1
         WHERE id = (SELECT id FROM payment_methods WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM payment_methods WHERE account_id = ?1 AND is_default = 1)`,
      )
      .bind(accountId),
  ];
}

/** A guard failed: the state changed under the request (D1 reports the CHECK constraint). */
export function isGuardFailure(error: unknown): boolean {
  return error instanceof Error && /CHECK constraint failed/i.test(error.message);
}
