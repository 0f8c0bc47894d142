/** The sign-up device fingerprint's retry rule (spec §5, §9: 10 attempts every 300 ms). */
import { describe, expect, it, vi } from 'vitest';
import {
  collectBlackBox,
  FINGERPRINT_ATTEMPTS,
  FINGERPRINT_INTERVAL_MS,
} from '../../../../src/client/fingerprint/black-box';

describe('blackBox collection', () => {
  it('answers the first successful collection', async () => {
    const collect = vi.fn().mockRejectedValueOnce(new Error('not yet')).mockResolvedValueOnce('a1b2c3d4');
    const wait = vi.fn(() => Promise.resolve());
    expect(await collectBlackBox({ collect, wait })).toBe('a1b2c3d4');
    expect(collect).toHaveBeenCalledTimes(2);
    expect(wait).toHaveBeenCalledTimes(1);
    expect(wait).toHaveBeenCalledWith(FINGERPRINT_INTERVAL_MS);
  });

  it('tries 10 times, 300 ms apart, then gives undefined', async () => {
    const collect = vi.fn().mockRejectedValue(new Error('blocked'));
    const wait = vi.fn(() => Promise.resolve());
    expect(await collectBlackBox({ collect, wait })).toBeUndefined();
    expect(FINGERPRINT_ATTEMPTS).toBe(10);
    expect(FINGERPRINT_INTERVAL_MS).toBe(300);
    expect(collect).toHaveBeenCalledTimes(10);
    expect(wait).toHaveBeenCalledTimes(9);
  });

  it('a value outside the contract (empty, spaces) counts as a failed attempt', async () => {
    const collect = vi.fn().mockResolvedValueOnce('').mockResolvedValueOnce('has space').mockResolvedValueOnce('ok-1');
    expect(await collectBlackBox({ collect, wait: () => Promise.resolve() })).toBe('ok-1');
    expect(collect).toHaveBeenCalledTimes(3);
  });
});
