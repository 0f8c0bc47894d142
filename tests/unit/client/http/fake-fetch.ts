/** A recording fake of the fetch transport: the client's real logic runs, only the network is replaced. */
import { vi } from 'vitest';

export interface Recorded {
  readonly url: string;
  readonly init: RequestInit;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response> = () => json({})) {
  const calls: Recorded[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    return Promise.resolve(respond(url, init));
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** A transport that never answers; it rejects like fetch when its signal aborts. */
export function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
}

export function headerOf(init: RequestInit, name: string): string | undefined {
  const headers = init.headers;
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  if (Array.isArray(headers)) return headers.find(([k]) => k.toLowerCase() === name)?.[1];
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === name);
  return entry?.[1];
}

export function bodyOf(init: RequestInit): unknown {
  return typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
}

/** The i-th recorded request; fails the test when there is none. */
export function callAt(calls: readonly Recorded[], i: number): Recorded {
  const recorded = calls[i];
  if (!recorded) throw new Error(`No request #${String(i)} was sent`);
  return recorded;
}

/** Replaces the global fetch with a recording fake (`vi.unstubAllGlobals` puts it back); the requests it records. */
export function serve(respond: Parameters<typeof fakeFetch>[0]): Recorded[] {
  const fake = fakeFetch(respond);
  vi.stubGlobal('fetch', fake.fetch);
  return fake.calls;
}

export interface StubbedPage {
  readonly locale: string;
  readonly route: string;
  readonly pathname: string;
  /** The session id the tab holds (sessionStorage). */
  readonly session: string;
  readonly storageKey: string;
  readonly assign: (url: string) => void;
}

/** The page globals start-up code reads outside a browser: the body's locale and route, location, the session id. */
export function stubPage(page: StubbedPage): void {
  vi.stubGlobal('document', { body: { dataset: { locale: page.locale, route: page.route } } });
  vi.stubGlobal('location', { assign: page.assign, pathname: page.pathname, search: '' });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => (key === page.storageKey ? page.session : null),
    setItem: () => undefined,
    removeItem: () => undefined,
  });
}
