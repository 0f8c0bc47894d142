/**
 * Origins and Host names against workerd (issue 10 item 5): the dev server answers only loopback Host names
 * (DNS rebinding gets nothing, not even the dev tools), and an Origin is allowed only when configured, never
 * because it equals the request's own Host.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../src/shared/contract/http';
import { ERROR_CODE_HEADER } from '../../src/shared/errors/codes';
import { DEV, NO_DEV } from './client';

const CONFIG = '/api/account/v1/no-auth/configuration';
const LOGOUT = '/api/account/v1/logout';
const MAILBOX = '/api/dev/mailbox?to=a%40b.test';

interface Raw {
  status: number;
  code: string | null;
  json: unknown;
  setCookie: string[];
}

/**
 * A request to an instance with the Host header of our choosing (fetch does not let a caller set Host), as
 * a browser sends it once a hostile name resolves to 127.0.0.1.
 */
function raw(
  base: string,
  path: string,
  host: string,
  init: { method?: string; origin?: string; body?: unknown } = {},
) {
  const { port } = new URL(base);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers: Record<string, string> = { Host: host };
  if (init.origin !== undefined) {
    headers['Origin'] = init.origin;
    headers[FRONTEND_VERSION_HEADER] = FRONTEND_VERSION;
  }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(new TextEncoder().encode(body).length);
  }
  return new Promise<Raw>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
        const code = res.headers[ERROR_CODE_HEADER];
        resolve({
          status: res.statusCode ?? 0,
          code: typeof code === 'string' ? code : null,
          json,
          setCookie: res.headers['set-cookie'] ?? [],
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const port = (base: string) => new URL(base).port;

describe('the dev server (DEV_TOOLS) under DNS rebinding', () => {
  const rebound = () => `rebind.evil.example:${port(DEV())}`;

  it.each([
    ['GET', MAILBOX, undefined],
    ['POST', '/api/dev/session', { accountId: 1 }],
    ['GET', CONFIG, undefined],
    ['POST', LOGOUT, {}],
  ] as const)('refuses %s %s under a hostile Host with the matching Origin', async (method, path, body) => {
    const r = await raw(DEV(), path, rebound(), { method, origin: `http://${rebound()}`, body });
    expect(r.status).toBe(421);
    expect(r.code).toBe('20101');
    expect(r.json).toEqual({ code: '20101', message: expect.any(String) as string });
    expect(r.setCookie).toEqual([]);
  });

  it('answers the loopback names', async () => {
    for (const host of [`localhost:${port(DEV())}`, `127.0.0.1:${port(DEV())}`]) {
      expect((await raw(DEV(), CONFIG, host)).status, host).toBe(200);
      expect((await raw(DEV(), MAILBOX, host)).status, host).toBe(200);
    }
  });

  it('refuses an Origin equal to the Host when it is not configured', async () => {
    const host = `localhost:${port(DEV())}`;
    const refused = await raw(DEV(), LOGOUT, host, { method: 'POST', origin: `http://${host}`, body: {} });
    expect([refused.status, refused.code]).toEqual([403, '20101']);
    // The same call from a configured origin (the instance's 127.0.0.1 origin) passes.
    const accepted = await raw(DEV(), LOGOUT, `127.0.0.1:${port(DEV())}`, { method: 'POST', origin: DEV(), body: {} });
    expect(accepted.status).toBe(200);
  });
});

describe('without DEV_TOOLS (production rules)', () => {
  const own = () => `127.0.0.1:${port(NO_DEV())}`;

  it('refuses the instance’s own origin, which is not configured', async () => {
    const r = await raw(NO_DEV(), LOGOUT, own(), { method: 'POST', origin: NO_DEV(), body: {} });
    expect([r.status, r.code]).toEqual([403, '20101']);
  });

  it('accepts its configured public origin', async () => {
    const r = await raw(NO_DEV(), LOGOUT, own(), { method: 'POST', origin: inject('apiPortalOriginNoDev'), body: {} });
    expect(r.status).toBe(200);
  });

  it('gives a hostile Host neither the dev routes nor a state-changing call', async () => {
    const host = `rebind.evil.example:${port(NO_DEV())}`;
    expect((await raw(NO_DEV(), MAILBOX, host)).status).toBe(404);
    const r = await raw(NO_DEV(), LOGOUT, host, { method: 'POST', origin: `http://${host}`, body: {} });
    expect([r.status, r.code]).toEqual([403, '20101']);
  });
});
