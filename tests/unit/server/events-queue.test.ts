/**
 * Event delivery through a Cloudflare Queue (docs/events.md "Deployment"), on the real data access over node:sqlite:
 * - the consumer with a fake MessageBatch: acks a delivered row, asks the queue to retry a failed one after the
 *   schedule's delay (5xx, no answer), gives up after the last attempt and marks the row, and leaves alone a row
 *   that is no longer pending or not due yet;
 * - the producer behind eventDispatch with a fake EVENTS_QUEUE binding: one message per new delivery row, sent after
 *   the response; when the send throws the player's response is the same and the rows are drained instead.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Db } from '../../../server/core/db/engine';
import type { Env } from '../../../server/core/env';
import type { AppEnv } from '../../../server/core/http/app-env';
import { accountEvent, listDeliveries, newEndpointId, registerEndpoint } from '../../../server/events/data';
import { consumeQueue, drainScheduled, SWEEP_GRACE_MS } from '../../../server/events/cron-worker';
import { DELIVERY_LEASE_MS, MAX_ATTEMPTS, retryDelay } from '../../../server/events/delivery';
import { consumeDeliveries, QUEUE_MAX_DELAY_SECONDS, type DeliveryMessage } from '../../../server/events/queue';
import { eventDispatch } from '../../../server/events/routes';
import { sealEndpointSecret } from '../../../server/events/secret';
import { newEndpointSecret } from '../../../server/events/signing';
import { inProcessEnv, insertAccount, testD1, type TestD1 } from './d1-sqlite';

/** A minute ago: the rows are due for the code that reads the real clock (the Worker, the fallback drain). */
const NOW = Date.now() - 60_000;
const URL_OK = 'https://game.example/hooks';

interface FakeMessage extends Message {
  ack: Mock<() => void>;
  retry: Mock<(options?: QueueRetryOptions) => void>;
}

function message(body: unknown, attempts = 1): FakeMessage {
  return {
    id: `msg-${String(Math.random())}`,
    timestamp: new Date(NOW),
    body,
    attempts,
    ack: vi.fn<() => void>(),
    retry: vi.fn<(options?: QueueRetryOptions) => void>(),
  };
}

function batchOf(...messages: FakeMessage[]): MessageBatch {
  return {
    messages,
    queue: 'lumenforge-account-events',
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
    ackAll: () => undefined,
    retryAll: () => undefined,
  };
}

let d1: TestD1;
let env: Env;
let accountId: number;
let endpointId: string;

async function deliveryRow(eventId: string) {
  const [row] = await listDeliveries(d1.engineDb, { eventId });
  if (row === undefined) throw new Error(`no delivery of ${eventId}`);
  return row;
}

/** Records a sessions.revoked event in its own batch (as a route does); returns its id. */
async function recordEvent(db: Db = d1.engineDb): Promise<string> {
  await db.batch(accountEvent(db, 'sessions.revoked', accountId, {}, NOW));
  const [row] = await listDeliveries(d1.engineDb, { limit: 1 });
  if (row === undefined) throw new Error('nothing recorded');
  return row.eventId;
}

