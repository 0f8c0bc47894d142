/**
 * The $1 consent charge (server/parental/vpc-card.ts) on SQLite with the
 * migrations, against a scripted provider: a decline records nothing; a
 * refund that keeps failing leaves the ledger row 'charged' and is refunded
 * by the parent's next call; a pending row left by a request that died is
 * resolved with its own idempotency key (docs/parental.md "Consent by card").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../server/core/http/errors';
import {
  chargeAndRefund,
  PENDING_GRACE_MS,
  REFUND_TRIES,
  refundOpenCharges,
  type VpcDeps,
} from '../../../server/parental/vpc-card';
import type { ChargeRequest, PaymentProvider, RefundRequest } from '../../../server/core/providers/payment';
import { ProviderError } from '../../../server/core/providers/http';
import { insertAccount, testD1, type TestD1 } from './d1-sqlite';
import { d1Db } from '../../../server/core/db/d1';

const T0 = Date.UTC(2026, 10, 24);

/** A provider whose charges succeed (or decline) and whose refunds fail `refundFailures` times first. */
class ScriptedProvider {
  charges: ChargeRequest[] = [];
  refunds: RefundRequest[] = [];
  constructor(
    public decline = false,
    public refundFailures = 0,
  ) {}
  asProvider(): PaymentProvider {
    return {
      kind: 'local',
      field: { kind: 'local' },
      createCustomer: () => Promise.reject(new Error('unused')),
      createSetup: () => Promise.reject(new Error('unused')),
      retrieveSetup: () => Promise.reject(new Error('unused')),
      detachCard: () => Promise.resolve(),
      charge: (r) => {
        this.charges.push(r);
        if (this.decline) return Promise.resolve({ status: 'declined', reason: 'card_declined' });
        // The same idempotency key answers the same charge.
        return Promise.resolve({ status: 'succeeded', chargeRef: `ch_${r.idempotencyKey}` });
      },
      refund: (r) => {
        this.refunds.push(r);
        if (this.refundFailures > 0) {
          this.refundFailures -= 1;
          return Promise.reject(new ProviderError('payment', 'refund failed'));
        }
        return Promise.resolve({ refundRef: `re_${r.chargeRef}` });
      },
    };
  }
}

let t: TestD1;
let parentId: number;
let now: number;
const deps = (p: ScriptedProvider): VpcDeps => ({
  store: d1Db(t.db),
  provider: p.asProvider(),
  now: () => now,
});
const ledger = () =>
  t.sqlite.prepare('SELECT status, refund_attempts, charge_ref, refund_ref FROM parental_vpc_charges').all();

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  // The failed refunds are logged on purpose; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  t = testD1();
  now = T0;
  parentId = insertAccount(t.sqlite, 'parent@example.test', { email_verified: 1 });
  t.sqlite
    .prepare("INSERT INTO payment_customers (account_id, customer_ref, created_at) VALUES (?, 'cus_1', 0)")
    .run(parentId);
  t.sqlite
    .prepare(
      `INSERT INTO payment_methods (id, account_id, method_ref, brand, last4, exp_month, exp_year, given_name, surname,
         email, is_default, created_at) VALUES ('pm_1', ?, 'card_1', 'visa', '4242', 1, 2031, 'A', 'B', 'a@b.c', 1, 0)`,
    )
    .run(parentId);
});

describe('consent charge', () => {
  it('charges and refunds once each, with idempotency keys from the ledger row', async () => {
    const p = new ScriptedProvider();
    const paid = await chargeAndRefund(deps(p), parentId, 'pm_1');
    expect(paid.last4).toBe('4242');
    expect(p.charges).toHaveLength(1);
    expect(p.charges[0]).toMatchObject({ amountCents: 100, currency: 'USD', methodRef: 'card_1' });
    expect(p.refunds).toHaveLength(1);
    expect(p.charges[0]?.idempotencyKey).toMatch(/^vpc-charge-vpc_/);
    expect(p.refunds[0]?.idempotencyKey).toMatch(/^vpc-refund-vpc_/);
    expect(ledger()).toEqual([expect.objectContaining({ status: 'refunded', refund_attempts: 1 })]);
  });

  it('a decline records nothing and answers the decline code', async () => {
    const p = new ScriptedProvider(true);
    await expect(chargeAndRefund(deps(p), parentId, 'pm_1')).rejects.toMatchObject({ code: 'CARD_DECLINED' });
    expect(ledger()).toEqual([]);
    expect(p.refunds).toEqual([]);
  });

  it("another account's card is refused before any provider call", async () => {
    const p = new ScriptedProvider();
    const other = insertAccount(t.sqlite, 'other@example.test');
    await expect(chargeAndRefund(deps(p), other, 'pm_1')).rejects.toBeInstanceOf(ApiError);
    expect(p.charges).toEqual([]);
    expect(ledger()).toEqual([]);
  });

  it('a refund failing every try in the request stays charged, then the next call refunds it', async () => {
    const p = new ScriptedProvider(false, REFUND_TRIES);
    await expect(chargeAndRefund(deps(p), parentId, 'pm_1')).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(ledger()).toEqual([expect.objectContaining({ status: 'charged', refund_attempts: REFUND_TRIES })]);
    await refundOpenCharges(deps(p), parentId);
    expect(ledger()).toEqual([expect.objectContaining({ status: 'refunded', refund_attempts: REFUND_TRIES + 1 })]);
    // Every try used the same refund key: the provider refunds once whatever happened.
    expect(new Set(p.refunds.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(p.charges).toHaveLength(1);
  });

  it('a pending row from a request that died is charged again with its own key and refunded, after a grace period', async () => {
    t.sqlite
      .prepare(
        `INSERT INTO parental_vpc_charges (id, parent_id, payment_method_id, last4, amount_cents, currency, status, created_at)
         VALUES ('vpc_dead', ?, 'pm_1', '4242', 100, 'USD', 'pending', ?)`,
      )
      .run(parentId, T0);
    const p = new ScriptedProvider();
    await refundOpenCharges(deps(p), parentId);
    expect(p.charges).toEqual([]);
    now = T0 + PENDING_GRACE_MS;
    await refundOpenCharges(deps(p), parentId);
    expect(p.charges.map((c) => c.idempotencyKey)).toEqual(['vpc-charge-vpc_dead']);
    expect(ledger()).toEqual([expect.objectContaining({ status: 'refunded', charge_ref: 'ch_vpc-charge-vpc_dead' })]);
  });
});
