/**
 * The $1 consent charges (parental_vpc_charges, docs/parental.md "Consent by
 * card"): our ledger beside the provider's. A row is written before the
 * provider is called ('pending'), holds the charge's reference once it
 * succeeded ('charged') and the refund's once money went back ('refunded').
 * A decline deletes the pending row: nothing is recorded. A charge whose
 * refund failed stays 'charged' and is refunded again later.
 */
export interface VpcChargeRow {
  id: string;
  parent_id: number;
  payment_method_id: string;
  last4: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'charged' | 'refunded';
  charge_ref: string | null;
  refund_ref: string | null;
  refund_attempts: number;
  created_at: number;
  refunded_at: number | null;
}

export interface NewVpcCharge {
  id: string;
  parentId: number;
  paymentMethodId: string;
  last4: string;
  amountCents: number;
  currency: string;
}

export async function insertPendingCharge(db: D1Database, c: NewVpcCharge, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO parental_vpc_charges (id, parent_id, payment_method_id, last4, amount_cents, currency, status, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7)`,
    )
    .bind(c.id, c.parentId, c.paymentMethodId, c.last4, c.amountCents, c.currency, now)
    .run();
}

/** The provider declined: the pending row goes, nothing stays recorded. */
export async function deletePendingCharge(db: D1Database, id: string): Promise<void> {
  await db.prepare("DELETE FROM parental_vpc_charges WHERE id = ?1 AND status = 'pending'").bind(id).run();
}

export async function markCharged(db: D1Database, id: string, chargeRef: string): Promise<void> {
  await db
    .prepare("UPDATE parental_vpc_charges SET status = 'charged', charge_ref = ?2 WHERE id = ?1 AND status = 'pending'")
    .bind(id, chargeRef)
    .run();
}

/** Counts one refund try (before the provider is called: a crash mid-call still shows the try). */
export async function countRefundAttempt(db: D1Database, id: string): Promise<void> {
  await db
    .prepare('UPDATE parental_vpc_charges SET refund_attempts = refund_attempts + 1 WHERE id = ?1')
    .bind(id)
    .run();
}

export function markRefundedStatement(db: D1Database, id: string, refundRef: string, now: number) {
  return db
    .prepare(
      `UPDATE parental_vpc_charges SET status = 'refunded', refund_ref = ?2, refunded_at = ?3
       WHERE id = ?1 AND status = 'charged'`,
    )
    .bind(id, refundRef, now);
}

/** Charges of the parent still waiting for their refund (or for the provider's answer to the charge). */
export async function openCharges(db: D1Database, parentId: number): Promise<VpcChargeRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM parental_vpc_charges WHERE parent_id = ?1 AND status IN ('pending', 'charged')
       ORDER BY created_at`,
    )
    .bind(parentId)
    .all<VpcChargeRow>();
  return results;
}

export async function findCharge(db: D1Database, id: string): Promise<VpcChargeRow | null> {
  return db.prepare('SELECT * FROM parental_vpc_charges WHERE id = ?1').bind(id).first<VpcChargeRow>();
}
