/**
 * verify-phone against workerd (issue 12): the phone rules (valid, no leading
 * zero, 4 accounts per number, 90-day lock), the 5-minute code on the API
 * clock, settings verification first, phoneNumberResetEnabled, the audit and
 * the email, and bad input that changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, setClock } from './client';
import { account, requestCode, SETTING, verify, verifyPhoneOf } from './phone-helpers';
import {
  enableSms,
  IpBrowser,
  lastSmsCode,
  mailbox,
  newPlayer,
  startSession,
  uniquePhone,
  VERIFY_FIRST,
} from './two-factor-helpers';

afterEach(() => setClock(0));

const DAY = 24 * 60 * MINUTE;

describe('verify-phone', () => {
  it('texts a code and the code makes the number the account phone, audited and emailed', async () => {
    const p = await newPlayer('phone-ok');
    const phone = uniquePhone();
    expect((await requestCode(p, phone)).status).toBe(200);
    const r = await verify(p, phone, await lastSmsCode(phone), true);
    expect(r.status, r.text).toBe(200);
    expect(await account(p)).toMatchObject({ phoneNo: phone, enableUserPhoneReset: true });
    const [mail] = await mailbox(p.email);
    expect(mail?.text).toContain(`+1******${phone.slice(-4)}`);
  });

  it.each([
    ['too short', '+1201555', '20205'],
    ['national number starting with 0', '+390612345678', '20205'],
    ['leading zero after the calling code', '+8201012345678', '20205'],
    ['a landline', '+493012345678', 'SMS_BLOCKED'],
  ])('refuses %s (%s), sends nothing', async (_label, phone, code) => {
    const p = await newPlayer('phone-bad');
    const r = await requestCode(p, phone);
    expect(r.status).toBe(400);
    expect(r.code).toBe(code);
    expect((await new Browser().get(`/api/dev/sms?to=${encodeURIComponent(phone)}`)).json).toEqual([]);
  });

  it('the code lives 5 minutes on the API clock (20068 after)', async () => {
    const p = await newPlayer('phone-ttl');
    const phone = uniquePhone();
    await requestCode(p, phone);
    const code = await lastSmsCode(phone);
    await setClock(5 * MINUTE + 1_000);
    // A fresh session (the verification of the old one has run out too).
    const b = new IpBrowser();
    await startSession(b, p.accountId);
    const r = await verify({ ...p, b }, phone, code);
    expect(r.status).toBe(400);
    expect(r.code).toBe('20068');
    expect((await account({ ...p, b })).phoneNo).toBeNull();
  });

  it('a wrong code is 20013 and changes nothing', async () => {
    const p = await newPlayer('phone-wrong');
    const phone = uniquePhone();
    await requestCode(p, phone);
    const code = await lastSmsCode(phone);
    const r = await verify(p, phone, code === '000000' ? '000001' : '000000');
    expect(r.code).toBe('20013');
    expect((await account(p)).phoneNo).toBeNull();
  });

  it('one number serves at most 4 accounts (20134), at the request and at the verify', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 3; i++) await verifyPhoneOf(await newPlayer('phone-four'), phone);
    // Two players race for the fourth place: both get a code, only one gets the number.
    const a = await newPlayer('phone-four');
    const b = await newPlayer('phone-four');
    await requestCode(a, phone);
    const codeA = await lastSmsCode(phone);
    await requestCode(b, phone);
    const codeB = await lastSmsCode(phone);
    expect((await verify(a, phone, codeA)).status).toBe(200);
    const lost = await verify(b, phone, codeB);
    expect(lost.status).toBe(409);
    expect(lost.code).toBe('20134');
    expect((await account(b)).phoneNo).toBeNull();
    const fifth = await newPlayer('phone-four');
    expect((await requestCode(fifth, phone)).code).toBe('20134');
  });

  it('a number cannot be changed again for 90 days (PHONE_CHANGE_LOCKED), then it can', async () => {
    const p = await newPlayer('phone-lock');
    await verifyPhoneOf(p);
    const next = uniquePhone();
    const early = await requestCode(p, next);
    expect(early.status).toBe(409);
    expect(early.code).toBe('PHONE_CHANGE_LOCKED');
    await setClock(90 * DAY + MINUTE);
    const b = new IpBrowser();
    await startSession(b, p.accountId);
    expect(await verifyPhoneOf({ ...p, b }, next)).toBe(next);
  });

  it('a phone shared with SMS verification counts toward the 4 accounts too', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 4; i++) await enableSms(await newPlayer('phone-mix'), phone);
    expect((await requestCode(await newPlayer('phone-mix'), phone)).code).toBe('20134');
  });

  it('needs a recent settings verification (20008 N=9) and a verified email (20038)', async () => {
    const p = await newPlayer('phone-verify-first');
    await setClock(11 * MINUTE);
    const r = await requestCode(p, uniquePhone());
    expect(r.status).toBe(403);
    expect({ code: r.code, message: (r.json as { message: string }).message }).toEqual(VERIFY_FIRST);
    await setClock(0);
    const unverified = await newPlayer('phone-unverified');
    await unverified.b.post('/api/dev/account/state', { accountId: unverified.accountId, emailVerified: false });
    const refused = await requestCode(unverified, uniquePhone());
    expect([refused.status, refused.code]).toEqual([403, '20038']);
  });

  it('needs a signed-in session (20001)', async () => {
    const r = await new Browser().post(`${SETTING}/phone/request-code`, { phoneNo: uniquePhone(), language: 'en_US' });
    expect([r.status, r.code]).toEqual([401, '20001']);
  });

  it('turns phoneNumberResetEnabled on and off, emailed each time', async () => {
    const p = await newPlayer('phone-reset');
    await verifyPhoneOf(p);
    const on = await p.b.request('PUT', `${SETTING}/phone/reset`, { body: { enabled: true } });
    expect(on.status, on.text).toBe(200);
    expect((await account(p)).enableUserPhoneReset).toBe(true);
    await p.b.request('PUT', `${SETTING}/phone/reset`, { body: { enabled: false } });
    expect((await account(p)).enableUserPhoneReset).toBe(false);
    expect((await mailbox(p.email)).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses phone reset without a verified phone', async () => {
    const p = await newPlayer('phone-reset-none');
    const r = await p.b.request('PUT', `${SETTING}/phone/reset`, { body: { enabled: true } });
    expect([r.status, r.code]).toEqual([400, '20022']);
  });

  it.each([
    ['a number as a number', { phoneNo: 12015550123, language: 'en_US' }],
    ['an unknown field', { phoneNo: '+12015550123', language: 'en_US', extra: 1 }],
    ['a missing language', { phoneNo: '+12015550123' }],
    ['an oversized number', { phoneNo: `+1${'2'.repeat(300)}`, language: 'en_US' }],
    ['a number that is not E.164', { phoneNo: '201 555 0123', language: 'en_US' }],
  ])('bad input to request-code: %s → 400 20022, nothing sent', async (_label, body) => {
    const p = await newPlayer('phone-input');
    const r = await p.b.post(`${SETTING}/phone/request-code`, body);
    expect([r.status, r.code]).toEqual([400, '20022']);
  });

  it.each([
    ['a 5-digit code', { phoneNo: '+12015550123', verificationCode: '12345', resetEnabled: false }],
    ['resetEnabled as a string', { phoneNo: '+12015550123', verificationCode: '123456', resetEnabled: 'yes' }],
    ['a missing resetEnabled', { phoneNo: '+12015550123', verificationCode: '123456' }],
  ])('bad input to verify: %s → 400 20022, nothing stored', async (_label, body) => {
    const p = await newPlayer('phone-input');
    const r = await p.b.request('PUT', `${SETTING}/phone`, { body });
    expect([r.status, r.code]).toEqual([400, '20022']);
    expect((await account(p)).phoneNo).toBeNull();
  });
});
