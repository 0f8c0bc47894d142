/**
 * The reservation core of every limit (server/core/security/rate-limit.ts) on the
 * real SQL: a slot is taken before the work, a failure at the last slot
 * locks, a success gives the slot back as its limit says, and a refusal in a
 * multi-limit reservation gives back the slots already taken.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { COUNTER_RETENTION_MS, reserveSlotQuery } from '../../../server/core/data/rate-limits';
import {
  COUNTER_PURGE_EVERY_MS,
  hit,
  purgeIdleCounters,
  purgeIdleCountersAfterResponse,
  reserve,
  settleFailure,
  settleSuccess,
  type Limit,
} from '../../../server/core/security/rate-limit';
import type { Context } from 'hono';
import type { AppEnv } from '../../../server/core/http/app-env';
import { inProcessEnv, testD1, type TestD1 } from './d1-sqlite';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);
const limit = (onSuccess: Limit['onSuccess'], max = 3): Limit => ({
  scope: `test:${onSuccess}`,
  max,
  windowMs: 10 * MINUTE,
  lockMs: 5 * MINUTE,
  code: '20187',
  onSuccess,
});

let t: TestD1;
beforeEach(() => {
  t = testD1();
});
const count = (l: Limit, key: string) =>
  (
    t.sqlite.prepare('SELECT count FROM rate_limits WHERE scope = ? AND key = ?').get(l.scope, key) as
      { count: number } | undefined
  )?.count ?? null;

describe('reserve', () => {
  it('hands out at most `max` slots per window, then refuses with Retry-After until the window frees', async () => {
    const l = limit('keep');
    for (let i = 1; i <= 3; i++) expect((await hit(t.engineDb, T0, l, 'k')).position).toBe(i);
    await expect(hit(t.engineDb, T0 + MINUTE, l, 'k')).rejects.toMatchObject({
      status: 429,
      code: '20187',
      headers: { 'Retry-After': String(9 * 60) },
    });
    expect(count(l, 'k')).toBe(3);
    expect((await hit(t.engineDb, T0 + 10 * MINUTE, l, 'k')).position).toBe(1);
  });

  it('a failure at the last slot locks for lockMs and starts a fresh count after', async () => {
    const l = limit('reset');
    for (let i = 0; i < 2; i++)
      expect(await settleFailure(t.engineDb, T0, await reserve(t.engineDb, T0, [[l, 'k']]))).toBeNull();
    const locked = await settleFailure(t.engineDb, T0, await reserve(t.engineDb, T0, [[l, 'k']]));
    expect(locked).toMatchObject({ status: 429, code: '20187', headers: { 'Retry-After': '300' } });
    await expect(reserve(t.engineDb, T0 + 5 * MINUTE - 1, [[l, 'k']])).rejects.toMatchObject({ code: '20187' });
    expect((await reserve(t.engineDb, T0 + 5 * MINUTE, [[l, 'k']]))[0]?.position).toBe(1);
  });

  it('success: reset clears the key, release gives one slot back, keep leaves it counted', async () => {
    const reset = limit('reset');
    const release = limit('release');
    const keep = limit('keep');
    for (const l of [reset, release, keep]) await reserve(t.engineDb, T0, [[l, 'k']]);
    const taken = await reserve(t.engineDb, T0, [
      [reset, 'k'],
      [release, 'k'],
      [keep, 'k'],
    ]);
    await settleSuccess(t.engineDb, taken);
    // Cleared by zeroing: no count, and the next attempt opens a fresh window, as on a missing row.
    expect(count(reset, 'k')).toBe(0);
    expect((await reserve(t.engineDb, T0 + MINUTE, [[reset, 'k']]))[0]).toMatchObject({
      position: 1,
      windowStart: T0 + MINUTE,
    });
    expect(count(release, 'k')).toBe(1);
    expect(count(keep, 'k')).toBe(2);
  });

  it('a refusal on one limit gives back the slots taken on the others: nothing is evaluated', async () => {
    const open = limit('keep', 5);
    const full = limit('release', 1);
    await reserve(t.engineDb, T0, [[full, 'k']]);
    await expect(
      reserve(t.engineDb, T0, [
        [open, 'k'],
        [full, 'k'],
      ]),
    ).rejects.toMatchObject({ status: 429 });
    expect(count(open, 'k')).toBe(0);
  });

  it('keys and scopes are independent', async () => {
    const l = limit('keep', 1);
    await hit(t.engineDb, T0, l, 'a');
    await hit(t.engineDb, T0, l, 'b');
    await hit(t.engineDb, T0, limit('reset', 1), 'a');
    await expect(hit(t.engineDb, T0, l, 'a')).rejects.toMatchObject({ status: 429 });
  });
});

describe('purgeIdleCounters', () => {
  const DAY = 24 * 60 * MINUTE;
  // Far after every time above: this isolate's last gate check (module state) is older than a period.
  const T1 = T0 + 100 * DAY;
  const keys = () =>
    (
      t.sqlite.prepare("SELECT key FROM rate_limits WHERE scope LIKE 'test:%' ORDER BY key").all() as { key: string }[]
    ).map((r) => r.key);

  it('removes the counters idle for the retention period, zeroed ones included, and keeps live ones', async () => {
    const reset = limit('reset');
    const keep = limit('keep');
    const longLock: Limit = { ...limit('keep', 1), scope: 'test:long-lock', lockMs: 2 * DAY };
    await settleSuccess(t.engineDb, await reserve(t.engineDb, T1, [[reset, 'zeroed']]));
    await hit(t.engineDb, T1, keep, 'counted');
    expect(await settleFailure(t.engineDb, T1, [await hit(t.engineDb, T1, longLock, 'locked')])).toMatchObject({
      status: 429,
    });
    await hit(t.engineDb, T1 + DAY - 1, keep, 'recent');

    const at = T1 + COUNTER_RETENTION_MS;
    expect(await purgeIdleCounters(t.engineDb, at)).toBe(2);
    expect(keys()).toEqual(['locked', 'recent']);
    // The locked key still refuses: the purge never lifts a lock.
    await expect(hit(t.engineDb, at, longLock, 'locked')).rejects.toMatchObject({ status: 429 });

    // At most once per period: an idle row left now waits for the next one.
    await hit(t.engineDb, T1, keep, 'late');
    expect(await purgeIdleCounters(t.engineDb, at + COUNTER_PURGE_EVERY_MS - 1)).toBe(0);
    expect(keys()).toContain('late');
    expect(await purgeIdleCounters(t.engineDb, at + COUNTER_PURGE_EVERY_MS)).toBe(1);
    expect(keys()).not.toContain('late');
  });

  it('after the response: the sign-in only hands the purge to waitUntil, which runs it on a Db of its own', async () => {
    await hit(t.engineDb, T1, limit('keep'), 'idle');
    const at = T1 + 2 * COUNTER_RETENTION_MS;
    const later: Promise<unknown>[] = [];
    // The request's own Db would fail any statement: the purge must not use it (it closes with the response).
    const closedDb = new Proxy(t.engineDb, {
      get: () => () => Promise.reject(new Error('the request Db is closed')),
    });
    const c = {
      env: inProcessEnv(t.db, 'http://localhost'),
      var: { clock: { now: () => at }, db: closedDb },
      executionCtx: { waitUntil: (p: Promise<unknown>) => later.push(p) },
    } as unknown as Context<AppEnv>;

    await purgeIdleCountersAfterResponse(c);
    expect(later).toHaveLength(1);
    expect(keys()).toContain('idle');
    await Promise.all(later);
    expect(keys()).not.toContain('idle');
    // Within the period this isolate hands nothing over at all.
    await purgeIdleCountersAfterResponse(c);
    expect(later).toHaveLength(1);
  });

  it('refuses a window the purge would cut short', () => {
    expect(() =>
      reserveSlotQuery(t.engineDb, { scope: 'test:long', key: 'k' }, T0, COUNTER_RETENTION_MS + 1, 1),
    ).toThrow(/outlives the purge/);
  });
});
