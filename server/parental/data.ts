/**
 * Parental controls storage (migrations/0011_parental.sql, docs/parental.md):
 * who is a parent, their children (family_links), consent records, and the
 * child changes. Every change that depends on the family is one conditional
 * statement naming the parent (`… AND child_id IN (SELECT … WHERE parent_id =
 * ?)`), so another family's child, or a link a parallel request removed,
 * changes nothing; the audit row that follows is written only when that
 * statement changed a row (`changes()`, same batch, same connection).
 */
import * as z from 'zod/mini';
import type { Db } from '../core/db/engine';
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
export async function parentalStartedAt(db: D1Database, accountId: number): Promise<number | null> {
  const row = await db
    .prepare('SELECT started_at FROM parental_controls WHERE parent_id = ?1')
    .bind(accountId)
    .first<{ started_at: number }>();
  return row?.started_at ?? null;
}

/** The parent's children, oldest link first. */
export async function childrenOf(db: D1Database, parentId: number): Promise<FamilyAccount[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.email, a.full_name, a.status, f.accessible_product_ids
       FROM family_links f JOIN accounts a ON a.id = f.child_id
       WHERE f.parent_id = ?1 ORDER BY f.created_at, a.id`,
    )
    .bind(parentId)
    .all();
  return results.map(toFamily);
}

/** The parent of a child account, or null when the account is not in a family as a child. */
export async function parentOf(db: D1Database, childId: number): Promise<FamilyAccount | null> {
  const row = await db
    .prepare(
      `SELECT a.id, a.email, a.full_name, a.status, NULL AS accessible_product_ids
       FROM family_links f JOIN accounts a ON a.id = f.parent_id WHERE f.child_id = ?1`,
    )
    .bind(childId)
    .first();
  return row === null ? null : toFamily(row);
}

/** The child of this parent, or null (another family's child, or no such account: the same answer). */
export async function childOfParent(db: D1Database, parentId: number, childId: number): Promise<FamilyAccount | null> {
  const row = await db
    .prepare(
      `SELECT a.id, a.email, a.full_name, a.status, f.accessible_product_ids
       FROM family_links f JOIN accounts a ON a.id = f.child_id
       WHERE f.parent_id = ?1 AND f.child_id = ?2`,
    )
    .bind(parentId, childId)
    .first();
  return row === null ? null : toFamily(row);
}

export async function countChildren(db: D1Database, parentId: number): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM family_links WHERE parent_id = ?1')
    .bind(parentId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Marks the account a parent (setup start); a second start changes nothing. */
export function startControlsStatement(db: D1Database, parentId: number, now: number): D1PreparedStatement {
  return db
    .prepare('INSERT INTO parental_controls (parent_id, started_at) VALUES (?1, ?2) ON CONFLICT (parent_id) DO NOTHING')
    .bind(parentId, now);
}

/**
 * Turns controls off, only while no child remains (a child linked by a
 * parallel request keeps them on): deletes the parent row and clears the
 * consent time. The consent records stay.
 */
export function disableControlsStatements(db: D1Database, parentId: number, now: number): D1PreparedStatement[] {
  const noChild = 'NOT EXISTS (SELECT 1 FROM family_links WHERE parent_id = ?1)';
  return [
    db.prepare(`DELETE FROM parental_controls WHERE parent_id = ?1 AND ${noChild}`).bind(parentId),
    db
      .prepare(
        `UPDATE accounts SET parental_consent_at = NULL, updated_at = ?2
         WHERE id = ?1 AND ${noChild} AND NOT EXISTS (SELECT 1 FROM parental_controls WHERE parent_id = ?1)`,
      )
      .bind(parentId, now),
  ];
}

export interface ConsentRecord {
  method: 'card' | 'sms';
  consentLocation: ConsentLocation;
  providerRef: string;
  refundRef: string | null;
}

/**
 * Records consent for a parent who has started setup and has none yet (one
 * conditional insert: two parallel completions record one consent), and sets
 * the parent's consent time. Returns the statements; the first one's
 * `RETURNING id` tells whether it recorded.
 */
export function recordConsentStatements(
  db: D1Database,
  parentId: number,
  consent: ConsentRecord,
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO parental_consents (parent_id, method, consent_location, provider_ref, refund_ref, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
         WHERE EXISTS (SELECT 1 FROM parental_controls WHERE parent_id = ?1)
           AND (SELECT parental_consent_at FROM accounts WHERE id = ?1) IS NULL
         RETURNING id`,
      )
      .bind(parentId, consent.method, consent.consentLocation, consent.providerRef, consent.refundRef, now),
    db
      .prepare(
        `UPDATE accounts SET parental_consent_at = ?2, updated_at = ?2
         WHERE id = ?1 AND parental_consent_at IS NULL AND changes() = 1`,
      )
      .bind(parentId, now),
  ];
}

