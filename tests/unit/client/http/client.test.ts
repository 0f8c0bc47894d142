import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError } from '../../../../src/client/http/api-error';
import { ERROR_PAGE_REL_PATH } from '../../../../src/client/http/cdn-block';
import { buildPath } from '../../../../src/routes/registry';
import {
  COUNTRY_API_TIMEOUT_MS,
  createClient,
  DEFAULT_TIMEOUT_MS,
  type ClientOptions,
} from '../../../../src/client/http/client';
import global from '../../../../src/regions/global';
import japan from '../../../../src/regions/japan';
import one from '../../../../src/regions/one';
import type { RegionConfig } from '../../../../src/regions/schema';
import sea from '../../../../src/regions/sea';
import th from '../../../../src/regions/th';
import tw from '../../../../src/regions/tw';
import { endpoint } from '../../../../src/shared/contract/endpoint';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_ID_HEADER } from '../../../../src/shared/contract/http';
import { FLOW_SESSION_HINT_COOKIES } from '../../../../src/shared/contract/flow-session';
import { platformLinkingState } from '../../../../src/shared/contract/platform';
import { getSocialLink } from '../../../../src/shared/contract/social';
import { staffSession } from '../../../../src/shared/contract/staff';
import { getWebLoginStatus, healup, webEmailLogin } from '../../../../src/shared/contract/launcher-login';
import { releaseChild } from '../../../../src/shared/contract/parental';
import { connectorLogin } from '../../../../src/shared/contract/launcher-login';
import { getSelfServiceAuthTypes } from '../../../../src/shared/contract/self-service';
import { emptyResponse, postBody } from '../../../../src/shared/contract/common';
import { bodyOf, callAt, fakeFetch, hangingFetch, headerOf, json } from './fake-fetch';

const loginBody = {
  id: 'player@example.com',
  password: 'secret-pass',
  captchaToken: 'dev-captcha-pass',
  captchaVersion: 'v3' as const,
  deviceId: 'device-1',
  localTime: '2025-01-01T10:00:00',
  timeOffset: 60,
  autoLogin: false,
};
const loginResponse = { countryCode: 'US', hashedUserNo: 'h1', hashedGlobalUserNo: 'h2', autoLogin: false };

