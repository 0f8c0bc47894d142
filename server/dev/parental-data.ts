/**
 * Storage of the DEV_TOOLS parental test hooks (./parental-routes.ts): sets
 * up a family in one batch and reads back what the API recorded for an
 * account. Never mounted without DEV_TOOLS.
 */
import type { Db, Query } from '../core/db/engine';

export interface DevFamilyChange {
  accountId: number;
  isMinor?: boolean | undefined;
  /** null: out of any family; a number: linked to that parent (replacing any link). */
  parentId?: number | null | undefined;
  accessibleProductIds?: string | undefined;
  /** Marks the account a parent with consent recorded (by card, from the web). */
  consentedParent?: boolean | undefined;
}

/** The changes asked for, as one batch (nothing when nothing was asked). */
export async function setDevFamily(db: Db, f: DevFamilyChange, now: number): Promise<void> {
  const id = f.accountId;
  const queries: Query[] = [];
  if (f.isMinor !== undefined)
    queries.push(
      db.q
        .updateTable('accounts')
        .set({ is_minor: f.isMinor ? 1 : 0 })
        .where('id', '=', id),
    );
  if (f.parentId !== undefined) {
    queries.push(db.q.deleteFrom('family_links').where('child_id', '=', id));
    if (f.parentId !== null)
      queries.push(
        db.q
          .insertInto('family_links')
          .values({ child_id: id, parent_id: f.parentId, accessible_product_ids: '', created_at: now }),
      );
  }
  if (f.accessibleProductIds !== undefined)
    queries.push(
      db.q
        .updateTable('family_links')
        .set({ accessible_product_ids: f.accessibleProductIds })
        .where('child_id', '=', id),
    );
  if (f.consentedParent === true)
    queries.push(
      db.q
        .insertInto('parental_controls')
        .values({ parent_id: id, started_at: now })
        .onConflict((oc) => oc.doNothing()),
      db.q.insertInto('parental_consents').values({
        parent_id: id,
        method: 'card',
        consent_location: 'WEB',
        provider_ref: 'dev',
        created_at: now,
      }),
      db.q.updateTable('accounts').set({ parental_consent_at: now }).where('id', '=', id),
    );
  if (queries.length > 0) await db.batch(queries);
}

type Row = Record<string, string | number | null>;

/** A count as a number (PostgreSQL's COUNT is a bigint, which postgres.js hands over as a string). */
function count(row: { n: number | string | bigint } | undefined): number {
  return Number(row?.n ?? 0);
}

/** What parental controls recorded for the account (the hook's answer, apart from the account row). */
export async function devParentalRecords(db: Db, id: number) {
  const link = await db.first(db.q.selectFrom('family_links').select('parent_id').where('child_id', '=', id));
  const controls = await db.first(
    db.q
      .selectFrom('parental_controls')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parent_id', '=', id),
  );
  const sessions = await db.first(
    db.q
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', id),
  );
  const trusted = await db.first(
    db.q
      .selectFrom('trusted_devices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', id),
  );
  const children: Row[] = await db.all(
    db.q
      .selectFrom('family_links')
      .select(['child_id', 'accessible_product_ids'])
      .where('parent_id', '=', id)
      .orderBy('child_id'),
  );
  const consents: Row[] = await db.all(
    db.q
      .selectFrom('parental_consents')
      .select(['method', 'consent_location', 'provider_ref', 'refund_ref'])
      .where('parent_id', '=', id)
      .orderBy('id'),
  );
  const charges: Row[] = await db.all(
    db.q
      .selectFrom('parental_vpc_charges')
      .select(['id', 'status', 'charge_ref', 'refund_ref', 'refund_attempts', 'last4', 'amount_cents'])
      .where('parent_id', '=', id)
      .orderBy('created_at'),
  );
  const payments: Row[] = await db.all(
    db.q
      .selectFrom('payments')
      .select(['id', 'amount_cents', 'status', 'refund_attempts', 'refund_key'])
      .where('account_id', '=', id)
      .orderBy('created_at'),
  );
  const audit = await db.all(db.q.selectFrom('audit_log').select('event').where('account_id', '=', id).orderBy('id'));
  return {
    isParent: count(controls) > 0,
    parentId: link?.parent_id ?? null,
    children,
    consents,
    charges,
    payments,
    sessions: count(sessions),
    trustedDevices: count(trusted),
    audit: audit.map((r) => r.event),
  };
}

/** Puts today's count of the deployment-wide card consent cap at `used` (a fresh window starting now). */
export async function setCardCapCount(db: Db, k: { scope: string; key: string }, used: number, now: number) {
  await db.run(
    db.q
      .insertInto('rate_limits')
      .values({ scope: k.scope, key: k.key, count: used, window_start: now, locked_until: 0 })
      .onConflict((oc) =>
        oc.columns(['scope', 'key']).doUpdateSet({ count: used, window_start: now, locked_until: 0 }),
      ),
  );
}
