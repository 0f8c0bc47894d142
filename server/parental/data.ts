/**
 * Parental controls storage (migrations/0011_parental.sql, docs/parental.md):
 * who is a parent, their children (family_links), consent records, and the
 * child changes. Every change that depends on the family is one conditional
 * statement naming the parent (`… AND child_id IN (SELECT … WHERE parent_id =
 * ?)`), so another family's child, or a link a parallel request removed,
 * changes nothing. Its audit rows carry the same condition and come BEFORE it
 * in the batch (`auditWhere`): they see the state the change sees, so they are
 * written exactly when it changes a row, on D1 and PostgreSQL alike (a batch
 * is one atomic unit on both; SQLite's `changes()` has no PostgreSQL twin).
 */
import * as z from 'zod/mini';
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import { auditWhere } from '../core/data/audit';
import type { Database, Db, Query } from '../core/db/engine';
import type { CONSENT_LOCATIONS } from '../../src/shared/contract/terms';

export type ConsentLocation = (typeof CONSENT_LOCATIONS)[number];

/** Spec §9 child status: 1 active. 0: deactivated by the parent; 2: suspended after failed sign-ins. */
export const CHILD_STATUS = { active: 1, deactivated: 0, suspended: 2 } as const;

export interface FamilyAccount {
  id: number;
  email: string;
  name: string;
  status: number;
  accessibleProductIds: string;
}

const familyRow = z.object({
  id: z.number(),
  email: z.string(),
  full_name: z.nullable(z.string()),
  status: z.number(),
  accessible_product_ids: z.nullable(z.string()),
});

function toFamily(row: unknown): FamilyAccount {
  const r = familyRow.parse(row);
  return {
    id: r.id,
    email: r.email,
    name: r.full_name ?? '',
    status: r.status,
    accessibleProductIds: r.accessible_product_ids ?? '',
  };
}

/** When the account started parental-controls setup (it is a parent), or null. */
export async function parentalStartedAt(db: Db, accountId: number): Promise<number | null> {
  const row = await db.first(
    db.q.selectFrom('parental_controls').select('started_at').where('parent_id', '=', accountId),
  );
  return row?.started_at ?? null;
}

/** A family entry: the account at one end of a link (`f.child_id` or `f.parent_id`) and the link's game list. */
function familyQuery(db: Db, end: 'f.child_id' | 'f.parent_id') {
  return db.q
    .selectFrom('family_links as f')
    .innerJoin('accounts as a', 'a.id', end)
    .select(['a.id', 'a.email', 'a.full_name', 'a.status', 'f.accessible_product_ids']);
}

/** The parent's children, oldest link first. */
export async function childrenOf(db: Db, parentId: number): Promise<FamilyAccount[]> {
  const rows = await db.all(
    familyQuery(db, 'f.child_id').where('f.parent_id', '=', parentId).orderBy('f.created_at').orderBy('a.id'),
  );
  return rows.map(toFamily);
}

/** The parent of a child account, or null when the account is not in a family as a child. */
export async function parentOf(db: Db, childId: number): Promise<FamilyAccount | null> {
  const row = await db.first(familyQuery(db, 'f.parent_id').where('f.child_id', '=', childId));
  // A parent has no game list of its own (the link's list is the child's).
  return row === undefined ? null : toFamily({ ...row, accessible_product_ids: null });
}

/** The child of this parent, or null (another family's child, or no such account: the same answer). */
export async function childOfParent(db: Db, parentId: number, childId: number): Promise<FamilyAccount | null> {
  const row = await db.first(
    familyQuery(db, 'f.child_id').where('f.parent_id', '=', parentId).where('f.child_id', '=', childId),
  );
  return row === undefined ? null : toFamily(row);
}

export async function countChildren(db: Db, parentId: number): Promise<number> {
  const row = await db.first(
    db.q
      .selectFrom('family_links')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parent_id', '=', parentId),
  );
  // PostgreSQL's COUNT is a bigint, which postgres.js hands over as a string.
  return Number(row?.n ?? 0);
}

const eb = expressionBuilder<Database>();

