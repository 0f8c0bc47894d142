/**
 * The second step inside the real sign-in (web login → 20008 N=9 → auth types
 * → verify → login complete): it cannot be skipped, cannot jump over an
 * earlier step, and a trusted device skips only the second factor — never the
 * password — until it expires.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE, setClock } from './client';
import {
  ACCOUNT,
  apiNow,
  DEVICE,
  enableSms,
  enableTotp,
  get,
  IpBrowser,
  newPlayer,
  PASSWORD,
  pendingSignIn,
  post,
  put,
  STEP_MS,
  totpCode,
  verifyBody,
  type Player,
} from './two-factor-helpers';

afterEach(() => setClock(0));

const DAY = 24 * 60 * MINUTE;
const VERIFY = '/no-auth/trusted-device/verify';

function login(b: IpBrowser, p: Player, deviceId = DEVICE, password = PASSWORD) {
  return post(b, '/no-auth/web/email/login', {
    id: p.email,
    password,
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    deviceId,
    autoLogin: false,
    localTime: '2026-01-01T10:00:00.000+01:00',
    timeOffset: 60,
  });
}

const nextCode = async (secret: string, steps = 1) => totpCode(secret, (await apiNow()) + steps * STEP_MS);

describe('sign-in with a second factor', () => {
  it('password → 20008 → auth types → code → login complete', async () => {
    const p = await newPlayer('flow');
    const secret = await enableTotp(p);
    const b = await pendingSignIn(p);
    const types = await get(b, `/no-auth/mfa/auth-types?email=${encodeURIComponent(p.email)}`);
    expect(types.json).toMatchObject({ authTypes: ['TOTP'], primaryAuthType: 'TOTP' });

    // Skipping the second step: login complete answers 20008 again.
    const skipped = await post(b, '/no-auth/login/complete', { deviceId: DEVICE });
    expect(skipped.code).toBe('20008');

    expect((await put(b, VERIFY, verifyBody(p, 'TOTP', await nextCode(secret)))).status).toBe(200);
    const done = await post(b, '/no-auth/login/complete', { deviceId: DEVICE });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ countryCode: 'US', autoLogin: false });
    expect((await get(b, '/trusted-device')).status).toBe(200);
  });

  it('a verify cannot jump over an earlier step (terms first)', async () => {
    const p = await newPlayer('terms-first');
    const secret = await enableTotp(p);
    const state = await p.b.post('/api/dev/account/state', { accountId: p.accountId, termsAccepted: false });
    expect(state.status).toBe(200);
    const b = new IpBrowser();
    expect((await login(b, p)).code).toBe('20255');
    const early = await put(b, VERIFY, verifyBody(p, 'TOTP', await nextCode(secret)));
    expect(early.code).toBe('20255');
    expect((await post(b, '/no-auth/terms/consent', { consentLocation: 'WEB' })).status).toBe(200);
    expect((await post(b, '/no-auth/login/complete', { deviceId: DEVICE })).code).toBe('20008');
    expect((await put(b, VERIFY, verifyBody(p, 'TOTP', await nextCode(secret)))).status).toBe(200);
    expect((await post(b, '/no-auth/login/complete', { deviceId: DEVICE })).status).toBe(200);
  });

  it('no sign-in text is sent before the sign-in reaches the second step', async () => {
    const p = await newPlayer('terms-sms');
    await enableSms(p);
    await p.b.post('/api/dev/account/state', { accountId: p.accountId, termsAccepted: false });
    const b = new IpBrowser();
    expect((await login(b, p)).code).toBe('20255');
    const r = await post(b, '/no-auth/sms/request-code', { email: p.email, language: 'en_US', deviceId: DEVICE });
    expect(r.code).toBe('20255');
  });

  it('the pending sign-in belongs to the device that gave the password', async () => {
    const p = await newPlayer('device-bound');
    const secret = await enableTotp(p);
    const b = await pendingSignIn(p, 'device-a');
    const r = await put(b, VERIFY, verifyBody(p, 'TOTP', await nextCode(secret), false, 'device-b'));
    expect(r.code).toBe('20001');
  });
});

/** A new browser (own IP, no session) carrying `from`'s device secret cookie: the same device, signed out. */
function sameDevice(from: IpBrowser): IpBrowser {
  const b = new IpBrowser();
  const secret = from.cookies.get('__Host-lf_device');
  if (secret !== undefined) b.cookies.set('__Host-lf_device', secret);
  return b;
}

describe('trusted device', () => {
  it('skips only the second factor, in that browser, for that account, until it expires', async () => {
    const p = await newPlayer('trusted');
    const secret = await enableTotp(p);
    const device = `device-trusted-${String(Date.now())}`;
    const first = await pendingSignIn(p, device);
    expect((await put(first, VERIFY, verifyBody(p, 'TOTP', await nextCode(secret), true, device))).status).toBe(200);
    expect((await post(first, '/no-auth/login/complete', { deviceId: device })).status).toBe(200);
    expect(first.cookies.get('__Host-lf_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Same browser: straight in.
    expect((await login(sameDevice(first), p, device)).status).toBe(200);
    // Never without the password.
    expect((await login(sameDevice(first), p, device, 'Wrong-pass-1')).code).toBe('20002');
    // The trusted device's id without its secret (no cookies, as an attacker replaying the listed id): second step.
    expect((await login(new IpBrowser(), p, device)).code).toBe('20008');
    expect((await login(new IpBrowser(), p, 'device-other')).code).toBe('20008');
    // The browser is no key to another account.
    const other = await newPlayer('trusted-other');
    await enableTotp(other);
    expect((await login(sameDevice(first), other, device)).code).toBe('20008');

    await setClock(30 * DAY + MINUTE);
    expect((await login(sameDevice(first), p, device)).code).toBe('20008');
  });

  it('a forged device cookie skips nothing', async () => {
    const p = await newPlayer('trusted-forged');
    await enableTotp(p);
    const forged = new IpBrowser();
    forged.cookies.set('__Host-lf_device', 'A'.repeat(43));
    expect((await login(forged, p, 'device-forged')).code).toBe('20008');
  });

  it('removing the device brings the second step back', async () => {
    const p = await newPlayer('trusted-removed');
    const secret = await enableTotp(p);
    const device = `device-removed-${String(Date.now())}`;
    const first = await pendingSignIn(p, device);
    expect((await put(first, VERIFY, verifyBody(p, 'TOTP', await nextCode(secret), true, device))).status).toBe(200);
    expect((await login(sameDevice(first), p, device)).status).toBe(200);
    const reset = await put(first, '/trusted-device/reset', {
      deviceId: device,
      language: 'en_US',
      localTime: '2026-01-01T10:00:00.000+01:00',
      timeOffset: 60,
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await login(sameDevice(first), p, device)).code).toBe('20008');
  });
});

describe('account state still applies at the second step', () => {
  it('a ban set meanwhile ends the pending sign-in (20100)', async () => {
    const p = await newPlayer('banned');
    const secret = await enableTotp(p);
    const b = await pendingSignIn(p);
    await p.b.post('/api/dev/account/state', { accountId: p.accountId, banReason: '7003' });
    const r = await put(b, VERIFY, verifyBody(p, 'TOTP', await nextCode(secret)));
    expect(r.code).toBe('20100');
    expect((await b.request('PUT', `${ACCOUNT}${VERIFY}`, { body: verifyBody(p, 'TOTP', '123456') })).code).toBe(
      '20001',
    );
  });
});
