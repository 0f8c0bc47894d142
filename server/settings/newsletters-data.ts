/**
 * Newsletter subscriptions (migrations/0001_core.sql newsletter_subscriptions):
 * email rows keyed by address and list, SMS rows keyed by number (the list is
 * news and special offers). Written with the query builder (server/core/db) for
 * both engines; each change is a list of queries the route puts in one batch
 * with its audit entry.
 *
 * Sign-up's newsletter box (accounts.enable_mail) counts as a subscription to
 * news and special offers until the account has a row for that list; every
 * change keeps enable_mail equal to "subscribed to some email list".
 */
import * as z from 'zod/mini';
import type { Db, Query } from '../core/db/engine';
import { DEPENDENT_ID, NEWS_OFFERS_ID } from './newsletter-lists';

const statusSchema = z.enum(['pending', 'subscribed', 'unsubscribed']);
export type SubscriptionStatus = z.infer<typeof statusSchema>;

const emailRow = z.object({ product_id: z.number(), status: statusSchema });

/** The lists the account's email receives. */
export async function emailSubscriptions(db: Db, accountId: number, enableMail: boolean): Promise<Set<number>> {
  // The newest row per list wins (a row left under an earlier address of the account is older).
  const results = await db.all(
    db.q
      .selectFrom('newsletter_subscriptions as s')
      .select(['s.product_id', 's.status'])
      .where('s.account_id', '=', accountId)
      .where('s.channel', '=', 'email')
      .where((eb) =>
        eb(
          's.updated_at',
          '=',
          eb
            .selectFrom('newsletter_subscriptions as m')
            .select((m) => m.fn.max('m.updated_at').as('newest'))
            .where('m.account_id', '=', accountId)
            .where('m.channel', '=', 'email')
            .whereRef('m.product_id', '=', 's.product_id'),
        ),
      ),
  );
  const rows = z.array(emailRow).parse(results);
  const on = new Set(rows.filter((r) => r.status === 'subscribed').map((r) => r.product_id));
  // Until the first change the sign-up consent stands for news and special offers (then it is a row, below).
  if (enableMail && rows.length === 0) on.add(NEWS_OFFERS_ID);
  return on;
}

/** Whether the account changed its newsletters yet (else the sign-up box still stands for news and offers). */
export async function hasEmailSubscriptionRows(db: Db, accountId: number): Promise<boolean> {
  const row = await db.first(
    db.q
      .selectFrom('newsletter_subscriptions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('channel', '=', 'email')
      .limit(1),
  );
  return row !== undefined;
}

/** Before the first change, the sign-up consent becomes its row, so the change does not lose it. */
function materialiseConsent(db: Db, accountId: number, address: string, now: number): Query {
  return db.q
    .insertInto('newsletter_subscriptions')
    .columns(['account_id', 'channel', 'address', 'product_id', 'status', 'created_at', 'updated_at'])
    .expression(
      db.q
        .selectNoFrom((eb) => [
          eb.val(accountId).as('account_id'),
          eb.val('email').as('channel'),
          eb.val(address.toLowerCase()).as('address'),
          eb.val(NEWS_OFFERS_ID).as('product_id'),
          eb.val('subscribed').as('status'),
          eb.val(now).as('created_at'),
          eb.val(now).as('updated_at'),
        ])
        .where((eb) =>
          eb.and([
            eb(db.q.selectFrom('accounts').select('enable_mail').where('id', '=', accountId), '=', 1),
            eb.not(
              eb.exists(
                db.q
                  .selectFrom('newsletter_subscriptions')
                  .select('id')
                  .where('account_id', '=', accountId)
                  .where('channel', '=', 'email'),
              ),
            ),
          ]),
        ),
    )
    .onConflict((oc) => oc.columns(['channel', 'address', 'product_id']).doNothing());
}

function upsertEmail(
  db: Db,
  accountId: number | null,
  address: string,
  productId: number,
  status: SubscriptionStatus,
  now: number,
): Query {
  return db.q
    .insertInto('newsletter_subscriptions')
    .values({
      account_id: accountId,
      channel: 'email',
      address: address.toLowerCase(),
      product_id: productId,
      status,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['channel', 'address', 'product_id']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        updated_at: eb.ref('excluded.updated_at'),
        account_id: eb.fn.coalesce('excluded.account_id', 'newsletter_subscriptions.account_id'),
      })),
    );
}

/** Earlier rows of the account for these lists (under another address) follow the change too. */
function otherAddresses(
  db: Db,
  accountId: number,
  productIds: readonly number[],
  status: SubscriptionStatus,
  now: number,
): Query {
  return db.q
    .updateTable('newsletter_subscriptions')
    .set({ status, updated_at: now })
    .where('account_id', '=', accountId)
    .where('channel', '=', 'email')
    .where('product_id', 'in', productIds);
}

function syncEnableMail(db: Db, accountId: number, now: number): Query {
  return db.q
    .updateTable('accounts')
    .set((eb) => ({
      updated_at: now,
      // A 0/1 flag on both engines (EXISTS is a boolean on PostgreSQL).
      enable_mail: eb
        .case()
        .when(
          eb.exists(
            db.q
              .selectFrom('newsletter_subscriptions')
              .select('id')
              .where('account_id', '=', accountId)
              .where('channel', '=', 'email')
              .where('status', '=', 'subscribed'),
          ),
        )
        .then(eb.lit(1))
        .else(eb.lit(0))
        .end(),
    }))
    .where('id', '=', accountId);
}

/**
 * Subscribes the account's address to a list; 59794 depends on news and special offers (spec §9), so it brings
 * 59749 with it. Returns the lists it subscribed.
 */
