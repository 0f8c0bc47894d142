import { describe, expect, it } from 'vitest';
import { loadEntryParams, rememberEntryParams } from '../../../../src/client/stores/entry';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('entry values kept for the visit', () => {
  it('merges new values over kept ones', () => {
    const store = memoryStorage();
    rememberEntryParams({ productId: '50203', landing: 'spring' }, store);
    expect(rememberEntryParams({ appType: 'toy' }, store)).toEqual({
      productId: '50203',
      landing: 'spring',
      appType: 'toy',
    });
    expect(loadEntryParams(store)).toEqual({ productId: '50203', landing: 'spring', appType: 'toy' });
  });
  it.each(['{oops', '{"appType":"hacker"}', '[]', '"x"'])('drops a tampered entry %s', (raw) => {
    const store = memoryStorage({ 'lf:entry': raw });
    expect(loadEntryParams(store)).toEqual({});
    expect(store.getItem('lf:entry')).toBeNull();
  });
  it('works without storage', () => {
    expect(rememberEntryParams({ landing: 'x' }, undefined)).toEqual({ landing: 'x' });
  });
});
