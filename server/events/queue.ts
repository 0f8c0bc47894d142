/**
 * Event delivery through a Cloudflare Queue when one is bound (docs/events.md "Deployment"). The `event_deliveries`
 * row stays the one record (delivery log, idempotency id, atomic recording in the change's batch): a message only
 * says which row to attempt now, so a lost or duplicated message never loses or doubles a delivery.
 * - Producer (`enqueueDeliveries`): after the response of a request that recorded events, the Pages Function reads
 *   the rows those events fanned out to and sends one message per row to the EVENTS_QUEUE binding.
 * - Consumer (`consumeDeliveries`, the events Worker's `queue()` handler): attempts each due row, acks when it is
 *   delivered or given up, and otherwise asks the queue to bring it back when its next attempt is due, on the same
 *   `retryDelay` schedule as the drains.
 * Without the binding (npm start, the tests) none of this runs: the drains of server/events/routes.ts deliver.
 */
import * as z from 'zod/mini';
import type { Db } from '../core/db/engine';
import { deliveryKeysOf, pendingDelivery, type DeliveryKey } from './data';
import { attemptDelivery, DELIVERY_LEASE_MS, RETRY_BASE_MS, type DeliveryDeps } from './delivery';

/** The body of one queue message: the key of one delivery row, nothing else (the row holds the event). */
export const deliveryMessage = z.object({ eventId: z.string(), endpointId: z.string() });
export type DeliveryMessage = z.infer<typeof deliveryMessage>;

/** Cloudflare Queues take at most 100 messages per sendBatch call. */
const SEND_BATCH_MAX = 100;
/** The longest delay Cloudflare Queues accept for a message or a retry (12 hours). */
export const QUEUE_MAX_DELAY_SECONDS = 43_200;

/** Whole seconds until `at` (at least 0, at most the queue's limit): a retry's `delaySeconds`. */
export function delaySecondsUntil(at: number, now: number): number {
  return Math.min(Math.max(Math.ceil((at - now) / 1000), 0), QUEUE_MAX_DELAY_SECONDS);
}

/**
 * Sends one message per pending delivery of `eventIds` to the queue. Throws when the queue refuses: the caller
 * falls back to a drain (the rows are pending and due, nothing is lost either way).
 */
export async function enqueueDeliveries(
  db: Db,
  queue: Queue<DeliveryMessage>,
  eventIds: readonly string[],
): Promise<number> {
  const keys = await deliveryKeysOf(db, eventIds);
  for (let i = 0; i < keys.length; i += SEND_BATCH_MAX)
    await queue.sendBatch(keys.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body, contentType: 'json' })));
  return keys.length;
}

/** What one message came to (returned for the logs and the tests). */
export type MessageOutcome = 'delivered' | 'retry' | 'gave-up' | 'not-pending' | 'not-due' | 'claimed' | 'error';

async function consumeOne(deps: DeliveryDeps, message: Message): Promise<MessageOutcome> {
  const parsed = deliveryMessage.safeParse(message.body);
  if (!parsed.success) {
    // Not ours (or from an older format): retrying it would never succeed. The sweeper covers every pending row.
    console.error('Event queue: message is not a delivery key', { id: message.id });
    message.ack();
    return 'error';
  }
  const key: DeliveryKey = parsed.data;
  const d = await pendingDelivery(deps.db, key);
  // Delivered or given up already (a duplicate message), or its endpoint was disabled or removed: nothing to do.
  // A re-enabled endpoint's waiting rows are the sweeper's.
  if (d === null) {
    message.ack();
    return 'not-pending';
  }
  const now = deps.now();
  if (d.next_attempt_at > now) {
    // Another drain attempted it meanwhile and the row says when the next attempt is due: come back then.
    message.retry({ delaySeconds: delaySecondsUntil(d.next_attempt_at, now) });
    return 'not-due';
  }
  const result = await attemptDelivery(deps, d);
  if (result === null) {
    // Someone else holds the attempt: look again once its lease is over (the row will say what happened).
    message.retry({ delaySeconds: delaySecondsUntil(now + DELIVERY_LEASE_MS, now) });
    return 'claimed';
  }
  if (result.retryAt === null) {
    message.ack();
    return result.delivered ? 'delivered' : 'gave-up';
  }
  message.retry({ delaySeconds: delaySecondsUntil(result.retryAt, deps.now()) });
  return 'retry';
}

/**
 * The queue consumer: every message of the batch in parallel (each attempt has its own timeout), each acked or
 * retried on its own. A database error retries that message after the first retry delay.
 */
export async function consumeDeliveries(batch: MessageBatch, deps: DeliveryDeps): Promise<MessageOutcome[]> {
  return Promise.all(
    batch.messages.map(async (message) => {
      try {
        return await consumeOne(deps, message);
      } catch (error) {
        console.error('Event queue: delivery failed', { id: message.id, error });
        message.retry({ delaySeconds: RETRY_BASE_MS / 1000 });
        return 'error' as const;
      }
    }),
  );
}
