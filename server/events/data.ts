/**
 * Data access of account events (docs/events.md): registered endpoints, their subscriptions, and the delivery log
 * that is also the outbox. An event is recorded by the statements `accountEvent` returns, in the caller's own batch,
 * so it exists exactly when the change it reports was committed; delivery reads the rows afterwards.
 */
import type { Expression, SqlBool } from 'kysely';
import * as z from 'zod/mini';
import {
  EVENT_DATA,
  eventType,
  type EventData,
  type EventDelivery,
  type EventType,
} from '../../src/shared/contract/events';
import type { BAN_REASONS } from '../../src/shared/errors/codes';
import { whileExists } from '../core/data/audit';
import type { Db, Query } from '../core/db/engine';
import { randomBytes, toBase64Url } from '../core/security/bytes';

type BanReason = (typeof BAN_REASONS)[number];

/**
 * The Dbs (one per request) that recorded an event, with the ids of those events: the dispatch middleware delivers
 * them, or sends them to the queue, after the response.
 */
const recorded = new WeakMap<Db, string[]>();

/** True when statements for an event were built on this Db (the batch may still have failed: delivery finds nothing then). */
export function eventsRecorded(db: Db): boolean {
  return recorded.has(db);
}

/** The ids of the events whose statements were built on this Db (none recorded: empty). */
export function recordedEventIds(db: Db): readonly string[] {
  return recorded.get(db) ?? [];
}

export function newEventId(): string {
  return `evt_${toBase64Url(randomBytes(16))}`;
}

export function newEndpointId(): string {
  return `ep_${toBase64Url(randomBytes(12))}`;
}

/**
 * The statements (one today; a tuple, so a caller's batch results keep their positions) that record one account event for every enabled endpoint subscribed to its type, for the caller's
 * batch (one INSERT … SELECT: no read before the batch, nothing when no endpoint listens). `account` is the account's
 * id, or its email for a batch that creates the account (its id is not known before the batch runs). Put them before
 * a statement that deletes the account: the account row must still be there. `guard`: for a conditional change, its
 * own condition, with the statements put BEFORE the change (as auditWhere): the event exists exactly when the change
 * happened.
 */
export function accountEvent<T extends EventType>(
  db: Db,
  type: T,
  account: number | { email: string },
  data: EventData<T>,
  now: number,
  guard?: Expression<SqlBool>,
): readonly [Query] {
  const payload = JSON.stringify(EVENT_DATA[type].parse(data));
  const eventId = newEventId();
  recorded.set(db, [...recordedEventIds(db), eventId]);
  const subscribed = db.q
    .selectFrom('event_subscriptions as s')
    .innerJoin('event_endpoints as e', 'e.endpoint_id', 's.endpoint_id')
    .innerJoin('accounts as a', (join) =>
      typeof account === 'number' ? join.on('a.id', '=', account) : join.on('a.email', '=', account.email),
    )
    .select((eb) => [
      eb.cast<string>(eb.val(eventId), 'text').as('event_id'),
      's.endpoint_id',
      eb.cast<string>(eb.val(type), 'text').as('event_type'),
      'a.id as account_ref',
      eb.cast<string>(eb.val(payload), 'text').as('payload'),
      eb.cast<number>(eb.val(now), 'bigint').as('occurred_at'),
      eb.cast<number>(eb.val(now), 'bigint').as('next_attempt_at'),
    ])
    .where('s.event_type', '=', type)
    .where('e.enabled', '=', 1);
  const fanOut = guard === undefined ? subscribed : subscribed.where(guard);
  return [
    db.q
      .insertInto('event_deliveries')
      .columns(['event_id', 'endpoint_id', 'event_type', 'account_ref', 'payload', 'occurred_at', 'next_attempt_at'])
      .expression(fanOut),
  ];
}

export interface NewEndpoint {
  endpointId: string;
  url: string;
  secretSealed: string;
  description: string | null;
  types: readonly EventType[];
}

/** Registers an endpoint and its subscriptions in one batch (npm run events:add). */
export async function registerEndpoint(db: Db, e: NewEndpoint, now: number): Promise<void> {
  await db.batch([
    db.q.insertInto('event_endpoints').values({
      endpoint_id: e.endpointId,
      url: e.url,
      secret_sealed: e.secretSealed,
      description: e.description,
      enabled: 1,
      created_at: now,
    }),
    ...e.types.map((t) => db.q.insertInto('event_subscriptions').values({ endpoint_id: e.endpointId, event_type: t })),
  ]);
}

