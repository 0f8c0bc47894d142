import { describe, expect, it, vi } from 'vitest';
import { ENTRY_SOURCES, ENTRY_STORAGE_KEY, hasEntryValues } from '../../../../src/client/navigation/entry-keys';
import { readStoredParams } from '../../../../src/client/navigation/stored-params';

describe('stored entry values (spec §2)', () => {
  it.each([
    [
      'prod_id=50203&landing=spring&partnerkey=abc-1&app_type=toy&app_id=50210',
      { productId: '50203', landing: 'spring', partnerKey: 'abc-1', appType: 'toy', appId: '50210' },
    ],
    ['partner_key=p_2', { partnerKey: 'p_2' }],
    ['partnerkey=first&partner_key=second', { partnerKey: 'first' }],
    ['app_type=toy_community', { appType: 'toy_community' }],
    ['app_type=hacker', {}],
    ['prod_id=12ab', {}],
    ['partnerkey=%3Cscript%3E&landing=ok', { landing: 'ok' }],
    [`landing=${'x'.repeat(65)}`, {}],
    ['', {}],
  ])('%s', (qs, expected) => {
    expect(readStoredParams(new URLSearchParams(qs))).toEqual(expected);
  });
});

describe('whether a visit has entry values (the shell loads their rules only then)', () => {
  function withSession(stored: string | null, run: () => void) {
    const map = new Map<string, string>(stored === null ? [] : [[ENTRY_STORAGE_KEY, stored]]);
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => map.get(k) ?? null });
    try {
      run();
    } finally {
      vi.unstubAllGlobals();
    }
  }

  it('is true for each source parameter of every stored value', () => {
    const keys = ENTRY_SOURCES.flatMap(([, names]) => names);
    expect(keys).toEqual(['prod_id', 'landing', 'partnerkey', 'partner_key', 'app_type', 'app_id']);
    withSession(null, () => {
      for (const key of keys) expect(hasEntryValues(new URLSearchParams(`${key}=x`)), key).toBe(true);
    });
  });

  it('is true when the tab kept values, false for a plain visit', () => {
    withSession('{"landing":"spring"}', () => {
      expect(hasEntryValues(new URLSearchParams(''))).toBe(true);
    });
    withSession(null, () => {
      expect(hasEntryValues(new URLSearchParams('return_url=https%3A%2F%2Fx.lumenforge.com&route_to=a'))).toBe(false);
    });
  });

  it('is false when storage is refused and the URL has none', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(hasEntryValues(new URLSearchParams('lang=en'))).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
