import { beforeEach, describe, expect, it, vi } from 'vitest';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => data.delete(k),
    setItem: (k, v) => data.set(k, v),
  };
}

describe('session id (spec §7: sent when present)', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.unstubAllGlobals();
  });

  it('is absent until set, then kept in sessionStorage, and cleared with null', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    const { getSessionId, setSessionId } = await import('../../../../src/client/http/session');
    expect(getSessionId()).toBeUndefined();
    setSessionId('abc.DEF-123');
    expect(getSessionId()).toBe('abc.DEF-123');
    expect(storage.getItem('lf.sessionId')).toBe('abc.DEF-123');
    setSessionId(null);
    expect(getSessionId()).toBeUndefined();
    expect(storage.getItem('lf.sessionId')).toBeNull();
  });

  it('restores a stored id on a new page and drops a corrupted one', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage({ 'lf.sessionId': 'stored-1' }));
    expect((await import('../../../../src/client/http/session')).getSessionId()).toBe('stored-1');
    vi.resetModules();
    vi.stubGlobal('sessionStorage', memoryStorage({ 'lf.sessionId': 'bad\r\nx-injected: 1' }));
    expect((await import('../../../../src/client/http/session')).getSessionId()).toBeUndefined();
  });

  it('refuses an id that could not travel in a header', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const { setSessionId } = await import('../../../../src/client/http/session');
    expect(() => {
      setSessionId('a b');
    }).toThrow();
  });
});
