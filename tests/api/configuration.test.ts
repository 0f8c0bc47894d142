/** GET /no-auth/configuration from KV, and the maintenance gate. */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser } from './client';

const CONFIG = '/api/account/v1/no-auth/configuration';
const UNIFIED = '/api/account/v1/no-auth/unified/configuration';
const DEFAULTS = { maintenance: false, showCaptcha: false, socialLoginEnabled: false };

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
});
