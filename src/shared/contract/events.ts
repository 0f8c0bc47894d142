/**
 * Account events for the publisher's game back ends (issue 28 §2, docs/events.md): the webhook payloads the
 * reference API signs and posts to registered endpoints (Standard Webhooks), and the operator calls that read the
 * delivery log and drain due deliveries. The payloads are listed under `webhooks` in the OpenAPI document
 * (server/configuration/openapi-routes.ts); the operator calls are dev/ops paths, left out of it like every dev route.
 *
 * The account is named by `hashedGlobalUserNo`, the hashed id the API already hands publishers (spec §3 login
 * response), never by its email or row id: a game back end already keys its players by it, and a leaked event
 * log names nobody without the server's key.
 */
import * as z from 'zod/mini';
import { BAN_REASONS } from '../errors/codes';
import { postBody } from './common';
import { endpoint } from './endpoint';

export const EVENT_TYPES = [
  'account.created',
  'account.deleted',
  'account.blocked',
  'account.unblocked',
  'password.changed',
  'email.changed',
  'mfa.changed',
  'child.deactivated',
  'child.reactivated',
  'sessions.revoked',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const eventType = z.enum(EVENT_TYPES);

/** The kinds of second factor an `mfa.changed` event names. */
export const MFA_FACTORS = ['totp', 'sms', 'passkey'] as const;

/** What each event says beyond the account: only what a game back end acts on, nothing that names the player. */
export const EVENT_DATA = {
  'account.created': z.object({}),
  /** Sent when the grace period ended and the account was removed for good (not when deletion is requested). */
  'account.deleted': z.object({}),
  /** The spec's ban reason (§8: 7000–7006), the one the player is shown. */
  'account.blocked': z.object({ reason: z.enum(BAN_REASONS) }),
  'account.unblocked': z.object({}),
  /** settings: the player changed it; reset: a reset link or the self-service flow set it. */
  'password.changed': z.object({ via: z.enum(['settings', 'reset']) }),
  /** The sign-in email changed; the address itself is not sent (the back end asks the account API if it needs it). */
  'email.changed': z.object({}),
  /**
   * A second factor was added or removed: `factor` says which kind (an authenticator app, SMS verification, a
   * passkey, which also signs in without a password); `enabled` is whether any second factor is left after it.
   */
  'mfa.changed': z.object({ factor: z.enum(MFA_FACTORS), enabled: z.boolean() }),
  /** A parent deactivated the child account named in `account`. */
  'child.deactivated': z.object({}),
  'child.reactivated': z.object({}),
  /** Every session of the account was ended (sign out everywhere). */
  'sessions.revoked': z.object({}),
} as const satisfies Record<EventType, z.ZodMiniObject>;

export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA)[T]>;

/** The account an event is about: its hashed global user number (spec §3). */
export const eventAccount = z.object({ hashedGlobalUserNo: z.string().check(z.minLength(1)) });

/** The body of one event type (Standard Webhooks shape: type, timestamp, data). */
export function eventPayload<T extends EventType>(type: T) {
  return z.object({
    type: z.literal(type),
    /** When it happened (ISO 8601, the API's clock); the same on every attempt, unlike the webhook-timestamp header. */
    timestamp: z.string(),
    data: z.extend(EVENT_DATA[type], { account: eventAccount }),
  });
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One row of the delivery log (what staff see): no secret, no payload beyond its type. */
export const eventDelivery = z.object({
  eventId: z.string(),
  endpointId: z.string(),
  type: eventType,
  occurredAt: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().check(z.int()),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  /** The endpoint's HTTP status on the last attempt; null when it did not answer (timeout, refused). */
  lastStatusCode: z.nullable(z.number().check(z.int())),
  /** Why the last attempt failed, in the API's words (never the endpoint's response body). */
  lastError: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
});
export type EventDelivery = z.infer<typeof eventDelivery>;

const endpointIdText = z.string().check(z.regex(/^ep_[A-Za-z0-9_-]{8,40}$/));

export const devEventDeliveries = endpoint({
  id: 'devEventDeliveries',
  base: 'core',
  method: 'GET',
  path: '/dev/events/deliveries',
  query: z.object({
    endpointId: z.optional(endpointIdText),
    eventId: z.optional(z.string().check(z.regex(/^evt_[A-Za-z0-9_-]{8,40}$/))),
    status: z.optional(z.enum(DELIVERY_STATUSES)),
    type: z.optional(eventType),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
  }),
  response: z.array(eventDelivery),
  auth: false,
  summary: 'The event delivery log, newest first (operators; DEV_TOOLS).',
});

export const devDeliverEvents = endpoint({
  id: 'devDeliverEvents',
  base: 'core',
  method: 'POST',
  path: '/dev/events/deliver',
  body: postBody({}),
  response: z.object({ attempted: z.number().check(z.int()), delivered: z.number().check(z.int()) }),
  auth: false,
  summary: 'Attempts every due event delivery now (`npm run events:deliver`; DEV_TOOLS).',
});

export const EVENT_DEV_ENDPOINTS = [devEventDeliveries, devDeliverEvents] as const;
