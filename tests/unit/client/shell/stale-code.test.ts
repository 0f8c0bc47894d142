/**
 * A page older than the deployment reloads once when its on-demand code is gone (src/client/shell/stale-code.ts):
 * only for a failed module load, only online, at most once a minute per tab.
 */
import { describe, expect, it } from 'vitest';
import {
  recoverFromStaleCode,
  STALE_RELOAD_GAP_MS,
  STALE_RELOAD_KEY,
  type StaleCodeHost,
} from '../../../../src/client/shell/stale-code';

function host(options: { online?: boolean; now?: number; stored?: string; refuse?: boolean } = {}) {
  const items = new Map<string, string>(options.stored === undefined ? [] : [[STALE_RELOAD_KEY, options.stored]]);
  let reloads = 0;
  const h: StaleCodeHost = {
    online: () => options.online ?? true,
    now: () => options.now ?? 1_000_000,
    storage: {
      getItem: (k) => {
        if (options.refuse) throw new Error('SecurityError');
        return items.get(k) ?? null;
      },
      setItem: (k, v) => {
        items.set(k, v);
      },
    },
    reload: () => {
      reloads += 1;
    },
  };
  return { h, reloads: () => reloads, items };
}

const chromium = new TypeError('Failed to fetch dynamically imported module: https://x.test/account/_astro/a.js');
const firefox = new TypeError('error loading dynamically imported module: https://x.test/account/_astro/a.js');
const safari = new TypeError('Importing a module script failed.');

describe('a failed module load', () => {
  it.each([chromium, firefox, safari])('reloads the page once and notes when (%s)', (error) => {
    const { h, reloads, items } = host();
    expect(recoverFromStaleCode(error, h)).toBe(true);
    expect(reloads()).toBe(1);
    expect(items.get(STALE_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again within the gap, and does after it', () => {
    const recent = host({ now: 1_000_000, stored: String(1_000_000 - STALE_RELOAD_GAP_MS + 1) });
    expect(recoverFromStaleCode(chromium, recent.h)).toBe(true);
    expect(recent.reloads()).toBe(0);
    const later = host({ now: 1_000_000, stored: String(1_000_000 - STALE_RELOAD_GAP_MS) });
    recoverFromStaleCode(chromium, later.h);
    expect(later.reloads()).toBe(1);
  });

  it('does not reload offline, nor without storage to guard against a loop', () => {
    const offline = host({ online: false });
    expect(recoverFromStaleCode(chromium, offline.h)).toBe(true);
    expect(offline.reloads()).toBe(0);
    const refused = host({ refuse: true });
    expect(recoverFromStaleCode(chromium, refused.h)).toBe(true);
    expect(refused.reloads()).toBe(0);
  });
});

describe('anything else', () => {
  it.each([
    new TypeError('Failed to fetch'),
    new Error('Failed to fetch dynamically imported module: x'),
    'Failed to fetch dynamically imported module',
    undefined,
  ])('is left alone (%s)', (reason) => {
    const { h, reloads } = host();
    expect(recoverFromStaleCode(reason, h)).toBe(false);
    expect(reloads()).toBe(0);
  });
});