function client(region: RegionConfig, transport: typeof fetch, extra: Partial<ClientOptions> = {}) {
  return createClient({ region, fetch: transport, sessionId: () => undefined, locale: () => 'de', ...extra });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('spec §7 "General": membershipNo in every POST body in every region but one', () => {
  const table: [RegionConfig, number | undefined][] = [
    [global, 1],
    [th, 3],
    [tw, 4],
    [sea, 5],
    [japan, 6],
    [one, undefined],
  ];
  it.each(table)('region $id adds membershipNo %#', async (region, expected) => {
    const t = fakeFetch(() => json(loginResponse));
    await client(region, t.fetch).call(webEmailLogin, { body: loginBody });
    const sent = bodyOf(callAt(t.calls, 0).init) as Record<string, unknown>;
    expect(sent['membershipNo']).toBe(expected);
    expect(sent['id']).toBe(loginBody.id);
  });

  it('adds it to a POST without a body and keeps an explicit value', async () => {
    const noBody = endpoint({
      id: 'probe',
      base: 'account',
      method: 'POST',
      path: '/probe',
      body: postBody({}),
      response: emptyResponse,
      auth: false,
      summary: 'probe',
    });
    const t = fakeFetch();
    await client(th, t.fetch).call(noBody);
    expect(bodyOf(callAt(t.calls, 0).init)).toEqual({ membershipNo: 3 });
    await client(one, t.fetch).call(noBody, { body: { membershipNo: 5 } });
    expect(bodyOf(callAt(t.calls, 1).init)).toEqual({ membershipNo: 5 });
  });

  it('never adds it to PUT, GET or DELETE', async () => {
    const t = fakeFetch();
    await client(global, t.fetch).call(healup, { body: { countryCode: 'DE' } });
    expect(bodyOf(callAt(t.calls, 0).init)).toEqual({ countryCode: 'DE' });
    await client(global, t.fetch).call(releaseChild, { query: { childUserNo: 7 } });
    expect(callAt(t.calls, 1).init.body).toBeUndefined();
  });
});

describe('URL building', () => {
  it('uses the region API base and snake-cases GET parameters', async () => {
    const t = fakeFetch(() => json({ authTypes: ['EMAIL'], primaryAuthType: 'EMAIL', phoneNo: null }));
    const c = client({ ...global, api: { ...global.api, selfService: 'https://ss.example.com/v1' } }, t.fetch);
    await c.call(getSelfServiceAuthTypes, {
      params: { searchBy: 'email' },
      query: { serialNumber: 'S-1', value: 'a@b.co', productId: '10100', isSetupPassword: true, addParam: undefined },
    });
    const url = new URL(callAt(t.calls, 0).url);
    expect(url.origin + url.pathname).toBe('https://ss.example.com/v1/no-auth/mfa/email/auth-type');
    expect([...url.searchParams]).toEqual([
      ['serial_number', 'S-1'],
      ['value', 'a@b.co'],
      ['product_id', '10100'],
      ['is_setup_password', 'true'],
    ]);
  });

  it('encodes path parameters and rejects a missing one', async () => {
    const t = fakeFetch(() => json({ hashedUserNo: 'a', hashedGlobalUserNo: 'b' }));
    const c = client(global, t.fetch);
    await c.call(connectorLogin, { params: { platform: 'x/y' }, body: { clientId: '1', deviceId: 'd' } });
    expect(callAt(t.calls, 0).url).toBe('/api/account/v1/no-auth/global/x%2Fy/login/connector');
    await expect(c.call(connectorLogin, { body: { clientId: '1', deviceId: 'd' } })).rejects.toThrow(
      /Missing path parameter platform/,
    );
  });

  it.each([
    ['global, no flag', global, undefined, '/api/account/v1/no-auth/web/login/status?device_id=d1'],
    ['global, unified flag', global, true, '/api/account/v1/no-auth/unified/web/login/status?device_id=d1'],
    ['one region always', one, undefined, '/api/account/v1/no-auth/unified/web/login/status?device_id=d1'],
    ['one region even with false', one, false, '/api/account/v1/no-auth/unified/web/login/status?device_id=d1'],
  ] as const)('unified variant: %s', async (_name, region, unified, expected) => {
    const t = fakeFetch(() => json({ isLoggedIn: false }));
    await client(region, t.fetch).call(getWebLoginStatus, { query: { deviceId: 'd1' }, unified });
    expect(callAt(t.calls, 0).url).toBe(expected);
  });

  it('keeps the plain path when an endpoint has no unified variant', async () => {
    const t = fakeFetch(() => json({ hashedUserNo: 'a', hashedGlobalUserNo: 'b' }));
    await client(one, t.fetch).call(connectorLogin, {
      params: { platform: 'xbox' },
      body: { clientId: '1', deviceId: 'd' },
    });
    expect(callAt(t.calls, 0).url).toBe('/api/account/v1/no-auth/global/xbox/login/connector');
  });
});

describe('headers and credentials', () => {
  it('sends credentials, the front-end version and caller headers; no session header when absent', async () => {
    const t = fakeFetch(() => json(loginResponse));
    await client(global, t.fetch).call(webEmailLogin, { body: loginBody, headers: { 'x-extra': '1' } });
    const init = callAt(t.calls, 0).init;
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(headerOf(init, FRONTEND_VERSION_HEADER)).toBe(FRONTEND_VERSION);
    expect(headerOf(init, 'x-extra')).toBe('1');
    expect(headerOf(init, 'content-type')).toBe('application/json');
    expect(headerOf(init, SESSION_ID_HEADER)).toBeUndefined();
  });

  it('sends the session id header when present', async () => {
    const t = fakeFetch(() => json({ isLoggedIn: true }));
    await client(global, t.fetch, { sessionId: () => 'sess-123' }).call(getWebLoginStatus, {
      query: { deviceId: 'd' },
    });
    expect(headerOf(callAt(t.calls, 0).init, SESSION_ID_HEADER)).toBe('sess-123');
  });
});

describe('responses are parsed, never cast', () => {
  it('returns the parsed data, dropping undeclared fields', async () => {
    const t = fakeFetch(() => json({ ...loginResponse, secret: 'x' }));
    const data = await client(global, t.fetch).call(webEmailLogin, { body: loginBody });
    expect(data).toEqual(loginResponse);
  });

  it('a response that breaks the contract is SERVER_ERROR', async () => {
    const t = fakeFetch(() => json({ countryCode: 42 }));
    const error = await client(global, t.fetch)
      .call(webEmailLogin, { body: loginBody })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'SERVER_ERROR', status: 200, endpointId: 'webEmailLogin' });
  });

  it('an empty body reads as {} for calls without data', async () => {
    const t = fakeFetch(() => new Response('', { status: 200 }));
    await expect(client(global, t.fetch).call(healup, { body: {} })).resolves.toEqual({});
  });
});

