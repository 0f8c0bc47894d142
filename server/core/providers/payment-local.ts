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
import type { Db } from '../db/engine';
import {
  chargeOnce,
  confirmSetupWithCard,
  countFailedRefund,
  detachLocalCard,
  findLocalCard,
  findLocalCharge,
  findLocalSetup,
  insertLocalSetup,
  recordSetupError,
  refundCharge,
  type LocalCardRow,
} from './payment-local-data';
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

function savedCard(row: LocalCardRow): SavedCard {
  return {
    methodRef: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    fingerprint: row.fingerprint,
  };
}

/**
 * The local provider's fingerprint of a card number: stable (one number, one fingerprint, whoever saves it), as
 * Stripe's is, and not the number. Only test numbers reach it, so a plain hash gives nothing away.
 */
export async function localFingerprint(number: string): Promise<string> {
  return `fp_local_${(await digest(`card:${number}`)).slice(0, 32)}`;
}

function behaviourOf(row: LocalCardRow): CardBehaviour['kind'] {
  return row.behaviour as CardBehaviour['kind'];
}

/** The confirmation the local card field asks for (what the provider's own API does for its hosted field). */
export async function confirmLocalSetup(
  db: Db,
  now: number,
  input: CardInput & { setupRef: string; clientSecret: string },
): Promise<{ ok: true } | { ok: false; reason: DeclineReason } | { ok: false; reason: 'unknown_setup' }> {
  const setup = await findLocalSetup(db, input.setupRef);
  if (setup === null || setup.secret_hash !== (await digest(input.clientSecret)) || setup.status === 'succeeded')
    return { ok: false, reason: 'unknown_setup' };
  const verdict = judgeCard(input, now);
  if (!verdict.ok) {
    await recordSetupError(db, setup.id, verdict.reason);
    return verdict;
  }
  const confirmed = await confirmSetupWithCard(
    db,
    setup.id,
    {
      id: `pm_local_${newToken()}`,
      customerRef: setup.customer_ref,
      brand: cardBrand(input.number),
      last4: input.number.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear,
      behaviour: verdict.behaviour.kind,
      fingerprint: await localFingerprint(input.number),
    },
    now,
  );
  // A parallel confirmation of the same setup won: this one saved nothing.
  if (!confirmed) return { ok: false, reason: 'unknown_setup' };
  return { ok: true };
}

export function localPayment(db: Db, clock: Clock): PaymentProvider {
  return {
    kind: 'local',
    field: { kind: 'local' },

    createCustomer: ({ accountId }) => Promise.resolve(`cus_local_${String(accountId)}`),

    async createSetup({ customerRef }) {
      const setupRef = `seti_local_${newToken()}`;
      const clientSecret = `${setupRef}_secret_${newToken()}`;
      await insertLocalSetup(db, { id: setupRef, customerRef, secretHash: await digest(clientSecret) }, clock.now());
      return { setupRef, clientSecret };
    },

    async retrieveSetup(setupRef): Promise<SetupState> {
      const setup = await findLocalSetup(db, setupRef);
      if (setup === null) throw new ProviderError('payment', 'no such setup');
      if (setup.status === 'succeeded' && setup.method_ref !== null) {
        const row = await findLocalCard(db, setup.method_ref);
        if (row === null) throw new ProviderError('payment', 'setup without its card');
        return { status: 'succeeded', customerRef: setup.customer_ref, card: savedCard(row) };
      }
      if (setup.last_error !== null) return { status: 'declined', reason: setup.last_error as DeclineReason };
      return { status: 'pending' };
    },

    async detachCard(methodRef) {
      await detachLocalCard(db, methodRef);
    },

    async charge(request) {
      const row = await findLocalCard(db, request.methodRef);
      if (row?.customer_ref !== request.customerRef) throw new ProviderError('payment', 'no such card on the customer');
      if (behaviourOf(row) === 'decline-charges') return { status: 'declined', reason: 'card_declined' };
      // The idempotency key makes a retried charge answer the first one (the unique index decides a race).
      const chargeRef = await chargeOnce(
        db,
        {
          id: `ch_local_${newToken()}`,
          accountId: request.accountId,
          amountCents: request.amountCents,
          currency: request.currency,
          last4: row.last4,
          methodRef: row.id,
          idempotencyKey: request.idempotencyKey,
        },
        clock.now(),
      );
      if (chargeRef === null) throw new ProviderError('payment', 'charge not recorded');
      return { status: 'succeeded', chargeRef };
    },

    async refund({ chargeRef, idempotencyKey }) {
      const payment = await findLocalCharge(db, chargeRef);
      if (payment === null) throw new ProviderError('payment', 'no such charge');
      if (payment.status === 'refunded') return { refundRef: `re_${chargeRef}` };
      if (payment.behaviour === 'refund-fails-once' && payment.refund_attempts === 0) {
        await countFailedRefund(db, chargeRef);
        throw new ProviderError('payment', 'refund failed (test card 4000 0000 0000 5126)');
      }
      await refundCharge(db, chargeRef, idempotencyKey, clock.now());
      return { refundRef: `re_${chargeRef}` };
    },
  };
}
