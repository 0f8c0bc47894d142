/**
 * The local payment provider (DEV_TOOLS only, offline): it plays the payment
 * provider's systems in the local D1, so the whole card flow runs on one
 * machine. Its card field posts the card to /api/dev/payment/setup/confirm
 * (server/payments/local-routes.ts), never to the account API; it keeps what a
 * provider shows back (brand, last 4, expiry, and how the test card behaves),
 * never the number or the CVC.
 *
 * Test cards (docs/payments.md): the numbers of Stripe's test mode, so a
 * developer who knows one knows the other. Any expiry in the future and any
 * CVC of the right length work, except where the card says otherwise.
 */
import type { Clock } from '../clock';
import { digest, newToken } from '../security/tokens';
import { ProviderError } from './http';
import type { CardBrand, DeclineReason, PaymentProvider, SavedCard, SetupState } from './payment';

/** What a test card does: saved and charged normally, refused when saved, or trouble later. */
export type CardBehaviour =
  | { kind: 'ok' }
  | { kind: 'decline-setup'; reason: DeclineReason }
  /** Saved, but every charge is declined (Stripe's 4000 0000 0000 0341). */
  | { kind: 'decline-charges' }
  /** Saved and charged, but the first refund attempt fails (the provider's error); a retry succeeds. */
  | { kind: 'refund-fails-once' };

export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': { kind: 'ok' },
  '4000056655665556': { kind: 'ok' },
  '5555555555554444': { kind: 'ok' },
  '378282246310005': { kind: 'ok' },
  '6011111111111117': { kind: 'ok' },
  '3566002020360505': { kind: 'ok' },
  '4000000000000002': { kind: 'decline-setup', reason: 'card_declined' },
  '4000000000009995': { kind: 'decline-setup', reason: 'insufficient_funds' },
  '4000000000000069': { kind: 'decline-setup', reason: 'expired_card' },
  '4000000000000127': { kind: 'decline-setup', reason: 'incorrect_cvc' },
  '4000000000000341': { kind: 'decline-charges' },
  '4000000000005126': { kind: 'refund-fails-once' },
};

/** The card network of a number by its prefix (IIN ranges), as a provider reports it. */
export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(number)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The local provider's verdict on a card, in the order a provider checks. */
export function judgeCard(
  card: CardInput,
  now: number,
): { ok: true; behaviour: CardBehaviour } | { ok: false; reason: DeclineReason } {
  if (!luhnValid(card.number)) return { ok: false, reason: 'incorrect_number' };
  const d = new Date(now);
  const year = d.getUTCFullYear();
  if (card.expYear < year || (card.expYear === year && card.expMonth < d.getUTCMonth() + 1))
    return { ok: false, reason: 'expired_card' };
  if (card.cvc.length !== (cardBrand(card.number) === 'amex' ? 4 : 3)) return { ok: false, reason: 'incorrect_cvc' };
  const behaviour = TEST_CARDS[card.number];
  // Any other number is a real card: the local provider never accepts one.
  if (behaviour === undefined) return { ok: false, reason: 'card_declined' };
  if (behaviour.kind === 'decline-setup') return { ok: false, reason: behaviour.reason };
  return { ok: true, behaviour };
}

interface SetupRow {
  id: string;
  customer_ref: string;
  secret_hash: string;
  status: 'requires_payment_method' | 'succeeded';
  method_ref: string | null;
  last_error: string | null;
}

interface CardRow {
  id: string;
  customer_ref: string | null;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: string;
}

function savedCard(row: CardRow): SavedCard {
  return { methodRef: row.id, brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year };
}

function behaviourOf(row: CardRow): CardBehaviour['kind'] {
  return row.behaviour as CardBehaviour['kind'];
}

/** The confirmation the local card field asks for (what the provider's own API does for its hosted field). */
export async function confirmLocalSetup(
  db: D1Database,
  now: number,
  input: CardInput & { setupRef: string; clientSecret: string },
): Promise<{ ok: true } | { ok: false; reason: DeclineReason } | { ok: false; reason: 'unknown_setup' }> {
  const setup = await db
    .prepare('SELECT * FROM local_payment_setups WHERE id = ?1')
    .bind(input.setupRef)
    .first<SetupRow>();
  if (setup === null || setup.secret_hash !== (await digest(input.clientSecret)) || setup.status === 'succeeded')
    return { ok: false, reason: 'unknown_setup' };
  const verdict = judgeCard(input, now);
  if (!verdict.ok) {
    await db
      .prepare('UPDATE local_payment_setups SET last_error = ?2 WHERE id = ?1')
      .bind(setup.id, verdict.reason)
      .run();
    return verdict;
  }
  const methodRef = `pm_local_${newToken()}`;
  const [, confirmed] = await db.batch([
    db
      .prepare(
        `INSERT INTO local_payment_cards (id, customer_ref, brand, last4, exp_month, exp_year, behaviour, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
         WHERE EXISTS (SELECT 1 FROM local_payment_setups WHERE id = ?9 AND status = 'requires_payment_method')`,
      )
      .bind(
        methodRef,
        setup.customer_ref,
        cardBrand(input.number),
        input.number.slice(-4),
        input.expMonth,
        input.expYear,
        verdict.behaviour.kind,
        now,
        setup.id,
      ),
    db
      .prepare(
        `UPDATE local_payment_setups SET status = 'succeeded', method_ref = ?2, last_error = NULL
         WHERE id = ?1 AND status = 'requires_payment_method'`,
      )
      .bind(setup.id, methodRef),
  ]);
  // A parallel confirmation of the same setup won: this one saved nothing.
  if ((confirmed?.meta.changes ?? 0) !== 1) return { ok: false, reason: 'unknown_setup' };
  return { ok: true };
}

