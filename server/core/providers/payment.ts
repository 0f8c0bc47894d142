/**
 * The payment provider behind one interface (docs/payments.md): saved cards
 * for setting/manage-payment-methods (issue 12) and the $1 charge refunded at
 * once of verifiable parental consent (spec §1, §9; issue 14).
 *
 * Card numbers never reach the account API. A card is saved in three steps,
 * as with Stripe's SetupIntents and Elements: the API starts a setup for the
 * account's customer (`createSetup`), the browser gives the card to the
 * provider's own card field with the setup's client secret, and the API then
 * asks the provider what the setup saved (`retrieveSetup`) and keeps the
 * provider's reference with brand, last 4 and expiry. Charges and refunds name
 * a saved card by that reference and carry an idempotency key, so a retried
 * call never charges or refunds twice.
 *
 * Adapters: ./payment-local.ts (DEV_TOOLS only: test card numbers, offline)
 * and ./payment-stripe.ts (production: a Stripe-compatible API over fetch).
 */
import type { CardBrand, CardField } from '../../../src/shared/contract/payment-methods';
import type { ErrorCode } from '../../../src/shared/errors/codes';

export type { CardBrand, CardField };

/** Why a provider refused a card (Stripe's decline codes, the ones the portal tells apart). */
export const DECLINE_REASONS = [
  'card_declined',
  'expired_card',
  'insufficient_funds',
  'incorrect_cvc',
  'incorrect_number',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The error code the API answers for each decline (docs/errors.md, portal additions). */
export const DECLINE_CODES: Readonly<Record<DeclineReason, ErrorCode>> = {
  card_declined: 'CARD_DECLINED',
  expired_card: 'CARD_EXPIRED',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  incorrect_cvc: 'INCORRECT_CVC',
  incorrect_number: 'CARD_NUMBER_INVALID',
};

/** A provider's decline code as one of ours: anything we do not tell apart is a plain decline. */
export function declineReason(code: string | null | undefined): DeclineReason {
  return (DECLINE_REASONS as readonly string[]).includes(code ?? '') ? (code as DeclineReason) : 'card_declined';
}

/** What a provider shows back of a saved card: never the number or the CVC. */
export interface SavedCard {
  methodRef: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /**
   * The provider's name for the card number, the same whoever saves the card (Stripe's `card.fingerprint`): what
   * the cap on consent tries per card counts (server/parental/vpc-limits.ts). Null when the provider gave none.
   */
  fingerprint: string | null;
}

export type SetupState =
  | { status: 'succeeded'; customerRef: string; card: SavedCard }
  /** Not confirmed yet (or waiting for the card's bank): nothing to save. */
  | { status: 'pending' }
  | { status: 'declined'; reason: DeclineReason };

export interface ChargeRequest {
  accountId: number;
  customerRef: string;
  methodRef: string;
  amountCents: number;
  currency: 'USD';
  description: string;
  /** The same key names the same charge: a retry answers the first charge's result. */
  idempotencyKey: string;
}

export type ChargeResult = { status: 'succeeded'; chargeRef: string } | { status: 'declined'; reason: DeclineReason };

export interface RefundRequest {
  chargeRef: string;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly kind: 'local' | 'http';
  /** The card field the browser loads for a setup of this provider. */
  readonly field: CardField;
  /** The provider's customer for an account (saved cards live under it). */
  createCustomer(input: { accountId: number; idempotencyKey: string }): Promise<string>;
  createSetup(input: {
    accountId: number;
    customerRef: string;
    idempotencyKey: string;
  }): Promise<{ setupRef: string; clientSecret: string }>;
  retrieveSetup(setupRef: string): Promise<SetupState>;
  /** Forgets a saved card at the provider (it can no longer be charged). */
  detachCard(methodRef: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Refunds a charge in full; throws ProviderError when the provider failed (retry with the same key). */
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
}
