/**
 * The floor on a refused card try's time (issue 26 §3, docs/security.md "Card testing through parental consent"):
 * the wait is a timer that ends at the floor measured from the start, never before, and nothing when the work
 * already took longer; the floor's value comes from VPC_CARD_FLOOR_MS or the mode's default.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSettings, type Env } from '../../../server/core/env';
import { floorStart, holdUntilFloor } from '../../../server/core/security/answer-floor';
import { cardRefusalFloorMs, DEV_VPC_CARD_FLOOR_MS, VPC_CARD_FLOOR_MS } from '../../../server/parental/vpc-limits';
import { testD1 } from './d1-sqlite';

afterEach(() => {
  vi.useRealTimers();
});

describe('holdUntilFloor', () => {
  it('resolves at the floor from the start, not before', async () => {
    vi.useFakeTimers();
    const startedAt = floorStart();
    vi.advanceTimersByTime(40);
    let done = false;
    const held = holdUntilFloor(startedAt, 250).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(209);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await held;
    expect(done).toBe(true);
  });

  it('waits nothing once the floor has passed', async () => {
    vi.useFakeTimers();
    const startedAt = floorStart();
    vi.advanceTimersByTime(300);
    const timers = vi.getTimerCount();
    await holdUntilFloor(startedAt, 250);
    expect(vi.getTimerCount()).toBe(timers);
  });
});

describe('the floor of a refused card try', () => {
  const env = (vars: Partial<Env> = {}): Env => ({
    DB: testD1().db,
    CONFIG: { get: () => Promise.resolve(null) } as unknown as KVNamespace,
    DEV_TOOLS: '1',
    CAPTCHA_SECRET: 'dev',
    ...vars,
  });

  it('is the mode default unless VPC_CARD_FLOOR_MS sets it', () => {
    expect(cardRefusalFloorMs(parseSettings(env(), { kind: 'none' }))).toBe(DEV_VPC_CARD_FLOOR_MS);
    expect(cardRefusalFloorMs({ vpcCardFloorMs: null, devTools: false })).toBe(VPC_CARD_FLOOR_MS);
    expect(cardRefusalFloorMs(parseSettings(env({ VPC_CARD_FLOOR_MS: '1200' }), { kind: 'none' }))).toBe(1200);
    expect(cardRefusalFloorMs(parseSettings(env({ VPC_CARD_FLOOR_MS: '0' }), { kind: 'none' }))).toBe(0);
  });

  it('refuses a value that is no whole number of milliseconds up to a minute', () => {
    for (const bad of ['-1', '1.5', 'soon', '60001'])
      expect(() => parseSettings(env({ VPC_CARD_FLOOR_MS: bad }), { kind: 'none' })).toThrow(/VPC_CARD_FLOOR_MS/);
  });
});