/** The parent has started setup (a parental_controls row). */
function isParent(parentId: number): Expression<SqlBool> {
  return eb.exists(eb.selectFrom('parental_controls').select('parent_id').where('parent_id', '=', parentId));
}

/** The account is linked to this parent as its child. */
function linkedTo(parentId: number, childId: number): Expression<SqlBool> {
  return eb.exists(
    eb.selectFrom('family_links').select('child_id').where('child_id', '=', childId).where('parent_id', '=', parentId),
  );
}

/** Setup has not started for the account: the condition under which a start changes something. */
export function notStarted(parentId: number): Expression<SqlBool> {
  return eb.not(isParent(parentId));
}

/** Marks the account a parent (setup start); a second start changes nothing (rowsAffected 0). */
export function startControlsQuery(db: Db, parentId: number, now: number) {
  return db.q
    .insertInto('parental_controls')
    .values({ parent_id: parentId, started_at: now })
    .onConflict((oc) => oc.column('parent_id').doNothing());
}

/**
 * Turns controls off, only while no child remains (a child linked by a
 * parallel request keeps them on): deletes the parent row and clears the
 * consent time. The consent records stay.
 */
export function disableControlsQueries(db: Db, parentId: number, now: number) {
  const noChild = eb.not(eb.exists(eb.selectFrom('family_links').select('child_id').where('parent_id', '=', parentId)));
  return [
    db.q.deleteFrom('parental_controls').where('parent_id', '=', parentId).where(noChild),
    db.q
      .updateTable('accounts')
      .set({ parental_consent_at: null, updated_at: now })
      .where('id', '=', parentId)
      .where(noChild)
      .where(eb.not(isParent(parentId))),
  ] as const;
}

export interface ConsentRecord {
  method: 'card' | 'sms';
  consentLocation: ConsentLocation;
  providerRef: string;
  refundRef: string | null;
}

/** A parent who has started setup and has no consent yet: the condition of recording one. */
export function awaitsConsent(parentId: number): Expression<SqlBool> {
  return eb.and([
    isParent(parentId),
    eb.exists(
      eb.selectFrom('accounts').select('id').where('id', '=', parentId).where('parental_consent_at', 'is', null),
    ),
  ]);
}

/**
 * Records consent for a parent who has started setup and has none yet (one
 * conditional insert: two parallel completions record one consent), and sets
 * the parent's consent time under the same condition (both run, or neither).
 * The first query's `RETURNING id` tells whether it recorded.
 */
export function recordConsentQueries(db: Db, parentId: number, consent: ConsentRecord, now: number) {
  return [
    db.q
      .insertInto('parental_consents')
      .columns(['parent_id', 'method', 'consent_location', 'provider_ref', 'refund_ref', 'created_at'])
      .expression(
        db.q
          .selectNoFrom((s) => [
            s.val(parentId).as('parent_id'),
            s.val(consent.method).as('method'),
            s.val(consent.consentLocation).as('consent_location'),
            s.val(consent.providerRef).as('provider_ref'),
            s.val(consent.refundRef).as('refund_ref'),
            s.val(now).as('created_at'),
          ])
          .where(awaitsConsent(parentId)),
      )
      .returning('id'),
    // The insert above changed nothing in accounts or parental_controls: this sees the same condition.
    db.q
      .updateTable('accounts')
      .set({ parental_consent_at: now, updated_at: now })
      .where('id', '=', parentId)
      .where('parental_consent_at', 'is', null)
      .where(isParent(parentId)),
  ] as const;
}

export interface ConsentRow {
  method: string;
  consent_location: string;
  provider_ref: string;
  refund_ref: string | null;
  created_at: number;
}

export async function latestConsent(db: Db, parentId: number): Promise<ConsentRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('parental_consents')
      .select(['method', 'consent_location', 'provider_ref', 'refund_ref', 'created_at'])
      .where('parent_id', '=', parentId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  );
  return row ?? null;
}