export function subscribeStatements(
  db: Db,
  accountId: number,
  address: string,
  productId: number,
  now: number,
): { statements: Query[]; lists: number[] } {
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
  db: Db,
  accountId: number,
  address: string,
  productId: number,
  now: number,
): Query[] {
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
  db: Db,
  accountId: number | null,
  address: string,
  productIds: readonly number[],
  now: number,
): Query[] {
  const statements = [
    ...(accountId !== null ? [materialiseConsent(db, accountId, address, now)] : []),
    db.q
      .updateTable('newsletter_subscriptions')
      .set({ status: 'unsubscribed', updated_at: now })
      .where('channel', '=', 'email')
      .where('address', '=', address.toLowerCase())
      .where('product_id', 'in', productIds),
    ...productIds.map((id) => upsertEmail(db, accountId, address, id, 'unsubscribed', now)),
  ];
  if (accountId !== null) statements.push(syncEnableMail(db, accountId, now));
  return statements;
}

/** The account's SMS subscription on its current number. */
export async function smsSubscription(
  db: Db,
  accountId: number,
  phone: string | null,
): Promise<SubscriptionStatus | null> {
  if (phone === null) return null;
  const row = await db.first(
    db.q
      .selectFrom('newsletter_subscriptions')
      .select('status')
      .where('account_id', '=', accountId)
      .where('channel', '=', 'sms')
      .where('address', '=', phone)
      .where('product_id', '=', NEWS_OFFERS_ID),
  );
  return row === undefined ? null : statusSchema.parse(row.status);
}

/** Opt-in: pending until the reply (spec §4). A subscribed number stays subscribed. */
export function smsPendingStatement(db: Db, accountId: number, phone: string, now: number) {
  return db.q
    .insertInto('newsletter_subscriptions')
    .values({
      account_id: accountId,
      channel: 'sms',
      address: phone,
      product_id: NEWS_OFFERS_ID,
      status: 'pending',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['channel', 'address', 'product_id']).doUpdateSet((eb) => ({
        account_id: eb.ref('excluded.account_id'),
        updated_at: eb.ref('excluded.updated_at'),
        // Every SET expression reads the row as it was (both engines), so this sees the old account and status.
        status: eb
          .case()
          .when(
            eb.and([
              eb('newsletter_subscriptions.status', '=', 'subscribed'),
              eb('newsletter_subscriptions.account_id', '=', eb.ref('excluded.account_id')),
            ]),
          )
          .then(eb.val('subscribed'))
          .else(eb.val('pending'))
          .end(),
      })),
    );
}

export interface SmsRowChange {
  account_id: number | null;
}

/**
 * The reply YES: pending rows of the number become subscribed. Conditional, with RETURNING, so the accounts it
 * touched are known (for the audit and the email) from the same statement.
 */
export function smsConfirmStatement(db: Db, phone: string, now: number) {
  return db.q
    .updateTable('newsletter_subscriptions')
    .set({ status: 'subscribed', updated_at: now })
    .where('channel', '=', 'sms')
    .where('address', '=', phone)
    .where('status', '=', 'pending')
    .returning('account_id');
}

/** STOP (or leaving from the screen, `accountId` given): every live SMS subscription of the number ends. */
export function smsStopStatement(db: Db, phone: string, now: number, accountId?: number) {
  const stop = db.q
    .updateTable('newsletter_subscriptions')
    .set({ status: 'unsubscribed', updated_at: now })
    .where('channel', '=', 'sms')
    .where('address', '=', phone)
    .where('status', '!=', 'unsubscribed');
  return (accountId === undefined ? stop : stop.where('account_id', '=', accountId)).returning('account_id');
}

/** Records an inbound message id once; no row returned when it was seen before: a replay. */
export function recordInboundStatement(db: Db, messageId: string, sender: string, keyword: string, now: number) {
  return db.q
    .insertInto('sms_inbound')
    .values({ message_id: messageId, sender, keyword, received_at: now })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('message_id');
}

export function pruneInboundStatement(db: Db, now: number) {
  return db.q.deleteFrom('sms_inbound').where('received_at', '<', now - 30 * 24 * 60 * 60_000);
}

/**
 * The audit rows of an SMS reply, written from the rows the change is about to touch (run it before the change,
 * in the same batch): one per account whose subscription on the number is `pending` (YES) or live (STOP).
 */
export function smsReplyAuditStatement(
  db: Db,
  phone: string,
  stop: boolean,
  event: string,
  detail: string,
  now: number,
): Query {
  const rows = db.q
    .selectFrom('newsletter_subscriptions')
    .select((eb) => [
      'account_id',
      eb.val(event).as('event'),
      eb.val(detail).as('detail'),
      eb.val(now).as('created_at'),
    ])
    .where('channel', '=', 'sms')
    .where('address', '=', phone);
  return db.q
    .insertInto('audit_log')
    .columns(['account_id', 'event', 'detail', 'created_at'])
    .expression(stop ? rows.where('status', '!=', 'unsubscribed') : rows.where('status', '=', 'pending'));
}

/** The language an account signed up in (its emails' language when the request has none). */
export async function signupLanguage(db: Db, accountId: number): Promise<string | undefined> {
  const row = await db.first(db.q.selectFrom('signup_details').select('language').where('account_id', '=', accountId));
  return row?.language;
}

/** The id and newsletter box of the account holding an address (case-insensitive, like the column). */
export async function accountByEmail(db: Db, email: string) {
  return db.first(db.q.selectFrom('accounts').select(['id', 'enable_mail']).where('email', '=', email));
}

/** An account's email address, or undefined when it is gone. */
export async function emailOf(db: Db, accountId: number): Promise<string | undefined> {
  return (await db.first(db.q.selectFrom('accounts').select('email').where('id', '=', accountId)))?.email;
}
