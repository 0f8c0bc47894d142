/**
 * Trusted devices against workerd: remember-me at the second step, the list
 * (type, dates, location, days until expiry), rename, add (20202), remove one,
 * remove all, expiry with the clock, and the name suggestion.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, PASSWORD, setClock } from './client';
import {
  ACCOUNT,
  apiNow,
  devPendingSession,
  enableTotp,
  get,
  IpBrowser,
  mailbox,
  newPlayer,
  pendingSignIn,
  put,
  startSession,
  STEP_MS,
  totpCode,
  verifyBody,
  VERIFY_FIRST,
  type Player,
} from './two-factor-helpers';

afterEach(() => setClock(0));

const DAY = 24 * 60 * MINUTE;
const VERIFY = '/no-auth/trusted-device/verify';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** Headless Chromium says "HeadlessChrome/…": no browser name we know, on Linux. */
const HEADLESS_CHROMIUM_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const clock = { language: 'en_US', localTime: '2025-01-01T12:00:00+09:00', timeOffset: 540 };

interface Device {
  deviceId: string;
  name: string;
  type: string;
  addedAt: string;
  lastLoginAt: string | null;
  location: string | null;
  expiresInDays: number;
}
const devicesOf = async (b: Browser) => (await get(b, '/trusted-device')).json as { trustedDevices: Device[] };

/** The authenticator code of the next step: enrolment already used the current one (one use per step). */
const nextCode = async (secret: string) => totpCode(secret, (await apiNow()) + STEP_MS);

/** Signs in with the authenticator on a new "device" and asks to remember it. */
async function rememberedSignIn(p: Player, secret: string, deviceId: string, userAgent = CHROME_WINDOWS) {
  const pending = await pendingSignIn(p, deviceId);
  const r = await pending.request('PUT', `/api/account/v1${VERIFY}`, {
    body: verifyBody(p, 'TOTP', await nextCode(secret), true, deviceId),
    headers: { 'User-Agent': userAgent, 'CF-IPCountry': 'KR' },
  });
  expect(r.status, r.text).toBe(200);
  return pending;
}

describe('remember this device at the second step', () => {
  it('adds the device under a suggested name; the list shows type, dates, location and 30 days left', async () => {
    const p = await newPlayer('td-remember');
    const secret = await enableTotp(p);
    const signedIn = await rememberedSignIn(p, secret, 'device-remember-1');
    const { trustedDevices } = await devicesOf(signedIn);
    expect(trustedDevices).toHaveLength(1);
    const [device] = trustedDevices;
    expect(device).toMatchObject({
      deviceId: 'device-remember-1',
      name: 'Chrome on Windows',
      type: 'PC',
      location: 'KR',
      expiresInDays: 30,
    });
    expect(device?.lastLoginAt).toBe(device?.addedAt);
    // The first sign-in from this browser also sends the new-device alert (issue 18): find the device notice.
    const texts = (await mailbox(p.email)).map((m) => m.text);
    expect(
      texts.some((text) => text.includes('A trusted device was added: Chrome on Windows.')),
      texts.join('\n---\n'),
    ).toBe(true);
  });

  it('without remember-me nothing is added', async () => {
    const p = await newPlayer('td-forget');
    const secret = await enableTotp(p);
    const pending = await pendingSignIn(p);
    expect((await put(pending, VERIFY, verifyBody(p, 'TOTP', await nextCode(secret)))).status).toBe(200);
    expect((await devicesOf(pending)).trustedDevices).toEqual([]);
  });

  it('the third-party variant verifies the pending sign-in without an email', async () => {
    const p = await newPlayer('td-tpa');
    const secret = await enableTotp(p);
    const pending = await pendingSignIn(p, 'device-tpa');
    const r = await put(pending, '/no-auth/unified/tpa/trusted-device/verify', {
      deviceId: 'device-tpa',
      verificationCode: await nextCode(secret),
      authType: 'TOTP',
      remember: true,
    });
    expect(r.status, r.text).toBe(200);
    expect((await devicesOf(pending)).trustedDevices.map((d) => d.deviceId)).toEqual(['device-tpa']);
  });

  it('a trusted device expires after 30 days', async () => {
    const p = await newPlayer('td-expiry');
    const secret = await enableTotp(p);
    await rememberedSignIn(p, secret, 'device-expiry');
    await setClock(29 * DAY);
    const b = new IpBrowser();
    await startSession(b, p.accountId);
    expect((await devicesOf(b)).trustedDevices[0]?.expiresInDays).toBe(1);
    await setClock(30 * DAY + MINUTE);
    await startSession(b, p.accountId);
    expect((await devicesOf(b)).trustedDevices).toEqual([]);
  });
});

