/**
 * Saved payment cards (spec §2 setting/manage-payment-methods, §3 "payment
 * card": given name, surname, email; §7 "a payment API on a payment host",
 * whose payloads the spec leaves "not shown"). Served under the payment base.
 *
 * Card numbers never pass through these calls: the browser asks for a setup
 * (`startPaymentMethodSetup`), hands the card to the payment provider's own
 * card field with the setup's client secret, and then saves the setup
 * (`addPaymentMethod`) by its id; the API reads brand, last 4 and expiry from
 * the provider (docs/payments.md).
 */
import * as z from 'zod/mini';
import { checked } from './checked';
import { email, emptyResponse, postBody, putBody } from './common';
import { endpoint } from './endpoint';
import { isoDateTime } from './formats';
import { identifier, TEXT_PATTERN, token } from './ids';

/** How many cards one account may keep (docs/payments.md). */
export const MAX_PAYMENT_METHODS = 10;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Cardholder names: 1 to 64 characters of text after trimming (docs/payments.md). */
export const cardholderName = checked(z.string(), z.trim(), z.minLength(1), z.maxLength(64), z.regex(TEXT_PATTERN));

/** Our public id of a saved card (`pm_` and 43 base64url characters). */
export const paymentMethodId = identifier(64);
/** The provider's setup id (`seti_…`). */
export const setupId = identifier(128);

export const paymentMethod = z.object({
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  expMonth: z.number().check(z.int(), z.gte(1), z.lte(12)),
  expYear: z.number().check(z.int(), z.gte(2000)),
  givenName: z.string(),
  surname: z.string(),
  email: z.string(),
  isDefault: z.boolean(),
  addedAt: isoDateTime(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const listPaymentMethods = endpoint({
  id: 'listPaymentMethods',
  base: 'payment',
  method: 'GET',
  path: '/payment-methods',
  response: z.object({
    /** The default card first, then newest first. */
    paymentMethods: z.array(paymentMethod),
    maxPaymentMethods: z.number().check(z.int(), z.positive()),
  }),
  auth: true,
  summary: "The account's saved cards: brand, last 4, expiry, cardholder, default.",
});

/** What the browser loads to take the card: the local test field (DEV_TOOLS) or the provider's hosted field. */
export const cardField = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('local') }),
  z.object({ kind: z.literal('stripe'), publishableKey: z.string().check(z.regex(/^pk_[A-Za-z0-9_]+$/)) }),
]);
export type CardField = z.infer<typeof cardField>;

export const startPaymentMethodSetup = endpoint({
  id: 'startPaymentMethodSetup',
  base: 'payment',
  method: 'POST',
  path: '/payment-methods/setup',
  body: postBody({}),
  response: z.object({
    setupId: z.string(),
    /** Handed to the provider's card field only; it lets the field confirm this one setup. */
    clientSecret: z.string(),
    field: cardField,
  }),
  auth: true,
  summary: 'Starts a card setup at the payment provider (verified email and settings verification required).',
});

export const addPaymentMethod = endpoint({
  id: 'addPaymentMethod',
  base: 'payment',
  method: 'POST',
  path: '/payment-methods',
  body: postBody({
    setupId,
    givenName: cardholderName,
    surname: cardholderName,
    email,
    /** The first card is the default whatever this says. */
    makeDefault: z.boolean(),
  }),
  response: z.object({ paymentMethod }),
  auth: true,
  summary: 'Saves the card of a setup the provider confirmed, with its cardholder.',
});

export const setDefaultPaymentMethod = endpoint({
  id: 'setDefaultPaymentMethod',
  base: 'payment',
  method: 'PUT',
  path: '/payment-methods/default',
  body: putBody({ paymentMethodId }),
  response: emptyResponse,
  auth: true,
  summary: 'Makes one of the saved cards the default.',
});

export const removePaymentMethod = endpoint({
  id: 'removePaymentMethod',
  base: 'payment',
  method: 'DELETE',
  path: '/payment-methods',
  query: z.object({ paymentMethodId }),
  response: emptyResponse,
  auth: true,
  summary: 'Removes a saved card; removing the default makes the newest remaining card the default.',
});

export const PAYMENT_METHOD_ENDPOINTS = [
  listPaymentMethods,
  startPaymentMethodSetup,
  addPaymentMethod,
  setDefaultPaymentMethod,
  removePaymentMethod,
] as const;

/**
 * The local payment provider's card field posts here (DEV_TOOLS only, like
 * every /api/dev path; not part of the public contract). It plays the
 * provider's side of a setup: it is the only place the local stack sees a
 * card number, and it keeps only what a provider shows back.
 */
export const devConfirmCardSetup = endpoint({
  id: 'devConfirmCardSetup',
  base: 'core',
  method: 'POST',
  path: '/dev/payment/setup/confirm',
  body: postBody({
    setupId,
    clientSecret: token(256),
    number: checked(z.string(), z.regex(/^\d{12,19}$/)),
    expMonth: z.number().check(z.int(), z.gte(1), z.lte(12)),
    expYear: z.number().check(z.int(), z.gte(2000), z.lte(2100)),
    cvc: checked(z.string(), z.regex(/^\d{3,4}$/)),
  }),
  response: z.object({ status: z.literal('succeeded') }),
  auth: false,
  summary: 'Local payment provider: confirms a setup with a test card (declines answer the card error codes).',
});
