/**
 * The saved-card SQL and the local payment provider, run for real on SQLite
 * with the migrations applied (docs/payments.md): each change's guard rolls
 * the whole batch back, audit row included, when its precondition no longer
 * holds; default handling; and the provider's charge and refund with
 * idempotency keys and the test cards that fail later (issue 14 builds on them).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addPaymentMethodStatements,
  isGuardFailure,
  listPaymentMethods,
  removeStatements,
  setDefaultStatements,
  storeSetup,
  SETUP_LIFETIME_MS,
  type NewCard,
} from '../../../server/payments/data';
import { confirmLocalSetup, localPayment } from '../../../server/core/providers/payment-local';
import type { PaymentProvider } from '../../../server/core/providers/payment';
import { d1Db } from '../../../server/core/db/d1';
import type { Db, Query } from '../../../server/core/db/engine';
import { insertAccount, testD1, type TestD1 } from './d1-sqlite';

const T0 = Date.UTC(2026, 10, 24);

let t: TestD1;
let db: Db;
let accountId: number;
let other: number;
beforeEach(() => {
  t = testD1();
  db = d1Db(t.db);
  accountId = insertAccount(t.sqlite, 'payer@example.test', { email_verified: 1 });
  other = insertAccount(t.sqlite, 'other@example.test', { email_verified: 1 });
});

/** A stand-in for the audit row that shares the change's batch. */
const audit = (who: number, event: string) =>
  db.q.insertInto('audit_log').values({ account_id: who, event, created_at: T0 });
const audits = () => (t.sqlite.prepare('SELECT COUNT(*) AS n FROM audit_log').get() as { n: number }).n;

let counter = 0;
function newCard(over: Partial<NewCard> = {}): NewCard {
  counter += 1;
  return {
    id: `pm_${String(counter)}`,
    accountId,
    setupRef: `seti_${String(counter)}`,
    card: {
      methodRef: `pm_ref_${String(counter)}`,
      brand: 'visa',
      last4: '4242',
      expMonth: 1,
      expYear: 2031,
      fingerprint: `fp_${String(counter)}`,
    },
    givenName: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.test',
    makeDefault: false,
    max: 10,
    ...over,
  };
}

async function add(card: NewCard, now = T0) {
  await storeSetup(db, card.accountId, card.setupRef, now);
  await db.batch([...addPaymentMethodStatements(db, card, now), audit(card.accountId, 'added')]);
}

async function refused(statements: Query[]) {
  const before = audits();
  const error = await db.batch([...statements, audit(accountId, 'x')]).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isGuardFailure(error), String(error)).toBe(true);
  expect(audits()).toBe(before);
}

const defaults = async (who = accountId) =>
  (await listPaymentMethods(db, who)).filter((c) => c.is_default === 1).map((c) => c.id);

describe('saved cards', () => {
  it('the first card is the default; a later one only when asked', async () => {
    const a = newCard();
    await add(a);
    expect(await defaults()).toEqual([a.id]);
    await add(newCard());
    expect(await defaults()).toEqual([a.id]);
    const c = newCard({ makeDefault: true });
    await add(c);
    expect(await defaults()).toEqual([c.id]);
    expect((await listPaymentMethods(db, accountId)).map((x) => x.id)[0]).toBe(c.id);
  });

  it('a setup saves once, before it expires, for its own account; nothing else is written', async () => {
    const a = newCard();
    await add(a);
    await refused(addPaymentMethodStatements(db, { ...a, id: 'pm_again' }, T0));
    const late = newCard();
    await storeSetup(db, accountId, late.setupRef, T0);
    await refused(addPaymentMethodStatements(db, late, T0 + SETUP_LIFETIME_MS));
    const stolen = newCard();
    await storeSetup(db, other, stolen.setupRef, T0);
    await refused(addPaymentMethodStatements(db, stolen, T0));
    expect(await listPaymentMethods(db, accountId)).toHaveLength(1);
  });

  it('the cap holds inside the batch', async () => {
    await add(newCard({ max: 2 }));
    await add(newCard({ max: 2 }));
    const third = newCard({ max: 2 });
    await storeSetup(db, accountId, third.setupRef, T0);
    await refused(addPaymentMethodStatements(db, third, T0));
    expect(await listPaymentMethods(db, accountId)).toHaveLength(2);
  });

  it("sets exactly one default; another account's card is refused and nothing moves", async () => {
    const a = newCard();
    const b = newCard();
    await add(a);
    await add(b);
    await db.batch(setDefaultStatements(db, accountId, b.id));
    expect(await defaults()).toEqual([b.id]);
    const theirs = newCard({ accountId: other });
    await add(theirs);
    await refused(setDefaultStatements(db, accountId, theirs.id));
    await refused(removeStatements(db, accountId, theirs.id));
    expect(await defaults()).toEqual([b.id]);
    expect(await defaults(other)).toEqual([theirs.id]);
  });

  it('removing the default hands it to the newest remaining card', async () => {
    const a = newCard();
    await add(a, T0);
    const b = newCard();
    await add(b, T0 + 1);
    const c = newCard();
    await add(c, T0 + 2);
    await db.batch(removeStatements(db, accountId, a.id));
    expect(await defaults()).toEqual([c.id]);
    await db.batch(removeStatements(db, accountId, b.id));
    expect(await defaults()).toEqual([c.id]);
    await db.batch(removeStatements(db, accountId, c.id));
    expect(await listPaymentMethods(db, accountId)).toEqual([]);
    await refused(removeStatements(db, accountId, c.id));
  });
});

