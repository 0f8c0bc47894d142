/**
 * Payment provider for verifiable parental consent (spec §1, §9: a $1 charge,
 * refunded immediately). Local default: test cards, recorded in the payments
 * table. Production: an HTTP payment API (PAYMENT_API_URL, PAYMENT_API_KEY)
 * with `POST /charges` and `POST /refunds`.
 */
import * as z from 'zod/mini';
import type { Clock } from '../clock';
import { newToken } from '../security/tokens';
import { postJson } from './http';

export interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ChargeRequest {
  accountId: number | null;
  amountCents: number;
  currency: 'USD';
  card: Card;
  description: string;
}

export type ChargeResult = { status: 'succeeded'; id: string } | { status: 'declined'; reason: string };

export interface PaymentProvider {
  readonly kind: 'local' | 'http';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(chargeId: string): Promise<void>;
}

/** Local test cards (the numbers most payment sandboxes use). Any other number is declined. */
export const TEST_CARDS: Readonly<Record<string, ChargeResult['status'] | 'insufficient_funds'>> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
};

function expired(card: Card, now: number): boolean {
  const d = new Date(now);
  const year = d.getUTCFullYear();
  return card.expYear < year || (card.expYear === year && card.expMonth < d.getUTCMonth() + 1);
}

export function localPayment(db: D1Database, clock: Clock): PaymentProvider {
  return {
    kind: 'local',
    async charge(request) {
      const outcome = TEST_CARDS[request.card.number.replace(/\s+/g, '')];
      if (outcome === undefined) return { status: 'declined', reason: 'not_a_test_card' };
      if (expired(request.card, clock.now())) return { status: 'declined', reason: 'expired_card' };
      if (outcome === 'declined') return { status: 'declined', reason: 'card_declined' };
      if (outcome === 'insufficient_funds') return { status: 'declined', reason: 'insufficient_funds' };
      const id = `ch_${newToken()}`;
      await db
        .prepare(
          `INSERT INTO payments (id, account_id, amount_cents, currency, card_last4, status, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, 'succeeded', ?6)`,
        )
        .bind(id, request.accountId, request.amountCents, request.currency, request.card.number.slice(-4), clock.now())
        .run();
      return { status: 'succeeded', id };
    },
    async refund(chargeId) {
      const result = await db
        .prepare("UPDATE payments SET status = 'refunded', refunded_at = ?2 WHERE id = ?1 AND status = 'succeeded'")
        .bind(chargeId, clock.now())
        .run();
      if (result.meta.changes !== 1) throw new Error('Refund of an unknown or already refunded charge');
    },
  };
}

const chargeAnswer = z.union([
  z.object({ status: z.literal('succeeded'), id: z.string().check(z.minLength(1)) }),
  z.object({ status: z.literal('declined'), reason: z.string() }),
]);

export function httpPayment(config: { url: string; key: string }): PaymentProvider {
  const base = config.url.replace(/\/+$/, '');
  return {
    kind: 'http',
    charge: (request) =>
      postJson(
        'payment',
        `${base}/charges`,
        config.key,
        {
          amount: request.amountCents,
          currency: request.currency,
          card: request.card,
          description: request.description,
          metadata: { accountId: request.accountId },
        },
        chargeAnswer,
      ),
    async refund(chargeId) {
      await postJson('payment', `${base}/refunds`, config.key, { chargeId }, z.unknown());
    },
  };
}

/** Spec §9 parental consent: charge $1 and refund it at once. Succeeds only if both happen. */
export async function chargeThenRefund(
  provider: PaymentProvider,
  request: Omit<ChargeRequest, 'amountCents' | 'currency'>,
): Promise<ChargeResult> {
  const result = await provider.charge({ ...request, amountCents: 100, currency: 'USD' });
  if (result.status === 'succeeded') await provider.refund(result.id);
  return result;
}