beforeEach(async () => {
  d1 = testD1();
  env = inProcessEnv(d1.db, 'http://localhost:4321');
  accountId = insertAccount(d1.sqlite, 'queue@example.test');
  endpointId = newEndpointId();
  const sealed = await sealEndpointSecret(newEndpointSecret(), env.TOTP_ENCRYPTION_KEY ?? '', endpointId);
  await registerEndpoint(
    d1.engineDb,
    { endpointId, url: URL_OK, secretSealed: sealed, description: null, types: ['sessions.revoked'] },
    NOW,
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('queue consumer', () => {
  function deps(answer: () => Promise<Response>, now = NOW) {
    const fetch = vi.fn<typeof globalThis.fetch>(answer);
    return { fetch, deps: { db: d1.engineDb, env, devTools: false, now: () => now, fetch } };
  }

  it('acks a message whose delivery the endpoint took (2xx), and marks the row delivered', async () => {
    const eventId = await recordEvent();
    const m = message({ eventId, endpointId });
    const { fetch, deps: d } = deps(() => Promise.resolve(new Response(null, { status: 204 })));
    expect(await consumeDeliveries(batchOf(m), d)).toEqual(['delivered']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(URL_OK);
    expect(m.ack).toHaveBeenCalledTimes(1);
    expect(m.retry).not.toHaveBeenCalled();
    expect(await deliveryRow(eventId)).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204 });
  });

  it('retries a 5xx after the first delay of the schedule, and the row says when', async () => {
    const eventId = await recordEvent();
    const m = message({ eventId, endpointId });
    const { deps: d } = deps(() => Promise.resolve(new Response('busy', { status: 503 })));
    expect(await consumeDeliveries(batchOf(m), d)).toEqual(['retry']);
    expect(m.ack).not.toHaveBeenCalled();
    expect(m.retry).toHaveBeenCalledWith({ delaySeconds: retryDelay(1) / 1000 });
    expect(retryDelay(1) / 1000).toBe(60);
    expect(await deliveryRow(eventId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 503,
      lastError: 'HTTP 503',
      nextAttemptAt: new Date(NOW + retryDelay(1)).toISOString(),
    });
  });

  it('retries a timeout with the delay that follows the attempt count (the 4th: 8 minutes)', async () => {
    const eventId = await recordEvent();
    d1.sqlite.prepare('UPDATE event_deliveries SET attempts = 3 WHERE event_id = ?').run(eventId);
    const m = message({ eventId, endpointId }, 4);
    const { deps: d } = deps(() => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')));
    expect(await consumeDeliveries(batchOf(m), d)).toEqual(['retry']);
    expect(m.retry).toHaveBeenCalledWith({ delaySeconds: 8 * 60 });
    expect(await deliveryRow(eventId)).toMatchObject({ attempts: 4, lastError: 'no answer within 5000 ms' });
  });

  it('gives up after the last attempt: acks, and the row is failed', async () => {
    const eventId = await recordEvent();
    d1.sqlite.prepare('UPDATE event_deliveries SET attempts = ? WHERE event_id = ?').run(MAX_ATTEMPTS - 1, eventId);
    const m = message({ eventId, endpointId }, MAX_ATTEMPTS);
    const { deps: d } = deps(() => Promise.resolve(new Response(null, { status: 500 })));
    expect(await consumeDeliveries(batchOf(m), d)).toEqual(['gave-up']);
    expect(m.ack).toHaveBeenCalledTimes(1);
    expect(m.retry).not.toHaveBeenCalled();
    expect(await deliveryRow(eventId)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      nextAttemptAt: null,
    });
  });

  it('acks without posting a duplicate message of a delivered row, and a message that is not a key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const eventId = await recordEvent();
    d1.sqlite.prepare("UPDATE event_deliveries SET status = 'delivered' WHERE event_id = ?").run(eventId);
    const duplicate = message({ eventId, endpointId });
    const junk = message({ hello: 'world' });
    const { fetch, deps: d } = deps(() => Promise.resolve(new Response(null, { status: 204 })));
    expect(await consumeDeliveries(batchOf(duplicate, junk), d)).toEqual(['not-pending', 'error']);
    expect(fetch).not.toHaveBeenCalled();
    expect(duplicate.ack).toHaveBeenCalledTimes(1);
    expect(junk.ack).toHaveBeenCalledTimes(1);
  });

  it('brings a message back when its row is not due yet (another drain attempted it), without posting', async () => {
    const eventId = await recordEvent();
    d1.sqlite
      .prepare('UPDATE event_deliveries SET attempts = 1, next_attempt_at = ? WHERE event_id = ?')
      .run(NOW + 90_000, eventId);
    const m = message({ eventId, endpointId });
    const { fetch, deps: d } = deps(() => Promise.resolve(new Response(null, { status: 204 })));
    expect(await consumeDeliveries(batchOf(m), d)).toEqual(['not-due']);
    expect(fetch).not.toHaveBeenCalled();
    expect(m.retry).toHaveBeenCalledWith({ delaySeconds: 90 });
    expect(await deliveryRow(eventId)).toMatchObject({ attempts: 1, status: 'pending' });
  });

  it('never asks for a delay beyond the queue limit, and waits out a lease it lost', async () => {
    const eventId = await recordEvent();
    d1.sqlite
      .prepare('UPDATE event_deliveries SET next_attempt_at = ? WHERE event_id = ?')
      .run(NOW + 2 * QUEUE_MAX_DELAY_SECONDS * 1000, eventId);
    const far = message({ eventId, endpointId });
    const { deps: d } = deps(() => Promise.resolve(new Response(null, { status: 204 })));
    await consumeDeliveries(batchOf(far), d);
    expect(far.retry).toHaveBeenCalledWith({ delaySeconds: QUEUE_MAX_DELAY_SECONDS });

    // Two messages of the same due row in one batch: one attempt only, the other waits for the lease.
    d1.sqlite.prepare('UPDATE event_deliveries SET next_attempt_at = ? WHERE event_id = ?').run(NOW, eventId);
    const a = message({ eventId, endpointId });
    const b = message({ eventId, endpointId });
    const { fetch, deps: d2 } = deps(() => Promise.resolve(new Response(null, { status: 204 })));
    const outcomes = await consumeDeliveries(batchOf(a, b), d2);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The loser either lost the claim or read the row after the winner's claim (then it is leased, not due).
    expect(outcomes).toContain('delivered');
    expect(outcomes.filter((o) => o !== 'delivered')).toHaveLength(1);
    expect(['claimed', 'not-due']).toContain(outcomes.find((o) => o !== 'delivered'));
    const waiting = [a, b].find((m) => m.retry.mock.calls.length > 0);
    expect(waiting?.retry).toHaveBeenCalledWith({ delaySeconds: DELIVERY_LEASE_MS / 1000 });
  });

  it('runs as the Worker queue() handler on the env database', async () => {
    const eventId = await recordEvent();
    const m = message({ eventId, endpointId });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }));
    await consumeQueue(batchOf(m), env, { waitUntil: () => undefined });
    expect(m.ack).toHaveBeenCalledTimes(1);
    expect((await deliveryRow(eventId)).status).toBe('delivered');
  });
});

