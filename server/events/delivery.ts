/**
 * Delivering recorded events (docs/events.md "Delivery"): at least once, signed, with exponential back-off and a
 * cap. The delivery table is the outbox: every attempt starts from a row whose next attempt is due, claims it (so two
 * drains never post the same attempt), posts it with a timeout, and records the outcome. A drain runs
 * - after the response of a request that recorded an event (waitUntil: the player's call never waits for it);
 * - after the response of any request once the last drain of this isolate is old enough (due retries);
 * - on demand: POST /api/dev/events/deliver (`npm run events:deliver`), and in production the scheduled Worker of
 *   docs/events.md "Deployment", which calls `deliverDue` on the same database;
 * - deployed with a Cloudflare Queue (server/events/queue.ts): one message per delivery, attempted by the queue
 *   consumer through `attemptDelivery`, retried by the queue on the same `retryDelay` schedule.
 */
import { eventPayload, type EventType } from '../../src/shared/contract/events';
import type { Db } from '../core/db/engine';
import type { Env } from '../core/env';
import { hashUserNumbers } from '../core/security/user-hash';
import { claimDelivery, dueDeliveries, recordAttempt, type DueDelivery } from './data';
import { endpointUrlProblem } from './registration';
import { openEndpointSecret } from './secret';
import { signWebhook, WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from './signing';

/** An endpoint that has not answered in this long has failed the attempt (the back end should answer, then work). */
export const DELIVERY_TIMEOUT_MS = 5_000;
/**
 * Attempts before a delivery is given up (status failed): the first and 9 retries, 1, 2, 4 … 128 minutes then 4 hours
 * apart, about 8 hours in all: a back end down for a deploy or a night's incident still gets the event.
 */
export const MAX_ATTEMPTS = 10;
/** The first retry's delay; each later one doubles, up to RETRY_MAX_DELAY_MS. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_DELAY_MS = 4 * 60 * 60_000;
/** How long a claimed attempt keeps its row from other drains: past the timeout, so a dead drain's row comes back. */
export const DELIVERY_LEASE_MS = DELIVERY_TIMEOUT_MS + RETRY_BASE_MS;
/** How many deliveries one drain attempts (a request's waitUntil has a bounded time). */
export const DRAIN_LIMIT = 20;

/** The delay before the retry that follows attempt number `attempts` (1-based): 1, 2, 4 … minutes, capped. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_DELAY_MS);
}

export interface DeliveryDeps {
  db: Db;
  env: Env;
  /** The API clock (dev clock offset included): due times and the log use it. */
  now: () => number;
  /** DEV_TOOLS: loopback http endpoints are allowed. */
  devTools: boolean;
  fetch?: typeof fetch;
}

/** The body of one delivery: the same bytes on every attempt (its timestamp is when the event happened). */
export async function deliveryBody(
  env: Env,
  d: Pick<DueDelivery, 'event_type' | 'account_ref' | 'payload' | 'occurred_at'>,
) {
  const type: EventType = d.event_type;
  // The global hash names the account alone (membership_no is not part of it).
  const { hashedGlobalUserNo } = await hashUserNumbers(env, { id: d.account_ref, membership_no: null });
  const data: unknown = JSON.parse(d.payload);
  const body = eventPayload(type).parse({
    type,
    timestamp: new Date(d.occurred_at).toISOString(),
    data: { ...(data as object), account: { hashedGlobalUserNo } },
  });
  return JSON.stringify(body);
}

type Attempt = { delivered: true; statusCode: number } | { delivered: false; statusCode: number | null; error: string };

function failed(statusCode: number | null, error: string): Attempt {
  return { delivered: false, statusCode, error };
}

async function attempt(deps: DeliveryDeps, d: DueDelivery): Promise<Attempt> {
  const problem = endpointUrlProblem(d.url, deps.devTools);
  if (problem !== null) return failed(null, `endpoint refused: ${problem}`);
  const totpKey = deps.env.TOTP_ENCRYPTION_KEY;
  if (totpKey === undefined) return failed(null, 'no TOTP_ENCRYPTION_KEY to open the endpoint secret');
  let secret: string;
  let body: string;
  try {
    secret = await openEndpointSecret(d.secret_sealed, totpKey, d.endpoint_id);
    body = await deliveryBody(deps.env, d);
  } catch (error) {
    // Counted as a failed attempt (so the cap ends it), never a drain that throws and leaves the row leased forever.
    console.error('Event delivery could not be prepared', { endpoint: d.endpoint_id, error });
    return failed(null, 'could not prepare the signed request (was TOTP_ENCRYPTION_KEY changed?)');
  }
  // Real time, not the API clock: the receiver compares it with its own clock to refuse replays.
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await (deps.fetch ?? fetch)(d.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Lumenforge-Account-Events/1',
        [WEBHOOK_ID_HEADER]: d.event_id,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: await signWebhook(secret, d.event_id, timestamp, body),
      },
      body,
      // A redirect is a misconfigured endpoint, not a place to send signed account events to.
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // The receiver's body is never stored or shown: only whether it took the event.
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { delivered: true, statusCode: response.status };
    return failed(response.status, `HTTP ${String(response.status)}`);
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return failed(null, timedOut ? `no answer within ${String(DELIVERY_TIMEOUT_MS)} ms` : 'connection failed');
  }
}

/** How one claimed attempt ended: `retryAt` is when the next one is due (null: delivered, or given up). */
export type AttemptResult = { delivered: true; retryAt: null } | { delivered: false; retryAt: number | null };

/**
 * Claims a due delivery and makes one attempt of it, recording the outcome on its row (the one record: the
 * queue consumer and the drains all go through here). null when the claim was lost: another drain, the sweeper or
 * a duplicate queue message is attempting it, and that one records the outcome.
 */
export async function attemptDelivery(deps: DeliveryDeps, d: DueDelivery): Promise<AttemptResult | null> {
  const start = deps.now();
  // Leased past the attempt's timeout: a drain that dies mid-attempt leaves the row due again, never lost.
  if (!(await claimDelivery(deps.db, d, start, start + DELIVERY_LEASE_MS))) return null;
  const attempts = d.attempts + 1;
  const result = await attempt(deps, d);
  const now = deps.now();
  if (result.delivered) {
    await recordAttempt(deps.db, d, { kind: 'delivered', statusCode: result.statusCode }, now);
    return { delivered: true, retryAt: null };
  }
  const retryAt = attempts >= MAX_ATTEMPTS ? null : now + retryDelay(attempts);
  await recordAttempt(deps.db, d, { kind: 'failed', statusCode: result.statusCode, error: result.error, retryAt }, now);
  return { delivered: false, retryAt };
}

/**
 * One attempt of every due delivery (up to `limit`); returns how many were attempted and delivered. `overdueBy`:
 * only rows due at least that long ago (the sweeper beside a queue takes what the queue lost, not what it is about
 * to deliver).
 */
export async function deliverDue(
  deps: DeliveryDeps,
  limit = DRAIN_LIMIT,
  overdueBy = 0,
): Promise<{ attempted: number; delivered: number }> {
  const due = await dueDeliveries(deps.db, deps.now() - overdueBy, limit);
  let attempted = 0;
  let delivered = 0;
  await Promise.all(
    due.map(async (d) => {
      const result = await attemptDelivery(deps, d);
      if (result === null) return;
      attempted += 1;
      if (result.delivered) delivered += 1;
    }),
  );
  return { attempted, delivered };
}
