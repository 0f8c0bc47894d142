/**
 * The authenticator enrolment's start at mount (src/client/api/totp-start.ts): POST /mfa/totp without the HTTP
 * client, what it sends, its payload check beside the contract's zod schema, and every way it fails: asked again
 * through the client, whose answer or ApiError decides (a CDN block goes to the error page).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCALARS, same } from '../startup/same-as-zod';

const { TOTP_START_PATH, parseTotpEnrolment, startBody, startTotpEnrolmentAtMount } =
  await import('../../../../src/client/api/totp-start');
const { default: global } = await import('../../../../src/regions/global');
const { startTotpEnrolment, totpEnrolmentResponse } = await import('../../../../src/shared/contract/mfa');
const { isApiError } = await import('../../../../src/client/http/api-error');
const { withMembershipNo } = await import('../../../../src/client/http/client');
const { REGION_IDS, regions } = await import('../../../../src/regions');
const { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_ID_HEADER, SESSION_ID_STORAGE_KEY } =
  await import('../../../../src/shared/contract/http');
const { bodyOf, callAt, headerOf, json, serve, stubPage } = await import('../http/fake-fetch');

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Lumenforge:player?secret=JBSWY3DPEHPK3PXP',
};
const SESSION = 'b'.repeat(64);
const assign = vi.fn();

beforeEach(() => {
  stubPage({
    locale: 'de',
    route: 'authenticator-enable',
    pathname: '/account/de/setting/authenticator-enable',
    session: SESSION,
    storageKey: SESSION_ID_STORAGE_KEY,
    assign,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the enrolment start at mount', () => {
  it('is the contract’s startTotpEnrolment', () => {
    expect(startTotpEnrolment).toMatchObject({ path: TOTP_START_PATH, base: 'account', method: 'POST' });
  });

  it('sends the body the client would, in every region', () => {
    for (const id of REGION_IDS) {
      const r = regions[id];
      expect(startBody(r), id).toEqual(withMembershipNo('POST', {}, r));
    }
  });

  it('checks its answer as totpEnrolmentResponse does', () => {
    same(parseTotpEnrolment, totpEnrolmentResponse, [
      ...SCALARS,
      ENROLMENT,
      { ...ENROLMENT, extra: 'dropped' },
      { ...ENROLMENT, secret: 'JBSWY3DPEHPK3PXP==' },
      { ...ENROLMENT, secret: 'jbswy3dpehpk3pxp' },
      { ...ENROLMENT, secret: 'JBSW Y3DP' },
      { ...ENROLMENT, secret: '' },
      { ...ENROLMENT, otpauthUri: 'otpauth://hotp/x' },
      { ...ENROLMENT, otpauthUri: 'https://example.test/otpauth://totp/' },
      Object.create(ENROLMENT) as unknown,
      ...SCALARS.flatMap((value) => [
        { ...ENROLMENT, secret: value },
        { ...ENROLMENT, otpauthUri: value },
      ]),
    ]);
  });

  it('sends what the islands’ client sends, without it, and gives the secret', async () => {
    const calls = serve(() => json(ENROLMENT));
    await expect(startTotpEnrolmentAtMount()).resolves.toEqual(ENROLMENT);
    expect(calls).toHaveLength(1);
    const { url, init } = callAt(calls, 0);
    expect(url).toBe(`${global.api.account}/mfa/totp`);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(headerOf(init, 'content-type')).toBe('application/json');
    expect(headerOf(init, FRONTEND_VERSION_HEADER.toLowerCase())).toBe(FRONTEND_VERSION);
    expect(headerOf(init, SESSION_ID_HEADER.toLowerCase())).toBe(SESSION);
    // Spec §7: membershipNo in every POST body of the region.
    expect(bodyOf(init)).toEqual({ membershipNo: global.membershipNo });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('asks again through the client when the plain start failed, and gives the client’s answer', async () => {
    let n = 0;
    const calls = serve(() => (n++ === 0 ? json({}, 503) : json(ENROLMENT)));
    await expect(startTotpEnrolmentAtMount()).resolves.toEqual(ENROLMENT);
    expect(calls.map((c) => [c.url, c.init.method])).toEqual([
      [`${global.api.account}/mfa/totp`, 'POST'],
      [`${global.api.account}/mfa/totp`, 'POST'],
    ]);
    expect(bodyOf(callAt(calls, 1).init)).toEqual({ membershipNo: global.membershipNo });
  });

  it.each([
    ['the settings verification is due', () => json({ code: '20008' }, 403, { 'x-error-code': '20008' }), '20008'],
    ['a server error', () => json({}, 500), 'SERVER_ERROR'],
    ['an answer that breaks the contract', () => json({ secret: 'not base32', otpauthUri: 'x' }), 'SERVER_ERROR'],
  ])('rejects with the client’s error when %s', async (_label, respond, code) => {
    const calls = serve(respond);
    const error: unknown = await startTotpEnrolmentAtMount().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.code).toBe(code);
    expect(calls).toHaveLength(2);
  });

  it('rejects with a network error when there is no answer, after asking twice', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const error: unknown = await startTotpEnrolmentAtMount().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.code).toBe('NETWORK_ERROR');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('leaves for the error page on a CDN block', async () => {
    serve(() => new Response('<html>blocked</html>', { status: 403, headers: { 'cf-mitigated': 'challenge' } }));
    await expect(startTotpEnrolmentAtMount()).rejects.toBeDefined();
    expect(assign).toHaveBeenCalledWith('/account/de/error?reason=cloudflare-block');
  });
});
