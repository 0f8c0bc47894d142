/**
 * Console activation on the device authorization grant (RFC 8628; issue 16; docs/console-activation.md) against
 * workerd, with oauth4webapi as the console: the code and its URIs, polling (authorization_pending, slow_down),
 * approval and denial on the portal's calls, expiry, single use, and the 24-hour block after 5 wrong codes
 * (reserved atomically: parallel guesses cannot get past it), on the controllable clock.
 */
import * as oauth from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, DEV, MINUTE, setClock } from './client';
import { discover, insecure, OIDC, postForm, signedIn } from './oidc-helpers';
import { player } from './signin-helpers';

afterEach(() => setClock(0));

const CONSOLE = { client_id: 'dev-console' } satisfies oauth.Client;
const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

async function requestCode() {
  const as = await discover();
  const res = await oauth.deviceAuthorizationRequest(as, CONSOLE, oauth.None(), { scope: 'openid email' }, insecure);
  return { as, device: await oauth.processDeviceAuthorizationResponse(as, CONSOLE, res) };
}

const poll = (deviceCode: string) =>
  postForm('/api/oidc/token', { grant_type: GRANT, device_code: deviceCode, client_id: CONSOLE.client_id });

/** The clock offset of the next poll: each poll moves it past the interval, as a patient console would wait. */
let offset = 0;
async function waitInterval(seconds = 5) {
  offset += seconds * 1000 + 100;
  await setClock(offset);
}
afterEach(() => {
  offset = 0;
});

describe('device authorization', () => {
  it('gives an 8-character code without look-alikes, the activate page and its QR URL', async () => {
    const { device } = await requestCode();
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ2-9]{4}-[BCDFGHJKLMNPQRSTVWXZ2-9]{4}$/);
    expect(device.verification_uri).toBe(`${DEV()}/account/global/activate`);
    expect(device.verification_uri_complete).toBe(`${DEV()}/account/global/activate?user_code=${device.user_code}`);
    expect(device.expires_in).toBe(600);
    expect(device.interval).toBe(5);
    expect(device.device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a client not registered for the device flow', async () => {
    const r = await postForm('/api/oidc/device_authorization', { client_id: 'dev-rp', scope: 'openid' });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('unauthorized_client');
    const unknown = await postForm('/api/oidc/device_authorization', { client_id: 'nobody' });
    expect(unknown.status).toBe(401);
  });

  it('answers authorization_pending, then slow_down (interval + 5 s) to a console polling too fast', async () => {
    const { device } = await requestCode();
    expect((await poll(device.device_code)).json.error).toBe('authorization_pending');
    const fast = await poll(device.device_code);
    expect(fast.json.error).toBe('slow_down');
    await waitInterval(6);
    // The interval is now 10 s: a poll 6 s later is still too fast.
    expect((await poll(device.device_code)).json.error).toBe('slow_down');
    await waitInterval(16);
    expect((await poll(device.device_code)).json.error).toBe('authorization_pending');
  });

  it('activates the console once the player approves the typed code (any case, with or without the dash)', async () => {
    const p = await player({}, 'device-approve');
    const v = await signedIn(p);
    const { as, device } = await requestCode();
    const typed = device.user_code.replace('-', ' ').toLowerCase();
    const seen = await v.post(OIDC.deviceInspect, { userCode: typed });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.json).toMatchObject({ client: { name: 'Dev console simulator' }, scopes: ['openid', 'email'] });
    expect((await v.post(OIDC.deviceDecision, { userCode: typed, approve: true })).status).toBe(200);
    const res = await fetch(`${DEV()}/api/oidc/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: GRANT, device_code: device.device_code, client_id: 'dev-console' }),
    });
    const tokens = await oauth.processDeviceCodeResponse(as, CONSOLE, res);
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    expect(claims?.sub).toBe(String(p.accountId));
    expect(claims?.aud).toBe('dev-console');
    expect(claims?.email).toBe(p.email);
    // Single use: the next poll gets nothing, and the code cannot be answered again.
    await waitInterval();
    expect((await poll(device.device_code)).json.error).toBe('invalid_grant');
    const again = await v.post(OIDC.deviceDecision, { userCode: typed, approve: true });
    expect(again.code).toBe('20013');
  });

  it('tells the console access_denied when the player denies', async () => {
    const v = await signedIn(await player({}, 'device-deny'));
    const { device } = await requestCode();
    expect((await v.post(OIDC.deviceDecision, { userCode: device.user_code, approve: false })).status).toBe(200);
    expect((await poll(device.device_code)).json.error).toBe('access_denied');
  });

  it('expires a code after 10 minutes: the console hears expired_token, the player 20018', async () => {
    const v = await signedIn(await player({}, 'device-expiry'));
    const { device } = await requestCode();
    await setClock(10 * MINUTE + 1000);
    expect((await poll(device.device_code)).json.error).toBe('expired_token');
    const r = await v.post(OIDC.deviceInspect, { userCode: device.user_code });
    expect({ status: r.status, code: r.code }).toEqual({ status: 400, code: '20018' });
  });

  it('needs a signed-in player (20001) and refuses bad input (20022)', async () => {
    const r = await new Browser().post(OIDC.deviceInspect, { userCode: 'BCDF-GHJK' });
    expect(r.code).toBe('20001');
    const v = await signedIn(await player({}, 'device-input'));
    expect((await v.post(OIDC.deviceInspect, { userCode: '' })).code).toBe('20022');
    expect((await v.post(OIDC.deviceInspect, { userCode: 'x'.repeat(40) })).code).toBe('20022');
  });
});

describe('the 24-hour console activation block', () => {
  it('blocks the account after 5 wrong codes, even for a right one, for 24 hours', async () => {
    const p = await player({}, 'device-block');
    const v = await signedIn(p);
    const { device } = await requestCode();
    for (let i = 0; i < 4; i++)
      expect((await v.post(OIDC.deviceInspect, { userCode: 'ZZZZ-ZZZZ' })).code).toBe('20013');
    const fifth = await v.post(OIDC.deviceInspect, { userCode: 'ZZZZ-ZZZZ' });
    expect({ status: fifth.status, code: fifth.code }).toEqual({ status: 429, code: '20157' });
    expect(Number(fifth.headers.get('Retry-After'))).toBe(24 * 3600);
    const right = await v.post(OIDC.deviceInspect, { userCode: device.user_code });
    expect({ status: right.status, code: right.code }).toEqual({ status: 429, code: '20157' });
    // Another account is not blocked.
    const other = await signedIn(await player({}, 'device-block'));
    expect((await other.post(OIDC.deviceInspect, { userCode: device.user_code })).status).toBe(200);

    await setClock(24 * 60 * MINUTE + MINUTE);
    const fresh = await requestCode();
    // A day later the session has ended too: the player signs in again.
    const after = await (await signedIn(p)).post(OIDC.deviceInspect, { userCode: fresh.device.user_code });
    expect(after.status, after.text).toBe(200);
  });

  it('evaluates at most 5 of many parallel wrong codes', async () => {
    const v = await signedIn(await player({}, 'device-race'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => v.post(OIDC.deviceInspect, { userCode: 'ZZZZ-ZZZZ' })),
    );
    const wrong = answers.filter((a) => a.code === '20013').length;
    const blocked = answers.filter((a) => a.code === '20157').length;
    expect(wrong).toBeLessThanOrEqual(4);
    expect(wrong + blocked).toBe(10);
  });
});
