/**
 * A small HTTP client for the API tests: real requests to the workerd
 * instance, with a cookie jar per "browser" and the portal's CSRF headers by
 * default (each test can drop or change them).
 */
import { inject } from 'vitest';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_COOKIE } from '../../src/shared/contract/http';
import { ERROR_CODE_HEADER } from '../../src/shared/errors/codes';

export const DEV = () => inject('apiBaseUrl');
export const NO_DEV = () => inject('apiBaseUrlNoDev');

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  code: string | null;
  setCookies: string[];
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text (sent as is). */
  raw?: string;
  headers?: Record<string, string>;
  /** Leave out the default Origin / version / content-type headers. */
  bare?: boolean;
  base?: string;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string = DEV()) {}

  get session(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const base = options.base ?? this.base;
    const headers: Record<string, string> = {};
    if (!options.bare) {
      headers['Origin'] = base;
      headers[FRONTEND_VERSION_HEADER] = FRONTEND_VERSION;
      if (options.body !== undefined || options.raw !== undefined) headers['Content-Type'] = 'application/json';
    }
    if (this.cookies.size > 0) headers['Cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    Object.assign(headers, options.headers);
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : null),
      redirect: 'manual',
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return {
      status: res.status,
      headers: res.headers,
      text,
      json,
      code: res.headers.get(ERROR_CODE_HEADER),
      setCookies,
    };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  post(path: string, body: unknown = {}, options?: RequestOptions) {
    return this.request('POST', path, { body, ...options });
  }
}

let counter = 0;
/** A unique email per call, so tests never share accounts or counters. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.test`;
}

export const PASSWORD = 'Correct-Horse-9';

export async function createAccount(b: Browser, email = uniqueEmail('acct'), legacyHash = false): Promise<number> {
  const r = await b.post('/api/dev/account', { email, password: PASSWORD, ...(legacyHash ? { legacyHash } : {}) });
  if (r.status !== 200) throw new Error(`create account failed: ${r.status} ${r.text}`);
  return (r.json as { accountId: number }).accountId;
}

export async function setClock(offsetMs: number): Promise<void> {
  const r = await new Browser().post('/api/dev/clock', { offsetMs });
  if (r.status !== 200) throw new Error(`set clock failed: ${r.status} ${r.text}`);
}

export const MINUTE = 60_000;
