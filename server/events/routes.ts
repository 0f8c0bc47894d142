/**
 * The events area on the app (docs/events.md):
 * - `eventDispatch`, middleware that drains due deliveries after the response (waitUntil), when the request recorded
 *   an event or this isolate has not drained for a while, so a failing endpoint never delays the player's call and
 *   due retries go out on later requests without a scheduler; with an EVENTS_QUEUE binding (deployed) it sends the
 *   request's new deliveries to the queue instead, and the queue's consumer delivers and retries them;
 * - the operator calls under /api/dev (the /api/dev gate answers 404 without DEV_TOOLS): the delivery log and a
 *   drain by hand (`npm run events:deliver`). The staff console reads the same log through `listDeliveries`.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { devDeliverEvents, devEventDeliveries } from '../../src/shared/contract/events';
import { systemClock } from '../core/clock';
import { readDevOffset } from '../core/data/dev-clock';
import { dbFor } from '../core/db/index';
import { settingsOf, type Env } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { executionContext } from '../core/http/execution-context';
import { mount } from '../core/http/mount';
import { eventsRecorded, listDeliveries, recordedEventIds } from './data';
import { deliverDue } from './delivery';
import { enqueueDeliveries } from './queue';

/** How long an isolate goes without draining due retries, by mode (dev: retries show up soon when testing by hand). */
const DRAIN_EVERY_MS = { dev: 10_000, production: 60_000 } as const;
let lastDrain = 0;

/** One drain on a Db of its own (the request's is closed with its response). Logs, never throws. */
export async function drainInBackground(env: Env, ctx: Pick<ExecutionContext, 'waitUntil'>): Promise<void> {
  const devTools = settingsOf(env).devTools;
  const db = dbFor(env, ctx);
  try {
    const offset = devTools ? await readDevOffset(env.DB) : 0;
    const clock = systemClock(offset);
    await deliverDue({ db, env, devTools, now: () => clock.now() });
  } catch (error) {
    console.error('Event delivery drain failed', error);
  } finally {
    await db.close();
  }
}

/**
 * Sends the request's new deliveries to the queue on a Db of its own. When the queue refuses (or the read fails),
 * drains instead: the rows are pending and due, so the player's change is announced either way. Logs, never throws.
 */
export async function enqueueInBackground(
  env: Env,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  queue: NonNullable<Env['EVENTS_QUEUE']>,
  eventIds: readonly string[],
): Promise<void> {
  const db = dbFor(env, ctx);
  try {
    await enqueueDeliveries(db, queue, eventIds);
    return;
  } catch (error) {
    console.error('Event queue send failed; draining instead', error);
  } finally {
    await db.close();
  }
  await drainInBackground(env, ctx);
}

export const eventDispatch: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const queue = c.env.EVENTS_QUEUE;
  if (queue !== undefined) {
    // Deployed with a queue: its consumer retries, and the events Worker's cron sweeps what it lost. A request only
    // hands over the deliveries it recorded.
    if (!eventsRecorded(c.var.db)) return;
    const ctx = executionContext(c);
    if (ctx !== undefined) ctx.waitUntil(enqueueInBackground(c.env, ctx, queue, recordedEventIds(c.var.db)));
    return;
  }
  const wall = Date.now();
  const every = settingsOf(c.env).devTools ? DRAIN_EVERY_MS.dev : DRAIN_EVERY_MS.production;
  if (!eventsRecorded(c.var.db) && wall - lastDrain < every) return;
  const ctx = executionContext(c);
  if (ctx === undefined) return;
  lastDrain = wall;
  ctx.waitUntil(drainInBackground(c.env, ctx));
};

export function eventRoutes(app: Hono<AppEnv>): void {
  mount(app, devEventDeliveries, (c, { query }) => listDeliveries(c.var.db, query));

  mount(app, devDeliverEvents, (c) =>
    deliverDue({ db: c.var.db, env: c.env, devTools: true, now: () => c.var.clock.now() }),
  );
}
