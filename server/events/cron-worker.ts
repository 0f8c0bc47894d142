/**
 * The scheduled Worker of a deployment (docs/events.md "Deployment"): a Pages Function runs only for a request, so
 * due retries of a quiet region would wait for the next request. This Worker, bound to the same database and
 * secrets as the region's Pages project, drains them on a cron trigger (every minute) with the very code the API
 * runs after its responses. Rounds repeat while a round found a full batch, within the invocation's time.
 */
import type { Env } from '../core/env';
import { dbFor } from '../core/db/index';
import { DRAIN_LIMIT, deliverDue } from './delivery';

/** At most this many rounds per invocation (20 deliveries each, 5 s timeout each at worst: well inside 15 minutes). */
const MAX_ROUNDS = 10;

export async function drainScheduled(env: Env, ctx: Pick<ExecutionContext, 'waitUntil'>): Promise<void> {
  const db = dbFor(env, ctx);
  try {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      // devTools false: a deployment never posts to loopback http endpoints.
      const { attempted } = await deliverDue({ db, env, devTools: false, now: () => Date.now() });
      if (attempted < DRAIN_LIMIT) break;
    }
  } finally {
    await db.close();
  }
}

export default {
  scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
    ctx.waitUntil(drainScheduled(env, ctx));
  },
};