describe('cron sweeper beside a queue', () => {
  it('takes only rows overdue by the grace when EVENTS_QUEUE is bound', async () => {
    const eventId = await recordEvent();
    const post = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }));
    const queue = { send: vi.fn(), sendBatch: vi.fn() } as unknown as NonNullable<Env['EVENTS_QUEUE']>;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(NOW + SWEEP_GRACE_MS - 1000);
      await drainScheduled({ ...env, EVENTS_QUEUE: queue }, { waitUntil: () => undefined });
      expect(post).not.toHaveBeenCalled();
      vi.setSystemTime(NOW + SWEEP_GRACE_MS + 1000);
      await drainScheduled({ ...env, EVENTS_QUEUE: queue }, { waitUntil: () => undefined });
      expect(post).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
    expect((await deliveryRow(eventId)).status).toBe('delivered');
  });
});

describe('queue producer (eventDispatch with an EVENTS_QUEUE binding)', () => {
  /** A second endpoint, so one event fans out to two deliveries (two messages). */
  async function secondEndpoint(): Promise<string> {
    const id = newEndpointId();
    const sealed = await sealEndpointSecret(newEndpointSecret(), env.TOTP_ENCRYPTION_KEY ?? '', id);
    await registerEndpoint(
      d1.engineDb,
      {
        endpointId: id,
        url: 'https://other.example/hooks',
        secretSealed: sealed,
        description: null,
        types: ['sessions.revoked'],
      },
      NOW,
    );
    return id;
  }

  function app() {
    const a = new Hono<AppEnv>();
    a.use('*', async (c, next) => {
      c.set('db', d1.engineDb);
      await next();
    });
    a.use('*', eventDispatch);
    a.post('/revoke', async (c) => {
      await recordEvent(c.var.db);
      return c.json({ ok: true });
    });
    return a;
  }

  async function call(queue: NonNullable<Env['EVENTS_QUEUE']>) {
    const pending: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      passThroughOnException: () => undefined,
      props: {},
    };
    const res = await app().request('/revoke', { method: 'POST' }, { ...env, EVENTS_QUEUE: queue }, ctx);
    const body: unknown = await res.json();
    return { res, body, pending };
  }

  it('sends one message per new delivery after the response, and delivers nothing itself', async () => {
    const other = await secondEndpoint();
    const sent: DeliveryMessage[] = [];
    const queue = {
      send: vi.fn(),
      sendBatch: vi.fn((messages: Iterable<MessageSendRequest<DeliveryMessage>>) => {
        for (const m of messages) sent.push(m.body);
        return Promise.resolve({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } });
      }),
    };
    const post = vi.spyOn(globalThis, 'fetch');
    const { res, body, pending } = await call(queue as unknown as NonNullable<Env['EVENTS_QUEUE']>);
    expect(res.status).toBe(200);
    expect(body).toEqual({ ok: true });
    // Nothing sent before the response: the send runs in waitUntil.
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    const [row] = await listDeliveries(d1.engineDb, { limit: 1 });
    expect(sent.map((m) => m.endpointId).sort()).toEqual([endpointId, other].sort());
    expect(new Set(sent.map((m) => m.eventId))).toEqual(new Set([row?.eventId]));
    expect(post).not.toHaveBeenCalled();
  });

  it('answers the player the same when the send throws, and drains the rows instead', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queue = {
      send: vi.fn(),
      sendBatch: vi.fn(() => Promise.reject(new Error('queue unavailable'))),
    };
    const post = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const { res, body, pending } = await call(queue as unknown as NonNullable<Env['EVENTS_QUEUE']>);
    expect(res.status).toBe(200);
    expect(body).toEqual({ ok: true });
    await Promise.all(pending);
    expect(queue.sendBatch).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledTimes(1);
    const [row] = await listDeliveries(d1.engineDb, { limit: 1 });
    expect(row?.status).toBe('delivered');
  });
});