describe('spec §8: error codes', () => {
  it('reads the code from the x-error-code header, the message from the body', async () => {
    const t = fakeFetch(() => json({ code: '20002', message: 'wrong password' }, 401, { 'x-error-code': '20002' }));
    await expect(client(global, t.fetch).call(webEmailLogin, { body: loginBody })).rejects.toMatchObject({
      code: '20002',
      status: 401,
      serverMessage: 'wrong password',
      endpointId: 'webEmailLogin',
      navigating: false,
    });
  });

  it('prefers the header over the body code', async () => {
    const t = fakeFetch(() => json({ code: '20004', message: '' }, 400, { 'x-error-code': '20045' }));
    await expect(client(global, t.fetch).call(healup, { body: {} })).rejects.toMatchObject({ code: '20045' });
  });

  it.each([
    ['a body code without header', json({ code: '20187', message: '' }, 429), '20187'],
    ['a 5xx without any code', new Response('Bad gateway', { status: 502 }), 'SERVER_ERROR'],
    ['a 4xx without any code', new Response('nope', { status: 404 }), '00000'],
  ])('falls back for %s', async (_name, response, code) => {
    const t = fakeFetch(() => response);
    await expect(client(global, t.fetch).call(healup, { body: {} })).rejects.toMatchObject({ code });
  });

  it('a network failure is NETWORK_ERROR', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(client(global, failing).call(healup, { body: {} })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
    });
  });

  it('the country-membership API times out after 10 s as TIMEOUT', async () => {
    vi.useFakeTimers();
    const countryCall = endpoint({
      id: 'countryProbe',
      base: 'countryMembership',
      method: 'GET',
      path: '/probe',
      response: z.object({}),
      auth: false,
      summary: 'probe',
    });
    let settled: unknown = 'pending';
    const pending = client(global, hangingFetch())
      .call(countryCall)
      .then(
        () => 'resolved',
        (e: unknown) => e,
      )
      .then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(COUNTRY_API_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toBeInstanceOf(ApiError);
    expect(settled).toMatchObject({ code: 'TIMEOUT', status: 0 });
  });

  it('other calls time out after the default timeout', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    const pending = client(global, hangingFetch())
      .call(healup, { body: {} })
      .catch((e: unknown) => e)
      .then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(COUNTRY_API_TIMEOUT_MS);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - COUNTRY_API_TIMEOUT_MS);
    await pending;
    expect(settled).toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('spec §8: CDN policy block', () => {
  it('targets the registry’s error route', () => {
    expect(ERROR_PAGE_REL_PATH).toBe(buildPath('error'));
  });

  const html = { 'content-type': 'text/html; charset=UTF-8' };
  it.each([
    ['403 managed challenge', 403, { 'cf-mitigated': 'challenge', ...html }, 'Just a moment...'],
    [
      '403 WAF block page',
      403,
      { 'cf-ray': '8d1c2b3a4f5e6d7c-FRA', ...html },
      '<title>Access denied | Error 1020</title>',
    ],
    ['500 block page', 500, { 'cf-ray': '8d1c2b3a4f5e6d7c-FRA', ...html }, '<h1>Error 1015</h1>'],
  ])('%s goes to the error page with reason cloudflare-block', async (_name, status, headers, body) => {
    const navigate = vi.fn();
    const t = fakeFetch(() => new Response(body, { status, headers }));
    const error = await client(global, t.fetch, { navigate })
      .call(healup, { body: {} })
      .catch((e: unknown) => e);
    expect(navigate).toHaveBeenCalledWith('/account/de/error?reason=cloudflare-block');
    expect(error).toMatchObject({ navigating: true, status });
  });

  it.each([
    [
      'our own 403 (x-error-code)',
      403,
      { 'cf-ray': 'abc', 'x-error-code': '20022', 'content-type': 'application/json' },
    ],
    ['a JSON 500 through the CDN', 500, { 'cf-ray': 'abc', 'content-type': 'application/json' }],
    ['an HTML 404 through the CDN', 404, { 'cf-ray': 'abc', ...html }],
    ['an HTML 403 not from the CDN', 403, html],
  ])('%s is not a block', async (_name, status, headers) => {
    const navigate = vi.fn();
    const t = fakeFetch(() => new Response('{}', { status, headers }));
    const error = await client(global, t.fetch, { navigate })
      .call(healup, { body: {} })
      .catch((e: unknown) => e);
    expect(navigate).not.toHaveBeenCalled();
    expect(error).toMatchObject({ navigating: false });
  });
});

describe('getJson (CDN content)', () => {
  it('parses with the schema and maps failures like calls', async () => {
    const t = fakeFetch(() => json([{ a: 1 }]));
    const c = client(global, t.fetch);
    await expect(c.getJson('/account/cdn/x.json', z.array(z.object({ a: z.number() })))).resolves.toEqual([{ a: 1 }]);
    await expect(c.getJson('/account/cdn/x.json', z.array(z.string()))).rejects.toMatchObject({ code: 'SERVER_ERROR' });
  });
});

describe("a flow's step opened without its flow session", () => {
  const linkInfo = { linkCase: 1, email: 'player@example.com', proofs: ['password'] };
  const companion = (value: string | undefined) => (name: string) =>
    name === FLOW_SESSION_HINT_COOKIES.tpa ? value : undefined;

  it('answers 20159 itself when the companion cookie is missing: no request', async () => {
    const t = fakeFetch(() => json(linkInfo));
    const c = client(global, t.fetch, { cookie: companion(undefined) });
    await expect(c.call(getSocialLink)).rejects.toMatchObject({
      code: '20159',
      status: 401,
      endpointId: 'getSocialLink',
    });
    expect(t.calls).toHaveLength(0);
  });

  it('takes an emptied companion (a deleted cookie) for a missing one', async () => {
    const t = fakeFetch(() => json(linkInfo));
    await expect(client(global, t.fetch, { cookie: companion('') }).call(getSocialLink)).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(t.calls).toHaveLength(0);
  });

  it('asks when the companion is there, and only its own flow counts', async () => {
    const t = fakeFetch(() => json({}));
    const c = client(global, t.fetch, { cookie: companion('1') });
    await c.call(getSocialLink).catch(() => undefined);
    expect(t.calls).toHaveLength(1);
    // A third-party session does not stand for a console one.
    await expect(c.call(platformLinkingState.global, { params: { platform: 'xbox' } })).rejects.toMatchObject({
      code: '20159',
    });
    expect(t.calls).toHaveLength(1);
  });

  it('asks as the step opens where the backend sets no companions (flowSessionHints false)', async () => {
    const t = fakeFetch(() => json({}));
    const own = { ...global, flowSessionHints: false };
    await client(own, t.fetch, { cookie: companion(undefined) })
      .call(getSocialLink)
      .catch(() => undefined);
    expect(t.calls).toHaveLength(1);
  });

  it("answers the staff session's own refusal for a staff page opened signed out", async () => {
    const t = fakeFetch(() => json({}));
    const c = client(global, t.fetch, { cookie: companion('1') });
    // The third-party companion does not stand for the staff session either.
    await expect(c.call(staffSession)).rejects.toMatchObject({
      code: 'STAFF_LOGIN_REQUIRED',
      status: 401,
      endpointId: 'staffSession',
    });
    expect(t.calls).toHaveLength(0);
    const staff = (name: string) => (name === FLOW_SESSION_HINT_COOKIES.staff ? '1' : undefined);
    await client(global, t.fetch, { cookie: staff })
      .call(staffSession)
      .catch(() => undefined);
    expect(t.calls).toHaveLength(1);
  });

  it('leaves every other call alone', async () => {
    const t = fakeFetch(() => json(loginResponse));
    await client(global, t.fetch, { cookie: companion(undefined) }).call(webEmailLogin, { body: loginBody });
    expect(t.calls).toHaveLength(1);
  });
});
