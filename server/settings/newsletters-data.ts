/**
 * Newsletter subscriptions (migrations/0001_core.sql newsletter_subscriptions):
 * email rows keyed by address and list, SMS rows keyed by number (the list is
 * news and special offers). Parameterised SQL only; each change is a list of
 * statements the route puts in one batch with its audit entry.
 *
 * Sign-up's newsletter box (accounts.enable_mail) counts as a subscription to
 * news and special offers until the account has a row for that list; every
 * change keeps enable_mail equal to "subscribed to some email list".
 */
import * as z from 'zod/mini';
import { DEPENDENT_ID, NEWS_OFFERS_ID } from './newsletter-lists';

const statusSchema = z.enum(['pending', 'subscribed', 'unsubscribed']);
export type SubscriptionStatus = z.infer<typeof statusSchema>;

const emailRow = z.object({ product_id: z.number(), status: statusSchema });

/** The lists the account's email receives. */
export async function emailSubscriptions(db: D1Database, accountId: number, enableMail: boolean): Promise<Set<number>> {
  // The newest row per list wins (a row left under an earlier address of the account is older).
  const { results } = await db
    .prepare(
      `SELECT product_id, status FROM newsletter_subscriptions AS s
       WHERE account_id = ?1 AND channel = 'email' AND updated_at = (
         SELECT max(updated_at) FROM newsletter_subscriptions
         WHERE account_id = ?1 AND channel = 'email' AND product_id = s.product_id)`,
    )
    .bind(accountId)
    .all();
  const rows = z.array(emailRow).parse(results);
  const on = new Set(rows.filter((r) => r.status === 'subscribed').map((r) => r.product_id));
  // Until the first change the sign-up consent stands for news and special offers (then it is a row, below).
  if (enableMail && rows.length === 0) on.add(NEWS_OFFERS_ID);
  return on;
}

/** Whether the account changed its newsletters yet (else the sign-up box still stands for news and offers). */
export async function hasEmailSubscriptionRows(db: D1Database, accountId: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS hit FROM newsletter_subscriptions WHERE account_id = ?1 AND channel = 'email' LIMIT 1")
    .bind(accountId)
    .first<{ hit: number }>();
  return row !== null;
}

/** Before the first change, the sign-up consent becomes its row, so the change does not lose it. */
function materialiseConsent(db: D1Database, accountId: number, address: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO newsletter_subscriptions (account_id, channel, address, product_id, status, created_at, updated_at)
       SELECT ?1, 'email', ?2, ?3, 'subscribed', ?4, ?4
       WHERE (SELECT enable_mail FROM accounts WHERE id = ?1) = 1
         AND NOT EXISTS (SELECT 1 FROM newsletter_subscriptions WHERE account_id = ?1 AND channel = 'email')
       ON CONFLICT (channel, address, product_id) DO NOTHING`,
    )
    .bind(accountId, address.toLowerCase(), NEWS_OFFERS_ID, now);
}

function upsertEmail(
  db: D1Database,
  accountId: number | null,
  address: string,
  productId: number,
  status: SubscriptionStatus,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO newsletter_subscriptions (account_id, channel, address, product_id, status, created_at, updated_at)
       VALUES (?1, 'email', ?2, ?3, ?4, ?5, ?5)
       ON CONFLICT (channel, address, product_id) DO UPDATE SET
         status = excluded.status, updated_at = excluded.updated_at,
         account_id = coalesce(excluded.account_id, account_id)`,
    )
    .bind(accountId, address.toLowerCase(), productId, status, now);
}

/** Earlier rows of the account for these lists (under another address) follow the change too. */
function otherAddresses(
  db: D1Database,
  accountId: number,
  productIds: readonly number[],
  status: SubscriptionStatus,
  now: number,
) {
  return db
    .prepare(
      `UPDATE newsletter_subscriptions SET status = ?2, updated_at = ?3
       WHERE account_id = ?1 AND channel = 'email' AND product_id IN (SELECT value FROM json_each(?4))`,
    )
    .bind(accountId, status, now, JSON.stringify(productIds));
}

