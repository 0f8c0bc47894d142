/**
 * The events Worker of a deployment (docs/events.md "Deployment"), beside the region's Pages project, bound to the
 * same database and secrets:
 * - `queue()`: the consumer of the events queue. Each message names one delivery row; it is attempted and acked,
 *   or retried by the queue when the row's next attempt is due (server/events/queue.ts).
 * - `scheduled()`: a cron trigger (every minute) that drains due rows with the very code the API runs after its
 *   responses. Without a queue it is how a quiet region's retries go out (a Pages Function runs only for a
 *   request); with one (the EVENTS_QUEUE producer binding is set on this Worker too) it is the sweeper, taking only
 *   rows overdue by SWEEP_GRACE_MS, i.e. those whose message the queue lost or dropped after its max_retries.
 * Rounds repeat while a round found a full batch, within the invocation's time.
 */
import type { Env } from '../core/env';
import { dbFor } from '../core/db/index';
import { DRAIN_LIMIT, deliverDue } from './delivery';
import { consumeDeliveries } from './queue';

/** At most this many rounds per invocation (20 deliveries each, 5 s timeout each at worst: well inside 15 minutes). */
const MAX_ROUNDS = 10;
/**
 * Beside a queue, how long past due a row must be before the sweeper takes it: the queue brings a message back
 * within seconds of its delay (its batch timeout), so a row this late has no message coming.
 */
export const SWEEP_GRACE_MS = 10 * 60_000;

export async function drainScheduled(env: Env, ctx: Pick<ExecutionContext, 'waitUntil'>): Promise<void> {
  const db = dbFor(env, ctx);
  const overdueBy = env.EVENTS_QUEUE === undefined ? 0 : SWEEP_GRACE_MS;
  try {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      // devTools false: a deployment never posts to loopback http endpoints.
      const { attempted } = await deliverDue(
        { db, env, devTools: false, now: () => Date.now() },
        DRAIN_LIMIT,
        overdueBy,
      );
      if (attempted < DRAIN_LIMIT) break;
    }
  } finally {
    await db.close();
  }
}

export async function consumeQueue(
  batch: MessageBatch,
  env: Env,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
): Promise<void> {
  const db = dbFor(env, ctx);
  try {
    await consumeDeliveries(batch, { db, env, devTools: false, now: () => Date.now() });
  } finally {
    await db.close();
  }
}

export default {
  scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
    ctx.waitUntil(drainScheduled(env, ctx));
  },
  async queue(batch: MessageBatch, env: Env, ctx: ExecutionContext): Promise<void> {
    await consumeQueue(batch, env, ctx);
  },
};
