/**
 * Verifiable parental consent by card (spec §1, §9; docs/parental.md
 * "Consent by card"): $1 charged to one of the parent's saved cards and
 * refunded at once, one provider call each, with idempotency keys derived
 * from our ledger row (parental_vpc_charges), so a retried call never charges
 * or refunds twice.
 *
 *   ledger 'pending' ─► charge ─► 'charged' ─► refund (up to 3 tries) ─► 'refunded' + consent
 *                          └─ declined: the pending row is deleted, nothing recorded (402 CARD_DECLINED…)
 *
 * A refund that keeps failing leaves the row 'charged' and the call answers
 * 502 SERVER_ERROR without consent; every later card consent call, consent
 * check or family read of that parent first retries the refund
 * (`refundOpenCharges`), so nobody is left charged.
 */
import type { Context } from 'hono';
import { VPC_CHARGE_CENTS, VPC_CHARGE_CURRENCY } from '../../src/shared/contract/parental';
import {
  countRefundAttempt,
  deletePendingCharge,
  insertPendingCharge,
  markCharged,
  markRefundedStatement,
  openCharges,
  type VpcChargeRow,
} from '../db/parental-charges';
import { customerOf, findPaymentMethod } from '../db/payment-methods';
import type { AppEnv } from '../http/app-env';
import { ApiError, badInput } from '../http/errors';
import { paymentProvider } from '../providers/index';
import { DECLINE_CODES, type PaymentProvider } from '../providers/payment';
import { newToken } from '../security/tokens';

type Ctx = Context<AppEnv>;

/** Refund tries within one request; the rest happen on the parent's next parental call. */
export const REFUND_TRIES = 3;

const chargeKey = (id: string) => `vpc-charge-${id}`;
const refundKey = (id: string) => `vpc-refund-${id}`;

/** One refund try for a charged row: true when the money went back (the row is then 'refunded'). */
async function tryRefund(c: Ctx, provider: PaymentProvider, row: VpcChargeRow): Promise<string | null> {
  if (row.charge_ref === null) return null;
  const db = c.env.DB;
  await countRefundAttempt(db, row.id);
  try {
    const { refundRef } = await provider.refund({ chargeRef: row.charge_ref, idempotencyKey: refundKey(row.id) });
    await markRefundedStatement(db, row.id, refundRef, c.var.clock.now()).run();
    return refundRef;
  } catch (e) {
    // Logged without the references: the ledger row has them for the operator.
    console.error('Consent refund failed; it will be retried', { error: e instanceof Error ? e.name : 'unknown' });
    return null;
  }
}

/** Refunds with up to REFUND_TRIES tries; the refund's reference, or null when every try failed. */
async function refundWithRetry(c: Ctx, provider: PaymentProvider, row: VpcChargeRow): Promise<string | null> {
  for (let i = 0; i < REFUND_TRIES; i += 1) {
    const ref = await tryRefund(c, provider, row);
    if (ref !== null) return ref;
  }
  return null;
}

/**
 * Settles the parent's open charges: a 'charged' row is refunded; a 'pending'
 * row (the request died between ledger and provider) is charged again with
 * its own idempotency key — the provider answers the first charge if there
 * was one — and then refunded, or deleted when the provider declines.
 */
export async function refundOpenCharges(c: Ctx, parentId: number): Promise<void> {
  const db = c.env.DB;
  const open = await openCharges(db, parentId);
  if (open.length === 0) return;
  const provider = paymentProvider(c);
  for (const row of open) {
    let charged = row;
    if (row.status === 'pending') {
      // A pending row younger than a minute may belong to a request still running.
      if (c.var.clock.now() - row.created_at < 60_000) continue;
      const resolved = await resolvePending(c, provider, row);
      if (resolved === null) continue;
      charged = resolved;
    }
    await tryRefund(c, provider, charged);
  }
}

async function resolvePending(c: Ctx, provider: PaymentProvider, row: VpcChargeRow): Promise<VpcChargeRow | null> {
  const db = c.env.DB;
  const card = await findPaymentMethod(db, row.parent_id, row.payment_method_id);
  const customerRef = await customerOf(db, row.parent_id);
  if (card === null || customerRef === null) {
    // The card is gone: nothing can have been charged to it since; the row says so for the operator.
    return null;
  }
  const result = await provider.charge({
    accountId: row.parent_id,
    customerRef,
    methodRef: card.method_ref,
    amountCents: row.amount_cents,
    currency: 'USD',
    description: 'Parental consent verification (refunded at once)',
    idempotencyKey: chargeKey(row.id),
  });
  if (result.status === 'declined') {
    await deletePendingCharge(db, row.id);
    return null;
  }
  await markCharged(db, row.id, result.chargeRef);
  return { ...row, status: 'charged', charge_ref: result.chargeRef };
}

export interface CardConsent {
  last4: string;
  chargeRef: string;
  refundRef: string;
}

/**
 * Charges $1 to the parent's saved card and refunds it. Throws the decline's
 * code (402) with nothing recorded, 400 20022 for a card that is not the
 * parent's, 502 SERVER_ERROR when the refund could not be made (the ledger
 * keeps the charge for the retry).
 */
export async function chargeAndRefund(c: Ctx, parentId: number, paymentMethodId: string): Promise<CardConsent> {
  const db = c.env.DB;
  const card = await findPaymentMethod(db, parentId, paymentMethodId);
  // Another account's card answers like an unknown one (docs/payments.md).
  if (card === null) throw badInput('No such payment method');
  const customerRef = await customerOf(db, parentId);
  if (customerRef === null) throw badInput('No such payment method');
  const provider = paymentProvider(c);
  const id = `vpc_${newToken()}`;
  await insertPendingCharge(
    db,
    {
      id,
      parentId,
      paymentMethodId,
      last4: card.last4,
      amountCents: VPC_CHARGE_CENTS,
      currency: VPC_CHARGE_CURRENCY,
    },
    c.var.clock.now(),
  );
  let result;
  try {
    result = await provider.charge({
      accountId: parentId,
      customerRef,
      methodRef: card.method_ref,
      amountCents: VPC_CHARGE_CENTS,
      currency: VPC_CHARGE_CURRENCY,
      description: 'Parental consent verification (refunded at once)',
      idempotencyKey: chargeKey(id),
    });
  } catch (e) {
    // The provider's answer is unknown: the pending row stays, and a later call resolves it with the same key.
    console.error('Consent charge failed', { error: e instanceof Error ? e.name : 'unknown' });
    throw new ApiError(502, 'SERVER_ERROR', 'The payment provider did not answer');
  }
  if (result.status === 'declined') {
    await deletePendingCharge(db, id);
    throw new ApiError(402, DECLINE_CODES[result.reason], 'The card was declined');
  }
  await markCharged(db, id, result.chargeRef);
  const row: VpcChargeRow = {
    id,
    parent_id: parentId,
    payment_method_id: paymentMethodId,
    last4: card.last4,
    amount_cents: VPC_CHARGE_CENTS,
    currency: VPC_CHARGE_CURRENCY,
    status: 'charged',
    charge_ref: result.chargeRef,
    refund_ref: null,
    refund_attempts: 0,
    created_at: c.var.clock.now(),
    refunded_at: null,
  };
  const refundRef = await refundWithRetry(c, provider, row);
  if (refundRef === null)
    throw new ApiError(502, 'SERVER_ERROR', 'The consent charge could not be refunded yet; it will be');
  return { last4: card.last4, chargeRef: result.chargeRef, refundRef };
}