function syncEnableMail(db: D1Database, accountId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE accounts SET updated_at = ?2, enable_mail = EXISTS (
         SELECT 1 FROM newsletter_subscriptions
         WHERE account_id = ?1 AND channel = 'email' AND status = 'subscribed')
       WHERE id = ?1`,
    )
    .bind(accountId, now);
}

/**
 * Subscribes the account's address to a list; 59794 depends on news and special offers (spec §9), so it brings
 * 59749 with it. Returns the lists it subscribed.
 */
export function subscribeStatements(
  db: D1Database,
  accountId: number,
  address: string,
  productId: number,
  now: number,
): { statements: D1PreparedStatement[]; lists: number[] } {
  const lists = productId === DEPENDENT_ID ? [NEWS_OFFERS_ID, DEPENDENT_ID] : [productId];
  return {
    statements: [
      materialiseConsent(db, accountId, address, now),
      otherAddresses(db, accountId, lists, 'subscribed', now),
      ...lists.map((id) => upsertEmail(db, accountId, address, id, 'subscribed', now)),
      syncEnableMail(db, accountId, now),
    ],
    lists,
  };
}

/** The lists leaving `productId` leaves: news and special offers takes 59794 with it. */
export function listsLeft(productId: number): number[] {
  return productId === NEWS_OFFERS_ID ? [NEWS_OFFERS_ID, DEPENDENT_ID] : [productId];
}

export function unsubscribeStatements(
  db: D1Database,
  accountId: number,
  address: string,
  productId: number,
  now: number,
): D1PreparedStatement[] {
  const lists = listsLeft(productId);
  return [
    materialiseConsent(db, accountId, address, now),
    otherAddresses(db, accountId, lists, 'unsubscribed', now),
    ...lists.map((id) => upsertEmail(db, accountId, address, id, 'unsubscribed', now)),
    syncEnableMail(db, accountId, now),
  ];
}

/** A signed link's opt-out, for whatever account holds the address now (or none, before sign-up). */
export function optOutStatements(
  db: D1Database,
  accountId: number | null,
  address: string,
  productIds: readonly number[],
  now: number,
): D1PreparedStatement[] {
  const statements = [
    ...(accountId !== null ? [materialiseConsent(db, accountId, address, now)] : []),
    db
      .prepare(
        `UPDATE newsletter_subscriptions SET status = 'unsubscribed', updated_at = ?3
         WHERE channel = 'email' AND address = ?1 AND product_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(address.toLowerCase(), JSON.stringify(productIds), now),
    ...productIds.map((id) => upsertEmail(db, accountId, address, id, 'unsubscribed', now)),
  ];
  if (accountId !== null) statements.push(syncEnableMail(db, accountId, now));
  return statements;
}

/** The account's SMS subscription on its current number. */
export async function smsSubscription(
  db: D1Database,
  accountId: number,
  phone: string | null,
): Promise<SubscriptionStatus | null> {
  if (phone === null) return null;
  const row = await db
    .prepare(
      `SELECT status FROM newsletter_subscriptions
       WHERE account_id = ?1 AND channel = 'sms' AND address = ?2 AND product_id = ?3`,
    )
    .bind(accountId, phone, NEWS_OFFERS_ID)
    .first<{ status: string }>();
  return row === null ? null : statusSchema.parse(row.status);
}

/** Opt-in: pending until the reply (spec §4). A subscribed number stays subscribed. */
export function smsPendingStatement(db: D1Database, accountId: number, phone: string, now: number) {
  return db
    .prepare(
      `INSERT INTO newsletter_subscriptions (account_id, channel, address, product_id, status, created_at, updated_at)
       VALUES (?1, 'sms', ?2, ?3, 'pending', ?4, ?4)
       ON CONFLICT (channel, address, product_id) DO UPDATE SET
         account_id = excluded.account_id, updated_at = excluded.updated_at,
         status = CASE WHEN status = 'subscribed' AND account_id = excluded.account_id THEN 'subscribed' ELSE 'pending' END`,
    )
    .bind(accountId, phone, NEWS_OFFERS_ID, now);
}

export interface SmsRowChange {
  account_id: number | null;
}

/**
 * The reply YES: pending rows of the number become subscribed. Conditional, with RETURNING, so the accounts it
 * touched are known (for the audit and the email) from the same statement.
 */
export function smsConfirmStatement(db: D1Database, phone: string, now: number) {
  return db
    .prepare(
      `UPDATE newsletter_subscriptions SET status = 'subscribed', updated_at = ?2
       WHERE channel = 'sms' AND address = ?1 AND status = 'pending' RETURNING account_id`,
    )
    .bind(phone, now);
}

/** STOP (or leaving from the screen, `accountId` given): every live SMS subscription of the number ends. */
export function smsStopStatement(db: D1Database, phone: string, now: number, accountId?: number) {
  return db
    .prepare(
      `UPDATE newsletter_subscriptions SET status = 'unsubscribed', updated_at = ?2
       WHERE channel = 'sms' AND address = ?1 AND status != 'unsubscribed' AND (?3 IS NULL OR account_id = ?3)
       RETURNING account_id`,
    )
    .bind(phone, now, accountId ?? null);
}

/** Records an inbound message id once; false (no row) when it was seen before: a replay. */
export function recordInboundStatement(
  db: D1Database,
  messageId: string,
  sender: string,
  keyword: string,
  now: number,
) {
  return db
    .prepare(
      `INSERT INTO sms_inbound (message_id, sender, keyword, received_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (message_id) DO NOTHING RETURNING message_id`,
    )
    .bind(messageId, sender, keyword, now);
}

export function pruneInboundStatement(db: D1Database, now: number) {
  return db.prepare('DELETE FROM sms_inbound WHERE received_at < ?1').bind(now - 30 * 24 * 60 * 60_000);
}
