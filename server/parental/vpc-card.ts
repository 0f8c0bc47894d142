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
  markRefunded,
  openCharges,
  type VpcChargeRow,
} from './charges-data';
import { customerOf, findPaymentMethod, type PaymentMethodRow } from '../payments/data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { paymentProvider } from '../core/providers/index';
import { DECLINE_CODES, type PaymentProvider } from '../core/providers/payment';
import { newToken } from '../core/security/tokens';
import type { Db } from '../core/db/engine';

/** What the consent charge needs: the database, the provider and the clock (unit tests pass their own). */
export interface VpcDeps {
  /** The consent ledger (charges-data.ts) and the saved cards and customers (payments/data.ts). */
  store: Db;
  provider: PaymentProvider;
  now: () => number;
}

export function vpcDeps(c: Context<AppEnv>): VpcDeps {
  return { store: c.var.db, provider: paymentProvider(c), now: () => c.var.clock.now() };
}

/** Refund tries within one request; the rest happen on the parent's next parental call. */
export const REFUND_TRIES = 3;

const chargeKey = (id: string) => `vpc-charge-${id}`;
const refundKey = (id: string) => `vpc-refund-${id}`;

/** One refund try for a charged row: true when the money went back (the row is then 'refunded'). */
async function tryRefund(d: VpcDeps, row: VpcChargeRow): Promise<string | null> {
  if (row.charge_ref === null) return null;
  const { provider } = d;
  await countRefundAttempt(d.store, row.id);
  try {
    const { refundRef } = await provider.refund({ chargeRef: row.charge_ref, idempotencyKey: refundKey(row.id) });
    await markRefunded(d.store, row.id, refundRef, d.now());
    return refundRef;
  } catch (e) {
    // Logged without the references: the ledger row has them for the operator.
    console.error('Consent refund failed; it will be retried', { error: e instanceof Error ? e.name : 'unknown' });
    return null;
  }
}

/** Refunds with up to REFUND_TRIES tries; the refund's reference, or null when every try failed. */
async function refundWithRetry(d: VpcDeps, row: VpcChargeRow): Promise<string | null> {
  for (let i = 0; i < REFUND_TRIES; i += 1) {
    const ref = await tryRefund(d, row);
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
export async function refundOpenCharges(d: VpcDeps, parentId: number): Promise<void> {
  const open = await openCharges(d.store, parentId);
  for (const row of open) {
    let charged = row;
    if (row.status === 'pending') {
      // A pending row younger than a minute may belong to a request still running.
      if (d.now() - row.created_at < PENDING_GRACE_MS) continue;
      const resolved = await resolvePending(d, row);
      if (resolved === null) continue;
      charged = resolved;
    }
    await tryRefund(d, charged);
  }
}

/** How long a pending ledger row is left to the request that wrote it. */
export const PENDING_GRACE_MS = 60_000;

async function resolvePending(d: VpcDeps, row: VpcChargeRow): Promise<VpcChargeRow | null> {
  const { store, provider } = d;
  const card = await findPaymentMethod(store, row.parent_id, row.payment_method_id);
  const customerRef = await customerOf(store, row.parent_id);
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
    await deletePendingCharge(d.store, row.id);
    return null;
  }
  await markCharged(d.store, row.id, result.chargeRef);
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
 * keeps the charge for the retry). `beforeCharge` runs once the card is known
 * and before anything is recorded or charged (the caps per card: what it
 * throws is the answer, and nothing is charged).
 */
export async function chargeAndRefund(
  d: VpcDeps,
  parentId: number,
  paymentMethodId: string,
  beforeCharge?: (card: PaymentMethodRow) => Promise<void>,
): Promise<CardConsent> {
  const { store, provider } = d;
  const card = await findPaymentMethod(store, parentId, paymentMethodId);
  // Another account's card answers like an unknown one (docs/payments.md).
  if (card === null) throw badInput('No such payment method');
  const customerRef = await customerOf(store, parentId);
  if (customerRef === null) throw badInput('No such payment method');
  await beforeCharge?.(card);
  const id = `vpc_${newToken()}`;
  await insertPendingCharge(
    d.store,
    {
      id,
      parentId,
      paymentMethodId,
      last4: card.last4,
      cardFingerprint: card.card_fingerprint,
      amountCents: VPC_CHARGE_CENTS,
      currency: VPC_CHARGE_CURRENCY,
    },
    d.now(),
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
    await deletePendingCharge(d.store, id);
    throw new ApiError(402, DECLINE_CODES[result.reason], 'The card was declined');
  }
  await markCharged(d.store, id, result.chargeRef);
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
    created_at: d.now(),
    refunded_at: null,
  };
  const refundRef = await refundWithRetry(d, row);
  if (refundRef === null)
    throw new ApiError(502, 'SERVER_ERROR', 'The consent charge could not be refunded yet; it will be');
  return { last4: card.last4, chargeRef: result.chargeRef, refundRef };
}