export interface EndpointSummary {
  endpointId: string;
  url: string;
  description: string | null;
  enabled: boolean;
  createdAt: number;
  types: EventType[];
}

/** Every endpoint with its subscribed types (npm run events:list); the secret is never read here. */
export async function listEndpoints(db: Db): Promise<EndpointSummary[]> {
  const [endpoints, subscriptions] = await Promise.all([
    db.all(
      db.q
        .selectFrom('event_endpoints')
        .select(['endpoint_id', 'url', 'description', 'enabled', 'created_at'])
        .orderBy('created_at')
        .orderBy('endpoint_id'),
    ),
    db.all(db.q.selectFrom('event_subscriptions').select(['endpoint_id', 'event_type']).orderBy('event_type')),
  ]);
  return endpoints.map((e) => ({
    endpointId: e.endpoint_id,
    url: e.url,
    description: e.description,
    enabled: e.enabled === 1,
    createdAt: e.created_at,
    types: subscriptions.filter((s) => s.endpoint_id === e.endpoint_id).map((s) => eventType.parse(s.event_type)),
  }));
}

/** Turns an endpoint off (its pending deliveries wait) or on again; false when there is no such endpoint. */
export async function setEndpointEnabled(db: Db, endpointId: string, enabled: boolean): Promise<boolean> {
  const { rowsAffected } = await db.run(
    db.q
      .updateTable('event_endpoints')
      .set({ enabled: enabled ? 1 : 0 })
      .where('endpoint_id', '=', endpointId),
  );
  return rowsAffected === 1;
}

const dueRow = z.object({
  event_id: z.string(),
  endpoint_id: z.string(),
  event_type: eventType,
  account_ref: z.number(),
  payload: z.string(),
  occurred_at: z.number(),
  attempts: z.number(),
  next_attempt_at: z.number(),
  url: z.string(),
  secret_sealed: z.string(),
});
export type DueDelivery = z.infer<typeof dueRow>;

/** Pending deliveries of enabled endpoints, with what an attempt needs. */
function pendingOfEnabled(db: Db) {
  return db.q
    .selectFrom('event_deliveries as d')
    .innerJoin('event_endpoints as e', 'e.endpoint_id', 'd.endpoint_id')
    .select([
      'd.event_id',
      'd.endpoint_id',
      'd.event_type',
      'd.account_ref',
      'd.payload',
      'd.occurred_at',
      'd.attempts',
      'd.next_attempt_at',
      'e.url',
      'e.secret_sealed',
    ])
    .where('d.status', '=', 'pending')
    .where('e.enabled', '=', 1);
}

/** Pending deliveries of enabled endpoints whose next attempt is due at `dueBy`, oldest due first. */
export async function dueDeliveries(db: Db, dueBy: number, limit: number): Promise<DueDelivery[]> {
  const rows = await db.all(
    pendingOfEnabled(db).where('d.next_attempt_at', '<=', dueBy).orderBy('d.next_attempt_at').limit(limit),
  );
  return z.array(dueRow).parse(rows);
}

/** The key of one delivery (an event to one endpoint): what a queue message carries. */
export interface DeliveryKey {
  eventId: string;
  endpointId: string;
}

/** One pending delivery of an enabled endpoint, due or not; null when delivered, failed, disabled or unknown. */
export async function pendingDelivery(db: Db, key: DeliveryKey): Promise<DueDelivery | null> {
  const row = await db.first(
    pendingOfEnabled(db).where('d.event_id', '=', key.eventId).where('d.endpoint_id', '=', key.endpointId),
  );
  return row === undefined ? null : dueRow.parse(row);
}

/** The pending deliveries that the given events fanned out to (one per subscribed endpoint). */
export async function deliveryKeysOf(db: Db, eventIds: readonly string[]): Promise<DeliveryKey[]> {
  if (eventIds.length === 0) return [];
  const rows = await db.all(
    db.q
      .selectFrom('event_deliveries')
      .select(['event_id', 'endpoint_id'])
      .where('event_id', 'in', [...eventIds])
      .where('status', '=', 'pending'),
  );
  return z
    .array(z.object({ event_id: z.string(), endpoint_id: z.string() }))
    .parse(rows)
    .map((r) => ({ eventId: r.event_id, endpointId: r.endpoint_id }));
}

/**
 * Claims a due delivery for one attempt: counts the attempt and pushes its due time to `leaseUntil`, so a parallel
 * drain (another request's, the scheduled one) skips it. Only the caller that saw `attempts` gets true.
 */
