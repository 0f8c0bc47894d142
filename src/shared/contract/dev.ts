/**
 * Local development tools of the reference API (DEV_TOOLS only; every one of
 * these answers 404 in production). They let a person trying the product, and
 * the tests, read the local email and SMS outboxes, move the API's clock, and
 * exercise sessions and password checks before the sign-in flow exists.
 * Not part of the public contract: they are left out of the OpenAPI document.
 */
import * as z from 'zod/mini';
import { email, emptyResponse, password, postBody } from './common';
import { endpoint } from './endpoint';

export const outboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** ISO 8601 time by the API's clock. */
  sentAt: z.string(),
  /** The verification code the message carries, if any. */
  code: z.optional(z.string()),
  /** The link the message carries, if any. */
  link: z.optional(z.string()),
  /** Mail headers the message was sent with, if any (RFC 8058 List-Unsubscribe on newsletter mail). */
  headers: z.optional(z.record(z.string(), z.string())),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const devMailbox = endpoint({
  id: 'devMailbox',
  base: 'core',
  method: 'GET',
  path: '/dev/mailbox',
  query: z.object({ to: z.string().check(z.minLength(3), z.maxLength(254)) }),
  response: z.array(outboxMessage),
  auth: false,
  summary: 'Emails sent to an address by the local email provider, newest first.',
});

export const devSms = endpoint({
  id: 'devSms',
  base: 'core',
  method: 'GET',
  path: '/dev/sms',
  query: z.object({ to: z.string().check(z.regex(/^\+?\d{4,16}$/)) }),
  response: z.array(outboxMessage),
  auth: false,
  summary: 'Texts sent to a phone number by the local SMS provider, newest first.',
});

export const clockState = z.object({ offsetMs: z.number().check(z.int()), now: z.string() });

export const devGetClock = endpoint({
  id: 'devGetClock',
  base: 'core',
  method: 'GET',
  path: '/dev/clock',
  response: clockState,
  auth: false,
  summary: "The API clock's offset from real time.",
});

/** Ten years either way is plenty for expiry tests. */
const TEN_YEARS_MS = 10 * 366 * 24 * 60 * 60 * 1000;

export const devSetClock = endpoint({
  id: 'devSetClock',
  base: 'core',
  method: 'POST',
  path: '/dev/clock',
  body: postBody({ offsetMs: z.number().check(z.int(), z.gte(-TEN_YEARS_MS), z.lte(TEN_YEARS_MS)) }),
  response: clockState,
  auth: false,
  summary: "Sets the API clock's offset from real time (0 resets it).",
});

export const devCreateAccount = endpoint({
  id: 'devCreateAccount',
  base: 'core',
  method: 'POST',
  path: '/dev/account',
  body: postBody({
    email,
    password,
    /** Store the hash with weaker, older parameters, to exercise rehash-on-login. */
    legacyHash: z.optional(z.boolean()),
  }),
  response: z.object({ accountId: z.number() }),
  auth: false,
  summary: 'Creates a verified account with a password (test hook).',
});

export const sessionLevel = z.enum(['full', 'mfa_pending']);

export const devCreateSession = endpoint({
  id: 'devCreateSession',
  base: 'core',
  method: 'POST',
  path: '/dev/session',
  body: postBody({
    accountId: z.number().check(z.int(), z.positive()),
    rememberMe: z.optional(z.boolean()),
    level: z.optional(sessionLevel),
  }),
  response: emptyResponse,
  auth: false,
  summary: 'Signs in as an account, rotating any current session, as login will (test hook).',
});

export const sessionInfo = z.object({
  accountId: z.number(),
  level: sessionLevel,
  rememberMe: z.boolean(),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
});

export const devGetSession = endpoint({
  id: 'devGetSession',
  base: 'core',
  method: 'GET',
  path: '/dev/session',
  response: sessionInfo,
  auth: true,
  summary: 'The current session (test hook for the session middleware).',
});

export const devCompleteSecondFactor = endpoint({
  id: 'devCompleteSecondFactor',
  base: 'core',
  method: 'POST',
  path: '/dev/session/second-factor',
  body: postBody({}),
  response: emptyResponse,
  auth: false,
  summary: 'Marks a pending session as fully signed in and rotates its token, as the 2FA step will (test hook).',
});

export const devVerifyPassword = endpoint({
  id: 'devVerifyPassword',
  base: 'core',
  method: 'POST',
  path: '/dev/verify-password',
  // captchaSolved: as if the request carried a verified visible (v2) captcha token.
  body: postBody({ email, password, captchaSolved: z.optional(z.boolean()) }),
  response: z.object({ rehashed: z.boolean() }),
  auth: false,
  summary: 'Runs the password check of login with its rate limits (test hook).',
});

export const devSendMessage = endpoint({
  id: 'devSendMessage',
  base: 'core',
  method: 'POST',
  path: '/dev/send',
  body: postBody({
    channel: z.enum(['email', 'sms']),
    to: z.string().check(z.minLength(3), z.maxLength(254)),
    subject: z.string().check(z.minLength(1), z.maxLength(200)),
    text: z.string().check(z.minLength(1), z.maxLength(4000)),
    code: z.optional(z.string().check(z.maxLength(16))),
    link: z.optional(z.url({ protocol: /^https?$/ })),
  }),
  response: emptyResponse,
  auth: false,
  summary: 'Sends a test message through the configured email or SMS provider.',
});

export const devSetConfiguration = endpoint({
  id: 'devSetConfiguration',
  base: 'core',
  method: 'POST',
  path: '/dev/configuration',
  /** The raw KV value (any text, to exercise malformed values), or null to delete the key. */
  body: postBody({ value: z.nullable(z.string().check(z.maxLength(4096))) }),
  response: emptyResponse,
  auth: false,
  summary: 'Writes the configuration KV key, as `wrangler kv key put` does for ops.',
});

export const opsAlert = z.object({
  /** sms-destination-budget, sms-region-budget, mail-address-budget, mail-region-budget (docs/security.md). */
  kind: z.string(),
  count: z.number().check(z.int()),
  /** When the day's window of this count opened (epoch ms). */
  since: z.number().check(z.int()),
});

export const devOpsAlerts = endpoint({
  id: 'devOpsAlerts',
  base: 'core',
  method: 'GET',
  path: '/dev/ops-alerts',
  response: z.array(opsAlert),
  auth: false,
  summary: 'How many messages a spent cost budget refused today, by budget (the ops alert counter).',
});

export const DEV_ENDPOINTS = [
  devOpsAlerts,
  devSendMessage,
  devSetConfiguration,
  devMailbox,
  devSms,
  devGetClock,
  devSetClock,
  devCreateAccount,
  devCreateSession,
  devGetSession,
  devCompleteSecondFactor,
  devVerifyPassword,
] as const;