export function localPayment(db: D1Database, clock: Clock): PaymentProvider {
  async function card(methodRef: string): Promise<CardRow | null> {
    return db.prepare('SELECT * FROM local_payment_cards WHERE id = ?1').bind(methodRef).first<CardRow>();
  }

  return {
    kind: 'local',
    field: { kind: 'local' },

    createCustomer: ({ accountId }) => Promise.resolve(`cus_local_${String(accountId)}`),

    async createSetup({ customerRef }) {
      const setupRef = `seti_local_${newToken()}`;
      const clientSecret = `${setupRef}_secret_${newToken()}`;
      await db
        .prepare(
          `INSERT INTO local_payment_setups (id, customer_ref, secret_hash, status, created_at)
           VALUES (?1, ?2, ?3, 'requires_payment_method', ?4)`,
        )
        .bind(setupRef, customerRef, await digest(clientSecret), clock.now())
        .run();
      return { setupRef, clientSecret };
    },

    async retrieveSetup(setupRef): Promise<SetupState> {
      const setup = await db
        .prepare('SELECT * FROM local_payment_setups WHERE id = ?1')
        .bind(setupRef)
        .first<SetupRow>();
      if (setup === null) throw new ProviderError('payment', 'no such setup');
      if (setup.status === 'succeeded' && setup.method_ref !== null) {
        const row = await card(setup.method_ref);
        if (row === null) throw new ProviderError('payment', 'setup without its card');
        return { status: 'succeeded', customerRef: setup.customer_ref, card: savedCard(row) };
      }
      if (setup.last_error !== null) return { status: 'declined', reason: setup.last_error as DeclineReason };
      return { status: 'pending' };
    },

    async detachCard(methodRef) {
      await db.prepare('UPDATE local_payment_cards SET customer_ref = NULL WHERE id = ?1').bind(methodRef).run();
    },

    async charge(request) {
      const row = await card(request.methodRef);
      if (row?.customer_ref !== request.customerRef) throw new ProviderError('payment', 'no such card on the customer');
      if (behaviourOf(row) === 'decline-charges') return { status: 'declined', reason: 'card_declined' };
      // The idempotency key makes a retried charge answer the first one (the unique index decides a race).
      await db
        .prepare(
          `INSERT INTO payments (id, account_id, amount_cents, currency, card_last4, status, created_at, method_ref, idempotency_key)
           VALUES (?1, ?2, ?3, ?4, ?5, 'succeeded', ?6, ?7, ?8)
           ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING`,
        )
        .bind(
          `ch_local_${newToken()}`,
          request.accountId,
          request.amountCents,
          request.currency,
          row.last4,
          clock.now(),
          row.id,
          request.idempotencyKey,
        )
        .run();
      const charged = await db
        .prepare('SELECT id FROM payments WHERE idempotency_key = ?1')
        .bind(request.idempotencyKey)
        .first<{ id: string }>();
      if (charged === null) throw new ProviderError('payment', 'charge not recorded');
      return { status: 'succeeded', chargeRef: charged.id };
    },

    async refund({ chargeRef, idempotencyKey }) {
      const payment = await db
        .prepare(
          `SELECT p.status, p.refund_attempts, c.behaviour FROM payments p
           LEFT JOIN local_payment_cards c ON c.id = p.method_ref WHERE p.id = ?1`,
        )
        .bind(chargeRef)
        .first<{ status: string; refund_attempts: number; behaviour: string | null }>();
      if (payment === null) throw new ProviderError('payment', 'no such charge');
      if (payment.status === 'refunded') return { refundRef: `re_${chargeRef}` };
      if (payment.behaviour === 'refund-fails-once' && payment.refund_attempts === 0) {
        await db.prepare('UPDATE payments SET refund_attempts = 1 WHERE id = ?1').bind(chargeRef).run();
        throw new ProviderError('payment', 'refund failed (test card 4000 0000 0000 5126)');
      }
      await db
        .prepare(
          `UPDATE payments SET status = 'refunded', refunded_at = ?2, refund_key = ?3,
             refund_attempts = refund_attempts + 1 WHERE id = ?1 AND status = 'succeeded'`,
        )
        .bind(chargeRef, clock.now(), idempotencyKey)
        .run();
      return { refundRef: `re_${chargeRef}` };
    },
  };
}
