/**
 * The start-up's requests (src/client/startup/api.ts): the contract's paths and the islands' client's rules
 * (headers, credentials, unified variants, an empty body read as {}, failures), without the client.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callUrl,
  fetchAppLoginStatus,
  fetchConfiguration,
  fetchWebLoginStatus,
  getJson,
  sessionId,
  START_UP_CALLS,
} from '../../../../src/client/startup/api';
import { withAccountEntry } from '../../../../src/client/startup/notice';
import global from '../../../../src/regions/global';
import { getConfiguration } from '../../../../src/shared/contract/config';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_ID_HEADER } from '../../../../src/shared/contract/http';
import { getAppLoginStatus, getWebLoginStatus } from '../../../../src/shared/contract/login-status';
import { routeByName } from '../../../../src/routes/registry';
import { fakeFetch, headerOf, json } from '../http/fake-fetch';

/** A Map-backed Storage (Node has no sessionStorage). */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => {
      map.clear();
    },
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, value);
    },
  };
}

const assign = vi.fn();
beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('document', { body: { dataset: { locale: 'de', route: 'login' } } });
  vi.stubGlobal('location', { assign, pathname: '/account/de/login' });
  return () => {
    vi.unstubAllGlobals();
    assign.mockReset();
  };
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start-up calls', () => {
  it('are the contract endpoints, on the account API base', () => {
    for (const [name, e] of Object.entries({ getConfiguration, getWebLoginStatus, getAppLoginStatus })) {
      expect(e.base).toBe('account');
      expect(e.method).toBe('GET');
      expect(START_UP_CALLS[name as keyof typeof START_UP_CALLS]).toEqual({
        path: e.path,
        unifiedPath: e.unifiedPath,
      });
    }
  });

  it('use the unified variant when the page asks for it', () => {
    expect(callUrl('getConfiguration', false)).toBe(`${global.api.account}${getConfiguration.path}`);
    expect(callUrl('getConfiguration', true)).toBe(`${global.api.account}${getConfiguration.unifiedPath ?? ''}`);
    expect(callUrl('getAppLoginStatus', true)).toBe(`${global.api.account}${getAppLoginStatus.path}`);
    expect(callUrl('getWebLoginStatus', false, { deviceId: 'd-1' })).toBe(
      `${global.api.account}${getWebLoginStatus.path}?device_id=d-1`,
    );
  });

  it('use the unified variants everywhere in the unified region', async () => {
    vi.resetModules();
    vi.doMock('@region', async () => ({ default: (await import('../../../../src/regions/one')).default }));
    try {
      const api = await import('../../../../src/client/startup/api');
      const one = (await import('../../../../src/regions/one')).default;
      expect(api.callUrl('getConfiguration', false)).toBe(`${one.api.account}${getConfiguration.unifiedPath ?? ''}`);
    } finally {
      vi.doUnmock('@region');
      vi.resetModules();
    }
  });
});

describe('the session id header', () => {
  it.each([
    [undefined, undefined],
    ['abc.DEF-1', 'abc.DEF-1'],
    ['bad value', undefined],
    ['', undefined],
  ])('stored %j is sent as %j, as the islands client sends it', async (stored, expected) => {
    vi.stubGlobal('sessionStorage', memoryStorage(stored === undefined ? {} : { 'lf.sessionId': stored }));
    expect(sessionId()).toBe(expected);
    vi.resetModules();
    const session = await import('../../../../src/client/http/session');
    expect(session.getSessionId()).toBe(expected);
  });

  it('is left out when storage throws', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(sessionId()).toBeUndefined();
  });
});

describe('requests', () => {
  it('send the version header, the session id and credentials to the API', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage({ 'lf.sessionId': 'sess-1' }));
    const t = fakeFetch(() => json({ maintenance: true }));
    vi.stubGlobal('fetch', t.fetch);
    expect(await fetchConfiguration(false)).toEqual({
      maintenance: true,
      showCaptcha: false,
      socialLoginEnabled: true,
    });
    const init = t.calls[0]?.init ?? {};
    expect(headerOf(init, FRONTEND_VERSION_HEADER)).toBe(FRONTEND_VERSION);
    expect(headerOf(init, SESSION_ID_HEADER)).toBe('sess-1');
    expect(init.credentials).toBe('include');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('ask the web or the app login status', async () => {
    const t = fakeFetch(() => json({ isLoggedIn: true }));
    vi.stubGlobal('fetch', t.fetch);
    expect(await fetchWebLoginStatus(true, 'dev-1')).toEqual({ isLoggedIn: true });
    expect(await fetchAppLoginStatus()).toEqual({ isLoggedIn: true });
    expect(t.calls.map((c) => c.url)).toEqual([
      `${global.api.account}${getWebLoginStatus.unifiedPath ?? ''}?device_id=dev-1`,
      `${global.api.account}${getAppLoginStatus.path}`,
    ]);
  });

  it('read an empty body as {}', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => new Response('', { status: 200 })).fetch);
    expect(await fetchConfiguration(false)).toEqual({
      maintenance: false,
      showCaptcha: false,
      socialLoginEnabled: true,
    });
  });

  it('fetch content files without API headers or credentials', async () => {
    const t = fakeFetch(() => json([{ name: 'Account', message: { en: 'Hi' } }]));
    vi.stubGlobal('fetch', t.fetch);
    expect(await getJson('/account/cdn/web/v2/global/notifications.json', withAccountEntry)).toEqual([
      { name: 'Account', message: { en: 'Hi' } },
    ]);
    const init = t.calls[0]?.init ?? {};
    expect(headerOf(init, FRONTEND_VERSION_HEADER)).toBeUndefined();
    expect(init.credentials).toBeUndefined();
  });

  it.each<[string, () => Response | Promise<Response>]>([
    ['an error status', () => json({ code: '20001' }, 401, { 'x-error-code': '20001' })],
    ['a payload the contract refuses', () => json({ maintenance: 'yes' })],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('give undefined on %s, and stay on the page', async (_name, respond) => {
    vi.stubGlobal('fetch', fakeFetch(respond).fetch);
    expect(await fetchConfiguration(false)).toBeUndefined();
    expect(assign).not.toHaveBeenCalled();
  });

  it('give up after 30 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          reject(new DOMException('timed out', 'TimeoutError'));
        });
      });
    });
    const answer = fetchConfiguration(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await answer).toBeUndefined();
  });

  const blocked = () =>
    new Response('<html>blocked</html>', { status: 403, headers: { 'cf-ray': '1', 'content-type': 'text/html' } });

  it('send a visitor the CDN blocks to the error page (spec §8)', async () => {
    vi.stubGlobal('fetch', fakeFetch(blocked).fetch);
    expect(await fetchConfiguration(false)).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/account/de/error?reason=cloudflare-block');
    // The route the start-up leaves alone is that error page.
    expect(routeByName('error').path).toBe('error');
  });

  it('leave the error page itself where it is when the CDN blocks it', async () => {
    vi.stubGlobal('document', { body: { dataset: { locale: 'de', route: 'error' } } });
    vi.stubGlobal('fetch', fakeFetch(blocked).fetch);
    expect(await fetchConfiguration(false)).toBeUndefined();
    expect(assign).not.toHaveBeenCalled();
  });
});