export async function claimDelivery(db: Db, d: DueDelivery, now: number, leaseUntil: number): Promise<boolean> {
  const { rowsAffected } = await db.run(
    db.q
      .updateTable('event_deliveries')
      .set({ attempts: d.attempts + 1, last_attempt_at: now, next_attempt_at: leaseUntil })
      .where('event_id', '=', d.event_id)
      .where('endpoint_id', '=', d.endpoint_id)
      .where('status', '=', 'pending')
      .where('attempts', '=', d.attempts),
  );
  return rowsAffected === 1;
}

export type AttemptOutcome =
  | { kind: 'delivered'; statusCode: number }
  /** `retryAt` null: the cap is reached, the delivery has failed for good. */
  | { kind: 'failed'; statusCode: number | null; error: string; retryAt: number | null };

/** Records how the claimed attempt went. */
export async function recordAttempt(db: Db, d: DueDelivery, outcome: AttemptOutcome, now: number): Promise<void> {
  const key = db.q
    .updateTable('event_deliveries')
    .where('event_id', '=', d.event_id)
    .where('endpoint_id', '=', d.endpoint_id);
  await db.run(
    outcome.kind === 'delivered'
      ? key.set({ status: 'delivered', delivered_at: now, last_status_code: outcome.statusCode, last_error: null })
      : key.set({
          status: outcome.retryAt === null ? 'failed' : 'pending',
          next_attempt_at: outcome.retryAt ?? now,
          last_status_code: outcome.statusCode,
          last_error: outcome.error,
        }),
  );
}

export interface DeliveryFilter {
  endpointId?: string | undefined;
  eventId?: string | undefined;
  /** The account's row id (staff look an account up first). */
  accountRef?: number | undefined;
  status?: EventDelivery['status'] | undefined;
  type?: EventType | undefined;
  /** At most this many rows (default 50, at most 200). */
  limit?: number | undefined;
}

const logRow = z.object({
  event_id: z.string(),
  endpoint_id: z.string(),
  event_type: eventType,
  occurred_at: z.number(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  next_attempt_at: z.number(),
  last_attempt_at: z.nullable(z.number()),
  last_status_code: z.nullable(z.number()),
  last_error: z.nullable(z.string()),
  delivered_at: z.nullable(z.number()),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The delivery log, newest first, for operators and the staff console (issue 28 §2 "a delivery log staff can see"). */
export async function listDeliveries(db: Db, filter: DeliveryFilter = {}): Promise<EventDelivery[]> {
  let query = db.q
    .selectFrom('event_deliveries')
    .select([
      'event_id',
      'endpoint_id',
      'event_type',
      'occurred_at',
      'status',
      'attempts',
      'next_attempt_at',
      'last_attempt_at',
      'last_status_code',
      'last_error',
      'delivered_at',
    ]);
  if (filter.endpointId !== undefined) query = query.where('endpoint_id', '=', filter.endpointId);
  if (filter.eventId !== undefined) query = query.where('event_id', '=', filter.eventId);
  if (filter.accountRef !== undefined) query = query.where('account_ref', '=', filter.accountRef);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.type !== undefined) query = query.where('event_type', '=', filter.type);
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
  const rows = z
    .array(logRow)
    .parse(await db.all(query.orderBy('occurred_at', 'desc').orderBy('event_id').orderBy('endpoint_id').limit(limit)));
  return rows.map((r) => ({
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    type: r.event_type,
    occurredAt: new Date(r.occurred_at).toISOString(),
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    lastAttemptAt: iso(r.last_attempt_at),
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    deliveredAt: iso(r.delivered_at),
  }));
}

/**
 * The event of setting (`reason`) or lifting (null) an account's ban, only when it changes the ban: put it in the
 * batch BEFORE the update of accounts.ban_reason (the dev ban route, the staff console).
 */
export function banEvent(db: Db, accountId: number, reason: BanReason | null, now: number): readonly [Query] {
  const changes = db.q
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .where((eb) =>
      reason === null
        ? eb('ban_reason', 'is not', null)
        : eb.or([eb('ban_reason', 'is', null), eb('ban_reason', '!=', reason)]),
    );
  return reason === null
    ? accountEvent(db, 'account.unblocked', accountId, {}, now, whileExists(changes))
    : accountEvent(db, 'account.blocked', accountId, { reason }, now, whileExists(changes));
}
