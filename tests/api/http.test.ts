/** The API's request handling against workerd: headers, error model, bad input, CSRF, CORS. */
import { describe, expect, inject, it } from 'vitest';
import { FRONTEND_VERSION_HEADER } from '../../src/shared/contract/http';
import { Browser, DEV } from './client';

const CONFIG = '/api/account/v1/no-auth/configuration';
/** A configured origin of the dev instance other than its own (tests/api/global-setup.ts). */
const PORTAL = () => inject('apiPortalOrigin');
const SESSION = '/api/dev/session';
const SEND = '/api/dev/send';

function expectError(r: { status: number; code: string | null; json: unknown }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.code).toBe(code);
  expect(r.json).toEqual({ code, message: expect.any(String) as string });
}

describe('security headers', () => {
  it('are on success and error responses alike', async () => {
    const b = new Browser();
    for (const r of [await b.get(CONFIG), await b.get('/api/nope')]) {
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

describe('error model', () => {
  it('answers an unknown path with 404 and the not-found code (not 20022, whose dialog says "invalid access")', async () => {
    expectError(await new Browser().get('/api/account/v1/unknown'), 404, 'NOT_FOUND');
    expectError(await new Browser().post('/api/account/v1/no-auth/nothing-here', {}), 404, 'NOT_FOUND');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const r = await new Browser().request('PUT', CONFIG, { body: {} });
    expectError(r, 405, '20022');
    expect(r.headers.get('allow')).toContain('GET');
    const d = await new Browser().request('DELETE', '/api/dev/clock');
    expectError(d, 405, '20022');
    expect(d.headers.get('allow')).toMatch(/GET.*POST|POST.*GET/);
  });

  it('answers an unexpected exception with 500 SERVER_ERROR and no stack', async () => {
    const r = await new Browser().get('/api/dev/throw');
    expectError(r, 500, 'SERVER_ERROR');
    expect(r.text).not.toMatch(/Deliberate|at |\.ts|stack/);
  });
});

describe('bad input changes nothing and gets 400 with 20022', () => {
  const to = 'bad-input@example.test';
  const valid = { channel: 'email', to, subject: 'S', text: 'T' };

  async function mailboxSize(): Promise<number> {
    const r = await new Browser().get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    return (r.json as unknown[]).length;
  }

  it.each([
    ['malformed JSON', { raw: '{"channel": "email",' }],
    ['a JSON array', { raw: '[]' }],
    ['a JSON string', { raw: '"x"' }],
    ['wrong type', { body: { ...valid, subject: 42 } }],
    ['wrong enum value', { body: { ...valid, channel: 'fax' } }],
    ['unknown field', { body: { ...valid, admin: true } }],
    ['missing field', { body: { channel: 'email', to, subject: 'S' } }],
    ['oversized string', { body: { ...valid, text: 'x'.repeat(4001) } }],
    ['null for a string', { body: { ...valid, text: null } }],
    ['bad link scheme', { body: { ...valid, link: 'javascript:alert(1)' } }],
  ])('%s', async (_name, options) => {
    const before = await mailboxSize();
    const r = await new Browser().request('POST', SEND, options);
    expectError(r, 400, '20022');
    expect(await mailboxSize()).toBe(before);
  });

  it('the same body without the fault is accepted', async () => {
    const before = await mailboxSize();
    expect((await new Browser().post(SEND, valid)).status).toBe(200);
    expect(await mailboxSize()).toBe(before + 1);
  });

  it('accepts membershipNo, which the client adds to every POST body', async () => {
    expect((await new Browser().post(SEND, { ...valid, membershipNo: 1 })).status).toBe(200);
  });

  it('rejects unknown and repeated query parameters', async () => {
    expectError(await new Browser().get(`${CONFIG}?debug=1`), 400, '20022');
    expectError(
      await new Browser().get('/api/country-membership/v1/no-auth/region-countries?membership_no=1&membership_no=3'),
      400,
      '20022',
    );
    expectError(
      await new Browser().get('/api/country-membership/v1/no-auth/region-countries?membership_no=one'),
      400,
      '20022',
    );
  });

  it('answers a body over 64 KiB with 413', async () => {
    const r = await new Browser().request('POST', SEND, {
      raw: JSON.stringify({ ...valid, text: 'x'.repeat(70_000) }),
    });
    expectError(r, 413, '20022');
  });
});

describe('CSRF defence on state-changing calls', () => {
  const body = JSON.stringify({ accountId: 1 });

  it('refuses a call without Origin', async () => {
    const r = await new Browser().request('POST', SESSION, {
      bare: true,
      raw: body,
      headers: { 'Content-Type': 'application/json', [FRONTEND_VERSION_HEADER]: 'v1' },
    });
    expectError(r, 403, '20101');
    expect(r.setCookies).toEqual([]);
  });

  it('refuses a foreign Origin', async () => {
    const r = await new Browser().request('POST', SESSION, { raw: body, headers: { Origin: 'https://evil.example' } });
    expectError(r, 403, '20101');
  });

  it('refuses a call without the front-end version header', async () => {
    const r = await new Browser().request('POST', SESSION, {
      bare: true,
      raw: body,
      headers: { 'Content-Type': 'application/json', Origin: DEV() },
    });
    expectError(r, 403, '20101');
  });

  it('refuses a form-encoded or text body (what a cross-site form can send)', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const r = await new Browser().request('POST', SESSION, { raw: body, headers: { 'Content-Type': type } });
      expectError(r, 415, '20022');
    }
  });

  it('accepts a configured origin (ALLOWED_ORIGINS)', async () => {
    const r = await new Browser().request('POST', '/api/account/v1/logout', {
      body: {},
      headers: { Origin: PORTAL() },
    });
    expect(r.status).toBe(200);
  });
});

describe('CORS', () => {
  it('echoes an allowed origin with credentials, never *', async () => {
    const r = await new Browser().get(CONFIG, { headers: { Origin: PORTAL() } });
    expect(r.headers.get('access-control-allow-origin')).toBe(PORTAL());
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
    expect(r.headers.get('access-control-expose-headers')).toContain('x-error-code');
  });

  it('gives a foreign origin no CORS grant', async () => {
    const r = await new Browser().get(CONFIG, { headers: { Origin: 'https://evil.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an allowed preflight with the portal headers', async () => {
    const r = await new Browser().request('OPTIONS', '/api/account/v1/logout', {
      bare: true,
      headers: {
        Origin: PORTAL(),
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': `content-type,${FRONTEND_VERSION_HEADER}`,
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe(PORTAL());
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(FRONTEND_VERSION_HEADER);
  });

  it('gives a foreign preflight no grant', async () => {
    const r = await new Browser().request('OPTIONS', '/api/account/v1/logout', {
      bare: true,
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });
});
