/** GET /no-auth/configuration from KV, the maintenance gate, and the provider sign-in switch. */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeTpaState } from '../../src/shared/contract/social';
import { Browser } from './client';
import { FLOW_COOKIE_NAME } from './social-names';

const CONFIG = '/api/account/v1/no-auth/configuration';
const UNIFIED = '/api/account/v1/no-auth/unified/configuration';
const DEFAULTS = { maintenance: false, showCaptcha: false, socialLoginEnabled: true };

async function putConfig(value: string | null) {
  expect((await new Browser().post('/api/dev/configuration', { value })).status).toBe(200);
}
afterEach(() => putConfig(null));

describe('configuration', () => {
  it('answers the defaults when the KV key is missing, on both paths', async () => {
    expect((await new Browser().get(CONFIG)).json).toEqual(DEFAULTS);
    expect((await new Browser().get(UNIFIED)).json).toEqual(DEFAULTS);
  });

  it('reads the KV value', async () => {
    await putConfig('{"showCaptcha":true}');
    expect((await new Browser().get(CONFIG)).json).toEqual({ ...DEFAULTS, showCaptcha: true });
  });

  it('falls back to the defaults on a malformed value', async () => {
    await putConfig('{"maintenance":');
    expect((await new Browser().get(CONFIG)).json).toEqual(DEFAULTS);
    await putConfig('{"maintenance":"yes"}');
    expect((await new Browser().get(CONFIG)).json).toEqual(DEFAULTS);
  });

  it('maintenance answers every other call with 503 UNDER_MAINTENANCE', async () => {
    await putConfig('{"maintenance":true}');
    expect((await new Browser().get(CONFIG)).json).toEqual({ ...DEFAULTS, maintenance: true });
    const r = await new Browser().get('/api/country-membership/v1/no-auth/membership-no');
    expect(r.status).toBe(503);
    expect(r.code).toBe('UNDER_MAINTENANCE');
    expect((await new Browser().post('/api/account/v1/logout')).code).toBe('UNDER_MAINTENANCE');
    expect((await new Browser().get('/api/openapi.json')).status).toBe(200);
    await putConfig(null);
    expect((await new Browser().get('/api/country-membership/v1/no-auth/membership-no')).status).toBe(200);
  });

  describe('socialLoginEnabled off (ops switch, docs/social.md)', () => {
    const START = '/api/account/v1/no-auth/tpa';

    it('sends a start to the portal callback with a provider-style refusal, and opens no flow', async () => {
      await putConfig('{"socialLoginEnabled":false}');
      expect((await new Browser().get(CONFIG)).json).toEqual({ ...DEFAULTS, socialLoginEnabled: false });
      for (const [provider, query] of [
        ['google', 'locale=de&mode=popup&clientId=1888'],
        ['steam', 'locale=en&actionType=socialLink'],
      ] as const) {
        const b = new Browser();
        const r = await b.request('GET', `${START}/${provider}/start?${query}`, { bare: true });
        expect(r.status, r.text).toBe(302);
        const to = new URL(r.headers.get('location') ?? '');
        const locale = new URLSearchParams(query).get('locale');
        expect(to.pathname).toBe(`/account/${locale}/login/callback/${provider}`);
        expect(to.searchParams.get('error')).toBe('temporarily_unavailable');
        expect(to.searchParams.has('code')).toBe(false);
        // The state carries what the callback screen needs to show the refusal (and a popup to hand it back).
        const values = decodeTpaState(to.searchParams.get('state') ?? '');
        expect(values).toMatchObject(Object.fromEntries(new URLSearchParams(query)));
        expect(b.cookies.has(FLOW_COOKIE_NAME)).toBe(false);
      }
    });

    it('still refuses bad start parameters first, and starts again once switched back on', async () => {
      await putConfig('{"socialLoginEnabled":false}');
      expect((await new Browser().get(`${START}/google/start?locale=english`)).status).toBe(400);
      await putConfig('{"socialLoginEnabled":true}');
      const b = new Browser();
      const r = await b.request('GET', `${START}/google/start?locale=en`, { bare: true });
      expect(r.status).toBe(302);
      expect(new URL(r.headers.get('location') ?? '').searchParams.get('code_challenge_method')).toBe('S256');
      expect(b.cookies.has(FLOW_COOKIE_NAME)).toBe(true);
    });
  });
});