/** The parent's own child whose status differs from `status`: the condition of a status change. */
export function childStatusDiffers(parentId: number, childId: number, status: number): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', childId)
      .where('status', '!=', status)
      .where(linkedTo(parentId, childId)),
  );
}

/** Sets a child's status (1 active, 0 deactivated), only for the parent's own child and only when it differs. */
export function setChildStatusQuery(db: Db, parentId: number, childId: number, status: number, now: number) {
  return db.q
    .updateTable('accounts')
    .set({ status, updated_at: now })
    .where('id', '=', childId)
    .where('status', '!=', status)
    .where(linkedTo(parentId, childId))
    .returning('id');
}

/** The parent's own child, active: the condition of a release. */
export function releasable(parentId: number, childId: number): Expression<SqlBool> {
  return eb.and([
    linkedTo(parentId, childId),
    eb.exists(
      eb.selectFrom('accounts').select('id').where('id', '=', childId).where('status', '=', CHILD_STATUS.active),
    ),
  ]);
}

/** Releases an active child from the family (the link goes; its restrictions with it). */
export function releaseChildQuery(db: Db, parentId: number, childId: number) {
  return db.q
    .deleteFrom('family_links')
    .where('child_id', '=', childId)
    .where('parent_id', '=', parentId)
    .where(
      eb.exists(
        eb.selectFrom('accounts').select('id').where('id', '=', childId).where('status', '=', CHILD_STATUS.active),
      ),
    )
    .returning('child_id');
}

/** The child is in this parent's family: the condition of a game-access reset. */
export function inFamily(parentId: number, childId: number): Expression<SqlBool> {
  return linkedTo(parentId, childId);
}

/** Clears the games a child may access (accessibleProductId becomes empty). */
export function resetGameAccessQuery(db: Db, parentId: number, childId: number) {
  return db.q
    .updateTable('family_links')
    .set({ accessible_product_ids: '' })
    .where('child_id', '=', childId)
    .where('parent_id', '=', parentId)
    .returning('child_id');
}

/**
 * The child has no parent, is no parent itself, and the parent is no child:
 * the condition of linking them.
 */
export function linkable(parentId: number, childId: number): Expression<SqlBool> {
  return eb.and([
    eb.not(eb.exists(eb.selectFrom('family_links').select('child_id').where('child_id', '=', childId))),
    eb.not(isParent(childId)),
    eb.not(eb.exists(eb.selectFrom('family_links').select('child_id').where('child_id', '=', parentId))),
  ]);
}

/**
 * Links a child to the parent, only when `linkable`; marks the parent's
 * consent on the child (its terms count as consented by the parent).
 */
export function linkChildQueries(db: Db, parentId: number, childId: number, now: number) {
  return [
    db.q
      .insertInto('family_links')
      .columns(['child_id', 'parent_id', 'accessible_product_ids', 'created_at'])
      .expression(
        db.q
          .selectNoFrom((s) => [
            s.val(childId).as('child_id'),
            s.val(parentId).as('parent_id'),
            s.val('').as('accessible_product_ids'),
            s.val(now).as('created_at'),
          ])
          .where(linkable(parentId, childId)),
      )
      .returning('child_id'),
    db.q
      .updateTable('accounts')
      .set({ parental_consent_at: now, updated_at: now })
      .where('id', '=', childId)
      .where(linkedTo(parentId, childId)),
  ] as const;
}

/** The audit entry of disabling parental controls, written only when the disable removed them (same batch, after). */
export function controlsDisabledAuditQuery(db: Db, parentId: number, ip: string | null, now: number): Query {
  return auditWhere(
    db,
    eb.not(isParent(parentId)),
    { accountId: parentId, event: 'parental.disabled', ip, detail: null },
    now,
  );
}

/** Suspends a child that is active (failed sign-ins, ./child-suspension.ts): a row back when this call did it. */
export function suspendActiveChildQuery(db: Db, accountId: number, now: number) {
  return db.q
    .updateTable('accounts')
    .set({ status: CHILD_STATUS.suspended, updated_at: now })
    .where('id', '=', accountId)
    .where('status', '=', CHILD_STATUS.active)
    .returning('id');
}
