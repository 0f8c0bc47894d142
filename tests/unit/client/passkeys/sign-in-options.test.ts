/**
 * The passkey suggestions' options request (src/client/passkeys/sign-in-options.ts), made without the islands'
 * HTTP client: the contract's path and method, the client's headers and body rules, and a silent undefined for
 * anything but a usable answer.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchSignInOptions, SIGN_IN_OPTIONS_PATH } from '../../../../src/client/passkeys/sign-in-options';
import global from '../../../../src/regions/global';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_ID_HEADER } from '../../../../src/shared/contract/http';
import { startPasskeySignIn } from '../../../../src/shared/contract/passkeys';
import { fakeFetch, headerOf, json } from '../http/fake-fetch';

beforeEach(() => {
  const stored = new Map([['lf.sessionId', 'sess-1']]);
  vi.stubGlobal('sessionStorage', { getItem: (key: string) => stored.get(key) ?? null });
  vi.stubGlobal('document', { body: { dataset: { locale: 'en', route: 'login' } } });
  vi.stubGlobal('location', { assign: vi.fn(), pathname: '/account/en/login' });
  return () => {
    vi.unstubAllGlobals();
  };
});

describe('the passkey suggestions’ options', () => {
  it('are the contract endpoint', () => {
    expect(startPasskeySignIn.path).toBe(SIGN_IN_OPTIONS_PATH);
    expect(startPasskeySignIn.method).toBe('POST');
    expect(startPasskeySignIn.base).toBe('account');
    expect(startPasskeySignIn.unifiedPath).toBeUndefined();
  });

  it('are asked for as the islands’ client would ask: headers, credentials, membershipNo in the body', async () => {
    const t = fakeFetch(() => json({ options: { challenge: 'abc', rpId: 'localhost', allowCredentials: [] } }));
    vi.stubGlobal('fetch', t.fetch);
    expect(await fetchSignInOptions()).toEqual({ challenge: 'abc', rpId: 'localhost', allowCredentials: [] });
    const [call] = t.calls;
    expect(call?.url).toBe(`${global.api.account}${SIGN_IN_OPTIONS_PATH}`);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(headerOf(call?.init ?? {}, FRONTEND_VERSION_HEADER)).toBe(FRONTEND_VERSION);
    expect(headerOf(call?.init ?? {}, SESSION_ID_HEADER)).toBe('sess-1');
    const body: unknown = typeof call?.init.body === 'string' ? JSON.parse(call.init.body) : undefined;
    expect(body).toEqual({ membershipNo: global.membershipNo });
    // The body is one the contract accepts.
    expect(startPasskeySignIn.body?.safeParse(body).success).toBe(true);
  });

  it.each([
    ['a refusal', () => json({ errorCode: '20157' }, 429)],
    ['no challenge', () => json({ options: {} })],
    ['a challenge that is not text', () => json({ options: { challenge: 42 } })],
    ['no options', () => json({})],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
  ])('are undefined on %s', async (_label, respond) => {
    vi.stubGlobal('fetch', fakeFetch(respond).fetch);
    expect(await fetchSignInOptions()).toBeUndefined();
  });
});
