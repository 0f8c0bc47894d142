/**
 * The $1 consent charges (parental_vpc_charges, docs/parental.md "Consent by
 * card"): our ledger beside the provider's. A row is written before the
 * provider is called ('pending'), holds the charge's reference once it
 * succeeded ('charged') and the refund's once money went back ('refunded').
 * A decline deletes the pending row: nothing is recorded. A charge whose
 * refund failed stays 'charged' and is refunded again later.
 */
import type { Db } from '../core/db/engine';

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
  /** The provider's fingerprint of the card (null for a card saved before migration 0024). */
  cardFingerprint: string | null;
  amountCents: number;
  currency: string;
}

export async function insertPendingCharge(db: Db, c: NewVpcCharge, now: number): Promise<void> {
  await db.run(
    db.q.insertInto('parental_vpc_charges').values({
      id: c.id,
      parent_id: c.parentId,
      payment_method_id: c.paymentMethodId,
      last4: c.last4,
      card_fingerprint: c.cardFingerprint,
      amount_cents: c.amountCents,
      currency: c.currency,
      status: 'pending',
      created_at: now,
    }),
  );
}

/** The provider declined: the pending row goes, nothing stays recorded. */
export async function deletePendingCharge(db: Db, id: string): Promise<void> {
  await db.run(db.q.deleteFrom('parental_vpc_charges').where('id', '=', id).where('status', '=', 'pending'));
}

export async function markCharged(db: Db, id: string, chargeRef: string): Promise<void> {
  await db.run(
    db.q
      .updateTable('parental_vpc_charges')
      .set({ status: 'charged', charge_ref: chargeRef })
      .where('id', '=', id)
      .where('status', '=', 'pending'),
  );
}

/** Counts one refund try (before the provider is called: a crash mid-call still shows the try). */
export async function countRefundAttempt(db: Db, id: string): Promise<void> {
  await db.run(
    db.q
      .updateTable('parental_vpc_charges')
      .set((eb) => ({ refund_attempts: eb('refund_attempts', '+', 1) }))
      .where('id', '=', id),
  );
}

export async function markRefunded(db: Db, id: string, refundRef: string, now: number): Promise<void> {
  await db.run(
    db.q
      .updateTable('parental_vpc_charges')
      .set({ status: 'refunded', refund_ref: refundRef, refunded_at: now })
      .where('id', '=', id)
      .where('status', '=', 'charged'),
  );
}

/** Charges of the parent still waiting for their refund (or for the provider's answer to the charge). */
export async function openCharges(db: Db, parentId: number): Promise<VpcChargeRow[]> {
  const rows = await db.all(
    db.q
      .selectFrom('parental_vpc_charges')
      .selectAll()
      .where('parent_id', '=', parentId)
      .where('status', 'in', ['pending', 'charged'])
      .orderBy('created_at'),
  );
  return rows as VpcChargeRow[];
}

export async function findCharge(db: Db, id: string): Promise<VpcChargeRow | null> {
  const row = await db.first(db.q.selectFrom('parental_vpc_charges').selectAll().where('id', '=', id));
  return (row as VpcChargeRow | undefined) ?? null;
}