describe('local provider: charge and refund', () => {
  let provider: PaymentProvider;
  beforeEach(() => {
    provider = localPayment(db, { now: () => T0 });
  });

  async function savedCard(number: string): Promise<{ customerRef: string; methodRef: string }> {
    const customerRef = await provider.createCustomer({ accountId, idempotencyKey: 'c' });
    const setup = await provider.createSetup({ accountId, customerRef, idempotencyKey: 's' });
    const cvc = '123';
    const confirmed = await confirmLocalSetup(db, T0, { ...setup, number, expMonth: 12, expYear: 2031, cvc });
    expect(confirmed).toEqual({ ok: true });
    const state = await provider.retrieveSetup(setup.setupRef);
    if (state.status !== 'succeeded') throw new Error(`setup ${state.status}`);
    return { customerRef, methodRef: state.card.methodRef };
  }

  const charge = (card: { customerRef: string; methodRef: string }, idempotencyKey: string) =>
    provider.charge({
      ...card,
      accountId,
      amountCents: 100,
      currency: 'USD',
      description: 'Parental consent',
      idempotencyKey,
    });

  it('keeps only what a provider shows back of the card', async () => {
    await savedCard('4242424242424242');
    const stored = JSON.stringify(t.sqlite.prepare('SELECT * FROM local_payment_cards').all());
    expect(stored).toContain('"last4":"4242"');
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('"123"');
  });

  it('one charge per idempotency key, refunded once per charge', async () => {
    const card = await savedCard('4242424242424242');
    const first = await charge(card, 'consent-1');
    expect(first.status).toBe('succeeded');
    expect(await charge(card, 'consent-1')).toEqual(first);
    const rows = () => t.sqlite.prepare('SELECT status FROM payments').all() as { status: string }[];
    expect(rows()).toEqual([{ status: 'succeeded' }]);
    if (first.status !== 'succeeded') return;
    const refund = await provider.refund({ chargeRef: first.chargeRef, idempotencyKey: 'refund-1' });
    expect(await provider.refund({ chargeRef: first.chargeRef, idempotencyKey: 'refund-1' })).toEqual(refund);
    expect(rows()).toEqual([{ status: 'refunded' }]);
  });

  it('4000 0000 0000 0341 saves but declines every charge', async () => {
    const card = await savedCard('4000000000000341');
    expect(await charge(card, 'k')).toEqual({ status: 'declined', reason: 'card_declined' });
  });

  it('4000 0000 0000 5126: the first refund fails, a retry refunds', async () => {
    const card = await savedCard('4000000000005126');
    const charged = await charge(card, 'k');
    if (charged.status !== 'succeeded') throw new Error('not charged');
    await expect(provider.refund({ chargeRef: charged.chargeRef, idempotencyKey: 'r' })).rejects.toThrow(
      /refund failed/,
    );
    await provider.refund({ chargeRef: charged.chargeRef, idempotencyKey: 'r' });
    expect(t.sqlite.prepare('SELECT status FROM payments').all()).toEqual([{ status: 'refunded' }]);
  });

  it("a removed card cannot be charged, nor another customer's", async () => {
    const card = await savedCard('4242424242424242');
    await provider.detachCard(card.methodRef);
    await expect(charge(card, 'k')).rejects.toThrow(/no such card/);
    const fresh = await savedCard('5555555555554444');
    await expect(charge({ ...fresh, customerRef: 'cus_local_999' }, 'k2')).rejects.toThrow(/no such card/);
  });
});