export interface ConsentRow {
  method: string;
  consent_location: string;
  provider_ref: string;
  refund_ref: string | null;
  created_at: number;
}

export async function latestConsent(db: D1Database, parentId: number): Promise<ConsentRow | null> {
  return db
    .prepare(
      `SELECT method, consent_location, provider_ref, refund_ref, created_at FROM parental_consents
       WHERE parent_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    )
    .bind(parentId)
    .first<ConsentRow>();
}

/** The child of this parent only: the condition every child change carries. */
const OWN_CHILD = 'id = ?1 AND id IN (SELECT child_id FROM family_links WHERE parent_id = ?2)';

/** Sets a child's status (1 active, 0 deactivated), only for the parent's own child and only when it differs. */
export function setChildStatusStatement(
  db: D1Database,
  parentId: number,
  childId: number,
  status: number,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(`UPDATE accounts SET status = ?3, updated_at = ?4 WHERE ${OWN_CHILD} AND status != ?3 RETURNING id`)
    .bind(childId, parentId, status, now);
}

/** Releases an active child from the family (the link goes; its restrictions with it). */
export function releaseChildStatement(db: D1Database, parentId: number, childId: number): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM family_links WHERE child_id = ?1 AND parent_id = ?2
         AND EXISTS (SELECT 1 FROM accounts WHERE id = ?1 AND status = ${String(CHILD_STATUS.active)})
       RETURNING child_id`,
    )
    .bind(childId, parentId);
}

/** Clears the games a child may access (accessibleProductId becomes empty). */
export function resetGameAccessStatement(db: D1Database, parentId: number, childId: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE family_links SET accessible_product_ids = '' WHERE child_id = ?1 AND parent_id = ?2
       RETURNING child_id`,
    )
    .bind(childId, parentId);
}

/**
 * Links a child to the parent, only when it has no parent yet and is not a
 * parent itself; marks the parent's consent on the child (its terms count as
 * consented by the parent).
 */
export function linkChildStatements(
  db: D1Database,
  parentId: number,
  childId: number,
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO family_links (child_id, parent_id, accessible_product_ids, created_at)
         SELECT ?1, ?2, '', ?3
         WHERE NOT EXISTS (SELECT 1 FROM family_links WHERE child_id = ?1)
           AND NOT EXISTS (SELECT 1 FROM parental_controls WHERE parent_id = ?1)
           AND NOT EXISTS (SELECT 1 FROM family_links WHERE child_id = ?2)
         RETURNING child_id`,
      )
      .bind(childId, parentId, now),
    db
      .prepare(
        `UPDATE accounts SET parental_consent_at = ?3, updated_at = ?3
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM family_links WHERE child_id = ?1 AND parent_id = ?2)`,
      )
      .bind(childId, parentId, now),
  ];
}

/** An audit row written only when the statement before it in the batch changed a row. */
export function auditIfChanged(
  db: D1Database,
  accountId: number,
  event: string,
  ip: string | null,
  detail: Record<string, string | number | boolean>,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5 WHERE changes() > 0`,
    )
    .bind(accountId, event, ip, JSON.stringify(detail), now);
}

/** The audit entry of disabling parental controls, written only when the disable removed them (same batch). */
export function controlsDisabledAuditStatement(db: D1Database, parentId: number, ip: string | null, now: number) {
  return db
    .prepare(
      `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
       SELECT ?1, 'parental.disabled', ?2, NULL, ?3
       WHERE NOT EXISTS (SELECT 1 FROM parental_controls WHERE parent_id = ?1)`,
    )
    .bind(parentId, ip, now);
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