describe('settings: add, rename, remove', () => {
  it('adds this device right after sign-in; a second add answers 20202', async () => {
    const p = await newPlayer('td-add');
    const body = { name: 'My gaming PC', deviceId: 'device-add-1' };
    expect((await put(p.b, '/trusted-device', body)).status).toBe(200);
    const again = await put(p.b, '/unified/trusted-device', body);
    expect(again.status).toBe(409);
    expect(again.code).toBe('20202');
    expect((await devicesOf(p.b)).trustedDevices.map((d) => [d.name, d.lastLoginAt])).toEqual([['My gaming PC', null]]);
  });

  it('asks to verify first when adding a device later than 10 minutes after sign-in (20008 N=9)', async () => {
    const p = await newPlayer('td-late');
    await setClock(11 * MINUTE);
    const late = await put(p.b, '/trusted-device', { name: 'Late', deviceId: 'device-late' });
    expect([late.status, late.json]).toEqual([403, VERIFY_FIRST]);
  });

  it('trusts only the device that signed in; another device id is invalid access (20038)', async () => {
    const p = await newPlayer('td-other');
    const b = new IpBrowser();
    const login = await b.post(`${ACCOUNT}/no-auth/web/email/login`, {
      id: p.email,
      password: PASSWORD,
      captchaToken: 'dev-captcha-pass',
      captchaVersion: 'v3',
      deviceId: 'device-signed-in',
      autoLogin: false,
      localTime: '2026-01-01T10:00:00.000+01:00',
      timeOffset: 60,
    });
    expect(login.status, login.text).toBe(200);
    const other = await put(b, '/trusted-device', { name: 'Not this one', deviceId: 'device-elsewhere' });
    expect([other.status, other.code]).toEqual([403, '20038']);
    expect((await put(b, '/trusted-device', { name: 'This one', deviceId: 'device-signed-in' })).status).toBe(200);
  });

  it('renames within 1–128 characters and refuses invalid names', async () => {
    const p = await newPlayer('td-rename');
    await put(p.b, '/trusted-device', { name: 'Old name', deviceId: 'device-rename' });
    expect(
      (await put(p.b, '/trusted-device/name', { deviceId: 'device-rename', name: '  Living room  ' })).status,
    ).toBe(200);
    expect((await devicesOf(p.b)).trustedDevices[0]?.name).toBe('Living room');
    for (const name of ['', '   ', 'x'.repeat(129), 'bad\u0007name']) {
      const r = await put(p.b, '/trusted-device/name', { deviceId: 'device-rename', name });
      expect(r.code, JSON.stringify(name)).toBe('20022');
    }
    expect((await put(p.b, '/trusted-device/name', { deviceId: 'device-rename', name: 'x'.repeat(128) })).status).toBe(
      200,
    );
    expect((await put(p.b, '/trusted-device/name', { deviceId: 'no-such-device', name: 'Name' })).code).toBe('20022');
  });

  it('removes one device, with a notice in the language of the call', async () => {
    const p = await newPlayer('td-remove');
    await put(p.b, '/trusted-device', { name: 'Keep', deviceId: 'device-keep' });
    await put(p.b, '/trusted-device', { name: 'Laptop', deviceId: 'device-drop' });
    const r = await put(p.b, '/trusted-device/reset', { deviceId: 'device-drop', ...clock, language: 'es_419' });
    expect(r.status).toBe(200);
    expect((await devicesOf(p.b)).trustedDevices.map((d) => d.deviceId)).toEqual(['device-keep']);
    const [notice] = await mailbox(p.email);
    expect(notice?.subject).toBe('Cambio de seguridad en tu Cuenta Lumenforge');
    expect(notice?.text).toContain('Se eliminó un dispositivo de confianza: Laptop.');
    expect(notice?.text).toContain('UTC+09:00');
    expect((await put(p.b, '/trusted-device/reset', { deviceId: 'device-drop', ...clock })).code).toBe('20022');
  });

  it('removes all devices', async () => {
    const p = await newPlayer('td-reset-all');
    await put(p.b, '/trusted-device', { name: 'One', deviceId: 'device-1' });
    await put(p.b, '/trusted-device', { name: 'Two', deviceId: 'device-2' });
    expect((await put(p.b, '/trusted-device/reset/all', clock)).status).toBe(200);
    expect((await devicesOf(p.b)).trustedDevices).toEqual([]);
    expect((await mailbox(p.email))[0]?.text).toContain('All trusted devices were removed.');
  });

  it('is for signed-in players only, and one account never sees or touches another account’s devices', async () => {
    const owner = await newPlayer('td-owner');
    await put(owner.b, '/trusted-device', { name: 'Mine', deviceId: 'device-shared-id' });
    const other = await newPlayer('td-other');
    expect((await devicesOf(other.b)).trustedDevices).toEqual([]);
    expect((await put(other.b, '/trusted-device/reset', { deviceId: 'device-shared-id', ...clock })).code).toBe(
      '20022',
    );
    expect((await devicesOf(owner.b)).trustedDevices).toHaveLength(1);
    expect((await get(new Browser(), '/trusted-device')).code).toBe('20001');
    const pending = await devPendingSession(owner);
    expect((await get(pending, '/trusted-device')).code).toBe('20001');
  });
});

describe('name suggestion', () => {
  const suggest = async (userAgent: string, isLauncher: boolean, cookie?: string) => {
    const r = await new Browser().get(
      `/api/account/v1/no-auth/trusted-device/name/suggestion?is_launcher=${String(isLauncher)}`,
      {
        headers: { 'User-Agent': userAgent, ...(cookie ? { Cookie: cookie } : {}) },
      },
    );
    expect(r.status, r.text).toBe(200);
    return (r.json as { suggestion: string }).suggestion;
  };

  it('names the browser and system, or the launcher', async () => {
    expect(await suggest(CHROME_WINDOWS, false)).toBe('Chrome on Windows');
    expect(await suggest(SAFARI_IPHONE, false)).toBe('Safari on iOS');
    expect(await suggest(CHROME_WINDOWS, true)).toBe('Lumenforge Launcher on Windows');
    expect(await suggest('curl/8.0', false)).toBe('Web browser');
  });

  it('says the browser is unknown when the User-Agent names only the system', async () => {
    expect(await suggest(HEADLESS_CHROMIUM_LINUX, false)).toBe('Unknown browser on Linux');
    expect(await suggest(HEADLESS_CHROMIUM_LINUX, false, 'i18next=ja')).toBe('Linux の不明なブラウザー');
  });

  it('speaks the portal language (i18next cookie)', async () => {
    expect(await suggest(CHROME_WINDOWS, false, 'i18next=de')).toBe('Chrome unter Windows');
    expect(await suggest(CHROME_WINDOWS, false, 'i18next=ja')).toBe('Windows の Chrome');
  });
});
