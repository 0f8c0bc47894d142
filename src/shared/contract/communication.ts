/**
 * communication-preference, newsletter opt-out and SMS opt-in (spec §2, §3
 * "Newsletter list item" and "Newsletter subscription", §4 "SMS opt-in", §5,
 * §9 newsletter product ids; issue 12). The spec leaves the payloads "not
 * shown"; they sit under the account-setting base. See docs/settings.md
 * "Communication preferences" for the rules the server enforces.
 */
import * as z from 'zod/mini';
import { checked } from './checked';
import { emptyResponse, phoneNo, postBody, putBody, serverLanguage } from './common';
import { endpoint } from './endpoint';
import { identifier, text, token } from './ids';

/** Spec §3 newsletter list item, plus whether the account's email receives it. */
export const newsletterItem = z.object({
  id: z.number().check(z.int(), z.positive()),
  /** The publisher's name of the list (data, not UI copy: the portal shows its own translated name by id). */
  name: z.string(),
  show: z.boolean(),
  isNewsOffersNewsletter: z.boolean(),
  isMobileGame: z.boolean(),
  isGeneralNewsletter: z.boolean(),
  isLegacyMobileSelectValue: z.boolean(),
  /** Spec §9: 59794 depends on news and special offers (59749). */
  initDependentOnNewsOffers: z.boolean(),
  subscribed: z.boolean(),
});
export type NewsletterItem = z.infer<typeof newsletterItem>;

/** Spec §4 "SMS opt-in": pending until the subscriber replies to the text, then subscribed. */
export const SMS_OPT_IN_STATUSES = ['none', 'pending', 'subscribed'] as const;
export type SmsOptInStatus = (typeof SMS_OPT_IN_STATUSES)[number];
/**
 * Spec §5: SMS sign-up needs a US or Canada number and a subscriber aged 13 or over; the number is the
 * account's verified phone (`no-phone` until verify-phone proved one; `age` also when the birth date is unknown).
 */
export const SMS_ELIGIBILITY = ['eligible', 'no-phone', 'country', 'age'] as const;
export type SmsEligibility = (typeof SMS_ELIGIBILITY)[number];

export const smsOptInState = z.object({
  status: z.enum(SMS_OPT_IN_STATUSES),
  eligibility: z.enum(SMS_ELIGIBILITY),
  /** The verified phone, masked (+1******4567); null without one. */
  phoneNo: z.nullable(z.string()),
});
export type SmsOptInState = z.infer<typeof smsOptInState>;

export const communicationResponse = z.object({
  newsletters: z.array(newsletterItem),
  sms: smsOptInState,
});
export type CommunicationResponse = z.infer<typeof communicationResponse>;

const productId = checked(z.number(), z.int(), z.positive(), z.lte(999_999));

export const getCommunication = endpoint({
  id: 'getCommunication',
  base: 'accountSetting',
  method: 'GET',
  path: '/newsletter',
  // The list names come in the player's language, like country names.
  query: z.strictObject({ language: serverLanguage }),
  response: communicationResponse,
  auth: true,
  summary: "The region's newsletter list with the account's subscriptions, and the SMS opt-in state.",
});

export const subscribeNewsletter = endpoint({
  id: 'subscribeNewsletter',
  base: 'accountSetting',
  method: 'PUT',
  path: '/newsletter/subscribe',
  body: putBody({ productId, language: serverLanguage }),
  response: communicationResponse,
  auth: true,
  summary:
    "Subscribes the account's (verified) email to a list of the region; 59794 brings news and special offers (59749) with it.",
});

export const unsubscribeNewsletter = endpoint({
  id: 'unsubscribeNewsletter',
  base: 'accountSetting',
  method: 'PUT',
  path: '/newsletter/unsubscribe',
  body: putBody({ productId, language: serverLanguage }),
  response: communicationResponse,
  auth: true,
  summary: 'Unsubscribes from a list; leaving news and special offers (59749) also leaves 59794, which depends on it.',
});

export const smsOptIn = endpoint({
  id: 'smsOptIn',
  base: 'accountSetting',
  method: 'POST',
  path: '/newsletter/sms/opt-in',
  body: postBody({ language: serverLanguage }),
  response: smsOptInState,
  auth: true,
  summary:
    'SMS opt-in: texts the verified US or Canada phone (subscriber 13 or over); pending until the reply YES, then subscribed. 20135 without a verified phone.',
});

export const smsOptOut = endpoint({
  id: 'smsOptOut',
  base: 'accountSetting',
  method: 'PUT',
  path: '/newsletter/sms/opt-out',
  body: putBody({ language: serverLanguage }),
  response: smsOptInState,
  auth: true,
  summary: 'Stops the SMS subscription (pending or subscribed); replying STOP does the same.',
});

/** The signed token of an unsubscribe link (server/core/security/opt-out-token.ts). */
export const optOutToken = token(512);

export const OPT_OUT_KINDS = ['list', 'all'] as const;

export const getOptOut = endpoint({
  id: 'getOptOut',
  base: 'accountSetting',
  method: 'GET',
  path: '/no-auth/newsletter/opt-out',
  query: z.strictObject({ token: optOutToken, language: serverLanguage }),
  response: z.object({
    /** The address, masked (pl***@example.com). */
    email: z.string(),
    /** The list's name in `language` (`list` links); null for `all`. */
    name: z.nullable(z.string()),
    /** `list`: one newsletter (productId); `all`: every newsletter of the address (pre-signup links). */
    kind: z.enum(OPT_OUT_KINDS),
    productId: z.nullable(z.number()),
  }),
  auth: false,
  summary:
    'newsletter/opt-out and pre-signup/newsletter/opt-out: what a signed unsubscribe link unsubscribes (20022 when forged).',
});

export const optOut = endpoint({
  id: 'optOut',
  base: 'accountSetting',
  method: 'POST',
  path: '/no-auth/newsletter/opt-out',
  body: postBody({ token: optOutToken }),
  response: emptyResponse,
  auth: false,
  summary: 'Unsubscribes what the signed link names, without signing in (the RFC 8058 one-click POST does the same).',
});

/**
 * The SMS provider's inbound-message webhook (spec §4 "SMS opt-in": the reply). Signed: header
 * `x-sms-signature: t=<ms>,v1=<hex HMAC-SHA256 of "t.body" with SMS_WEBHOOK_SECRET>`; a delivery older than 5
 * minutes, or a message id seen before, is refused.
 */
export const inboundSms = endpoint({
  id: 'inboundSms',
  base: 'accountSetting',
  method: 'POST',
  path: '/no-auth/sms/inbound',
  body: z.strictObject({ messageId: identifier(128), from: phoneNo, text: text(0, 1600) }),
  response: emptyResponse,
  auth: false,
  caller: 'provider',
  summary:
    "The SMS provider's webhook for replies: YES confirms a pending opt-in, STOP (or UNSUBSCRIBE, CANCEL, END, QUIT, STOPALL) ends every subscription of the number.",
});

export const COMMUNICATION_ENDPOINTS = [
  getCommunication,
  subscribeNewsletter,
  unsubscribeNewsletter,
  smsOptIn,
  smsOptOut,
  getOptOut,
  optOut,
  inboundSms,
] as const;
