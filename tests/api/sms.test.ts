/**
 * SMS verification against workerd: phone rules (valid, country list, no
 * leading zero, textable, 4 accounts per number, 90-day change lock), codes
 * (6 digits, 5 minutes, single use, newest only), send caps, and failures that
 * a resend does not reset. Codes are read from the dev SMS outbox.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, setClock } from './client';
import {
  devPendingSession,
  enableSms,
  get,
  IpBrowser,
  lastSmsCode,
  newPlayer,
  pendingSignIn,
  post,
  put,
  SMS_BODY,
  startSession,
  uniquePhone,
  verifyBody,
  VERIFY_FIRST,
  type Player,
} from './two-factor-helpers';

afterEach(() => setClock(0));

const REQUEST = '/no-auth/sms/request-code';
const VERIFY = '/no-auth/trusted-device/verify';
const DAY = 24 * 60 * MINUTE;

async function requestFor(p: Player, phoneNo: string) {
  return post(p.b, REQUEST, { ...SMS_BODY, phoneNo });
}

describe('phone rules when enabling SMS verification', () => {
  it.each([
    ['too short', '+1201555', '20205'],
    ['leading zero after the calling code', '+8201012345678', '20205'],
    ['national number starting with 0', '+390612345678', '20205'],
    ['country outside the region (JP in global)', '+819012345678', '20205'],
    ['a landline cannot receive texts', '+493012345678', 'SMS_BLOCKED'],
    ['a toll-free number cannot receive texts', '+18005550123', 'SMS_BLOCKED'],
  ])('%s → %s, nothing sent', async (_label, phone, code) => {
    const p = await newPlayer('phone-rule');
    const r = await requestFor(p, phone);
    expect(r.status).toBe(400);
    expect(r.code).toBe(code);
    const outbox = await new Browser().get(`/api/dev/sms?to=${encodeURIComponent(phone)}`);
    expect(outbox.json).toEqual([]);
  });

  it('refuses a number that is not E.164 at the contract (20022)', async () => {
    const p = await newPlayer('phone-shape');
    expect((await requestFor(p, '201-555-0123')).code).toBe('20022');
  });

  it('one number serves at most 4 accounts (20134)', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 4; i++) await enableSms(await newPlayer('four'), phone);
    const fifth = await newPlayer('four');
    const r = await requestFor(fifth, phone);
    expect(r.status).toBe(409);
    expect(r.code).toBe('20134');
  });

  it('a number cannot be changed again for 90 days', async () => {
    const p = await newPlayer('lock90');
    await enableSms(p);
    const next = uniquePhone();
    const early = await requestFor(p, next);
    expect(early.status).toBe(409);
    expect(early.code).toBe('PHONE_CHANGE_LOCKED');

    await setClock(90 * DAY + MINUTE);
    const b = new IpBrowser();
    await startSession(b, p.accountId);
    const later: Player = { ...p, b };
    expect((await requestFor(later, next)).status).toBe(200);
    const r = await put(b, '/mfa/sms', { phoneNo: next, verificationCode: await lastSmsCode(next), primary: true });
    expect(r.status, r.text).toBe(200);
    const pending = await pendingSignIn(p);
    expect((await get(pending, `/no-auth/mfa/auth-types?email=${encodeURIComponent(p.email)}`)).json).toMatchObject({
      phoneNo: `+1******${next.slice(-4)}`,
    });
  });

  it('a code for one number does not enable another', async () => {
    const p = await newPlayer('other-number');
    const a = uniquePhone();
    const b = uniquePhone();
    await requestFor(p, a);
    const r = await put(p.b, '/mfa/sms', { phoneNo: b, verificationCode: await lastSmsCode(a), primary: true });
    expect(r.code).toBe('20068');
  });
});

describe('SMS codes at sign-in', () => {
  it('texts a 6-digit code to the number on file; the code signs in once', async () => {
    const p = await newPlayer('sms-login');
    const phone = await enableSms(p);
    const pending = await pendingSignIn(p);
    const sent = await post(pending, REQUEST, { ...SMS_BODY, email: p.email });
    expect(sent.status, sent.text).toBe(200);
    const outbox = (await new Browser().get(`/api/dev/sms?to=${encodeURIComponent(phone)}`)).json as {
      text: string;
      code: string;
    }[];
    expect(outbox[0]?.code).toMatch(/^\d{6}$/);
    expect(outbox[0]?.text).toContain('expires in 5 minutes');
    const code = outbox[0]?.code ?? '';
    expect((await put(pending, VERIFY, verifyBody(p, 'SMS', code))).status).toBe(200);
    // Single use: a second pending sign-in cannot reuse it.
    const again = await pendingSignIn(p);
    expect((await put(again, VERIFY, verifyBody(p, 'SMS', code))).code).toBe('20068');
  });

  it('a pending sign-in can only text the number on file, of an account with SMS on', async () => {
    const p = await newPlayer('sms-pending');
    const pending = await devPendingSession(p);
    expect((await post(pending, REQUEST, { ...SMS_BODY, email: p.email })).code).toBe('20022');
    expect((await post(pending, REQUEST, { ...SMS_BODY, phoneNo: uniquePhone() })).code).toBe('20022');
    expect((await post(new Browser(), REQUEST, { ...SMS_BODY, email: p.email })).code).toBe('20001');
    const other = await newPlayer('sms-other');
    await enableSms(other);
    expect((await post(pending, REQUEST, { ...SMS_BODY, email: other.email })).code).toBe('20001');
  });

  it('expires after 5 minutes (20068)', async () => {
    const p = await newPlayer('sms-expiry');
    const phone = await enableSms(p);
    const pending = await pendingSignIn(p);
    await post(pending, REQUEST, { ...SMS_BODY, email: p.email });
    const code = await lastSmsCode(phone);
    await setClock(5 * MINUTE + 1000);
    expect((await put(pending, VERIFY, verifyBody(p, 'SMS', code))).code).toBe('20068');
  });

  it('a resend replaces the previous code', async () => {
    const p = await newPlayer('sms-resend');
    const phone = await enableSms(p);
    const pending = await pendingSignIn(p);
    await post(pending, REQUEST, { ...SMS_BODY, email: p.email });
    const first = await lastSmsCode(phone);
    await post(pending, REQUEST, { ...SMS_BODY, email: p.email });
    const second = await lastSmsCode(phone);
    // Only the newest code is live: the old one is just a wrong code now.
    if (first !== second) expect((await put(pending, VERIFY, verifyBody(p, 'SMS', first))).code).toBe('20013');
    expect((await put(pending, VERIFY, verifyBody(p, 'SMS', second))).status).toBe(200);
  });

  it('a resend does not reset the failure count', async () => {
    const p = await newPlayer('sms-failures');
    const phone = await enableSms(p);
    const pending = await pendingSignIn(p);
    await post(pending, REQUEST, { ...SMS_BODY, email: p.email });
    const wrong = (code: string) => (code === '000000' ? '000001' : '000000');
    for (let i = 0; i < 3; i++)
      expect((await put(pending, VERIFY, verifyBody(p, 'SMS', wrong(await lastSmsCode(phone))))).code).toBe('20013');
    await post(pending, REQUEST, { ...SMS_BODY, email: p.email });
    expect((await put(pending, VERIFY, verifyBody(p, 'SMS', wrong(await lastSmsCode(phone))))).code).toBe('20013');
    const fifth = await put(pending, VERIFY, verifyBody(p, 'SMS', wrong(await lastSmsCode(phone))));
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20187');
    expect(fifth.headers.get('retry-after')).toBe('300');
    // During the lock the right code is refused too.
    const right = await put(pending, VERIFY, verifyBody(p, 'SMS', await lastSmsCode(phone)));
    expect(right.code).toBe('20187');
  });
});

describe('send caps', () => {
  it('texts one number at most 5 times an hour (429 20157, Retry-After)', async () => {
    const p = await newPlayer('sms-cap');
    const phone = await enableSms(p); // 1st text
    const pending = await pendingSignIn(p);
    for (let i = 0; i < 4; i++)
      expect((await post(pending, REQUEST, { ...SMS_BODY, email: p.email })).status).toBe(200);
    const sixth = await post(pending, REQUEST, { ...SMS_BODY, email: p.email });
    expect(sixth.status).toBe(429);
    expect(sixth.code).toBe('20157');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const outbox = (await new Browser().get(`/api/dev/sms?to=${encodeURIComponent(phone)}`)).json as unknown[];
    expect(outbox).toHaveLength(5);

    await setClock(61 * MINUTE);
    const later = await pendingSignIn(p);
    expect((await post(later, REQUEST, { ...SMS_BODY, email: p.email })).status).toBe(200);
  });
});

describe('SMS on and off', () => {
  it('disabling needs a verified session, keeps the phone on the account, and is announced', async () => {
    const p = await newPlayer('sms-off');
    const phone = await enableSms(p);
    const notices = (await new Browser().get(`/api/dev/mailbox?to=${encodeURIComponent(p.email)}`)).json as {
      text: string;
    }[];
    expect(notices[0]?.text).toContain(`SMS verification was turned on for +1******${phone.slice(-4)}.`);
    expect((await p.b.request('DELETE', '/api/account/v1/mfa/sms')).status).toBe(200);
    // Without a second factor the real login lets the player straight in; ask as a pending sign-in would.
    const pending = await devPendingSession(p);
    expect((await get(pending, `/no-auth/mfa/auth-types?email=${encodeURIComponent(p.email)}`)).json).toEqual({
      authTypes: [],
      primaryAuthType: null,
      phoneNo: null,
      passkey: false,
    });
  });

  it('settings verification by SMS texts the number on file and verifies the session', async () => {
    const p = await newPlayer('sms-settings');
    const phone = await enableSms(p);
    await setClock(11 * MINUTE);
    const stale = await p.b.request('DELETE', '/api/account/v1/mfa/sms');
    expect([stale.status, stale.json]).toEqual([403, VERIFY_FIRST]);
    expect((await post(p.b, REQUEST, { ...SMS_BODY })).status).toBe(200);
    const r = await put(p.b, '/mfa/settings/verify', {
      authType: 'SMS',
      code: await lastSmsCode(phone),
      purpose: 'mfa',
    });
    expect(r.status, r.text).toBe(200);
    expect((await p.b.request('DELETE', '/api/account/v1/mfa/sms')).status).toBe(200);
  });
});
