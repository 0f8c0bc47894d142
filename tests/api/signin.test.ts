/**
 * Web sign-in against workerd (spec §4 "Login flow", §7, §8): the password
 * step, account states, rate limits, the paused steps (healup, terms, second
 * factor) and their session, login complete, silent login, login status,
 * login validate, session rotation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/contract/http';
import { Browser, MINUTE, NO_DEV, setClock, uniqueEmail } from './client';
import { openInstanceDb } from './instance-db';
import {
  ACCOUNT,
  addressIn,
  deviceId,
  freshIpv6Network,
  loginBody,
  P,
  player,
  RotatingIpv6Visitor,
  setState,
  Visitor,
  type Player,
} from './signin-helpers';

afterEach(() => setClock(0));

interface LoginJson {
  countryCode: string;
  hashedUserNo: string;
  hashedGlobalUserNo: string;
  autoLogin: boolean;
}

async function signIn(p: Pick<Player, 'email' | 'password'>, extra: Record<string, unknown> = {}, v = new Visitor()) {
  const r = await v.post(P.login, loginBody(p, extra));
  return { v, r };
}

async function loggedIn(v: Browser): Promise<boolean> {
  const r = await v.get(`${P.status}?device_id=any-device`);
  expect(r.status).toBe(200);
  return (r.json as { isLoggedIn: boolean }).isLoggedIn;
}

describe('web email login', () => {
  it('signs in: login response fields, session cookie, status, account', async () => {
    const p = await player();
    const { v, r } = await signIn(p);
    expect(r.status, r.text).toBe(200);
    const json = r.json as LoginJson;
    expect(json.countryCode).toBe('US');
    expect(json.autoLogin).toBe(false);
    expect(json.hashedUserNo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(json.hashedGlobalUserNo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(json.hashedUserNo).not.toBe(json.hashedGlobalUserNo);
    // 256-bit HMACs (43 base64url characters), not the account id.
    expect([json.hashedUserNo, json.hashedGlobalUserNo]).not.toContain(String(p.accountId));
    const sessionCookie = r.setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(sessionCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(sessionCookie).not.toMatch(/Max-Age/i);
    expect(await loggedIn(v)).toBe(true);
    expect((await v.get(P.account)).status).toBe(200);
  });

  it('the unified variant signs in the same way', async () => {
    const p = await player();
    const v = new Visitor();
    const r = await v.post(P.unifiedLogin, loginBody(p));
    expect(r.status, r.text).toBe(200);
    expect(await loggedIn(v)).toBe(true);
  });

  it('signs in with the email in any case and with surrounding spaces', async () => {
    const p = await player();
    const { r } = await signIn(p, { id: `  ${p.email.toUpperCase()} ` });
    expect(r.status, r.text).toBe(200);
  });

  it('remember me: autoLogin true and a 30-day cookie', async () => {
    const p = await player();
    const { r } = await signIn(p, { autoLogin: true });
    expect(r.status).toBe(200);
    expect((r.json as LoginJson).autoLogin).toBe(true);
    expect(r.setCookies.join('\n')).toContain(`Max-Age=${String(30 * 24 * 60 * 60)}`);
  });

  it('hashed user numbers are stable per account and differ between accounts', async () => {
    const a = await player();
    const b = await player();
    const a1 = (await signIn(a)).r.json as LoginJson;
    const a2 = (await signIn(a)).r.json as LoginJson;
    const b1 = (await signIn(b)).r.json as LoginJson;
    expect(a2.hashedUserNo).toBe(a1.hashedUserNo);
    expect(a2.hashedGlobalUserNo).toBe(a1.hashedGlobalUserNo);
    expect(b1.hashedUserNo).not.toBe(a1.hashedUserNo);
    expect(b1.hashedGlobalUserNo).not.toBe(a1.hashedGlobalUserNo);
  });

  it('rotates the session: a new token, the one the browser had is deleted', async () => {
    const p = await player();
    const { v } = await signIn(p);
    const first = v.session;
    const again = await v.post(P.login, loginBody(p));
    expect(again.status).toBe(200);
    expect(v.session).toBeDefined();
    expect(v.session).not.toBe(first);
    const stale = new Visitor();
    stale.cookies.set(SESSION_COOKIE, first ?? '');
    expect(await loggedIn(stale)).toBe(false);
    expect((await stale.get(P.account)).code).toBe('20001');
    expect(await loggedIn(v)).toBe(true);
  });

  it('a token planted before sign-in is not promoted', async () => {
    const p = await player();
    const v = new Visitor();
    const planted = 'Q'.repeat(43);
    v.cookies.set(SESSION_COOKIE, planted);
    expect((await v.post(P.login, loginBody(p))).status).toBe(200);
    expect(v.session).not.toBe(planted);
  });

  it('wrong password and unknown account give the same answer: 401 20002, no session', async () => {
    const p = await player();
    const wrong = await signIn(p, { password: 'Wrong-pass-1' });
    const unknown = await signIn({ email: uniqueEmail('nobody'), password: p.password });
    for (const { r, v } of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.code).toBe('20002');
      expect(r.json).toEqual({ code: '20002', message: expect.any(String) as unknown });
      expect(r.setCookies).toEqual([]);
      expect(await loggedIn(v)).toBe(false);
    }
  });

  it('captcha failure answers code captcha and counts no sign-in failure', async () => {
    const p = await player();
    const v = new Visitor();
    for (let i = 0; i < 6; i++) {
      const r = await v.post(P.login, loginBody(p, { captchaToken: 'dev-captcha-fail' }));
      expect(r.status).toBe(400);
      expect(r.code).toBe('captcha');
    }
    expect((await v.post(P.login, loginBody(p))).status).toBe(200);
  });

  it('the visible v2 captcha token is accepted too', async () => {
    const p = await player();
    expect((await signIn(p, { captchaVersion: 'v2' })).r.status).toBe(200);
  });

  it('bad input is 400 20022 and changes nothing', async () => {
    const p = await player();
    const v = new Visitor();
    const cases: unknown[] = [
      { ...loginBody(p), password: undefined },
      { ...loginBody(p), extra: 1 },
      { ...loginBody(p), autoLogin: 'yes' },
      { ...loginBody(p), captchaVersion: 'v4' },
      { ...loginBody(p), timeOffset: 5000 },
      { ...loginBody(p), id: '' },
    ];
    for (const body of cases) {
      const r = await v.post(P.login, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.code).toBe('20022');
    }
    expect(await loggedIn(v)).toBe(false);
  });
});

describe('account states (from the data, after the right password only)', () => {
  it('blocked: 403 20100 with the reason as the message; a wrong password still says 20002', async () => {
    const p = await player({ banReason: '7003' });
    const { v, r } = await signIn(p);
    expect(r.status).toBe(403);
    expect(r.code).toBe('20100');
    expect(r.json).toEqual({ code: '20100', message: '7003' });
    expect(await loggedIn(v)).toBe(false);
    expect((await signIn(p, { password: 'Wrong-pass-1' })).r.code).toBe('20002');
  });

  it.each([
    [{ reactivationRequired: true }, '20102'],
    [{ passwordResetRequired: true }, '20037'],
    [{ status: 0 }, '20226'],
  ])('%j answers %s and signs nobody in', async (state, code) => {
    const p = await player(state);
    const { v, r } = await signIn(p);
    expect(r.status).toBe(403);
    expect(r.code).toBe(code);
    expect(r.setCookies).toEqual([]);
    expect(await loggedIn(v)).toBe(false);
  });

  it('each reason 7000-7006 travels as the message', async () => {
    for (const reason of ['7000', '7001', '7002', '7003', '7004', '7005', '7006']) {
      const p = await player({ banReason: reason });
      expect((await signIn(p)).r.json).toEqual({ code: '20100', message: reason });
    }
  });
});

describe('rate limits', () => {
  it('per account and client: 5 failures lock that client for 5 minutes (20187, Retry-After 300), even the right password', async () => {
    const p = await player();
    const v = new Visitor();
    for (let i = 0; i < 4; i++) expect((await signIn(p, { password: 'Wrong-pass-1' }, v)).r.code).toBe('20002');
    const fifth = (await signIn(p, { password: 'Wrong-pass-1' }, v)).r;
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20187');
    expect(fifth.headers.get('retry-after')).toBe('300');
    expect((await signIn(p, {}, v)).r.code).toBe('20187');
    // Another client is not held by this one's failures.
    expect((await signIn(p)).r.status).toBe(200);
    await setClock(5 * MINUTE + 1000);
    expect((await signIn(p, {}, v)).r.status).toBe(200);
  });

  it('a success resets the account count', async () => {
    const p = await player();
    for (let i = 0; i < 4; i++) await signIn(p, { password: 'Wrong-pass-1' });
    expect((await signIn(p)).r.status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(p, { password: 'Wrong-pass-1' })).r.code).toBe('20002');
  });

  it.each([
    ['paused for a step (20255)', { termsAccepted: false }, '20255', 'signin.paused'],
    ['refused by the account state (20100)', { banReason: '7003' }, '20100', 'signin.refused'],
  ])(
    'a right password %s still clears the count and records the check beside the outcome',
    async (_, state, code, event) => {
      const p = await player(state);
      const v = new Visitor();
      for (let i = 0; i < 4; i++) expect((await signIn(p, { password: 'Wrong-pass-1' }, v)).r.code).toBe('20002');
      expect((await signIn(p, {}, v)).r.code).toBe(code);
      // Cleared: four more failures from the same client are not the fifth of a window (no 429).
      for (let i = 0; i < 4; i++) expect((await signIn(p, { password: 'Wrong-pass-1' }, v)).r.code).toBe('20002');
      const instance = await openInstanceDb();
      try {
        const entries = await instance.db.all(
          instance.db.q
            .selectFrom('audit_log')
            .select('event')
            .where('account_id', '=', p.accountId)
            .where('event', 'in', ['password.verified', 'signin.paused', 'signin.refused', 'signin.succeeded'])
            .orderBy('id'),
        );
        expect(entries.map((e) => e.event)).toEqual(['password.verified', event]);
      } finally {
        await instance.close();
      }
    },
  );

  it('per IP: 30 failures across accounts lock that IP (20157 with Retry-After)', async () => {
    const v = new Visitor();
    for (let i = 0; i < 29; i++) {
      const r = await v.post(P.login, loginBody({ email: uniqueEmail('ghost'), password: 'Wrong-pass-1' }));
      expect(r.code).toBe('20002');
    }
    const last = await v.post(P.login, loginBody({ email: uniqueEmail('ghost'), password: 'Wrong-pass-1' }));
    expect(last.status).toBe(429);
    expect(last.code).toBe('20157');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    const p = await player();
    expect((await v.post(P.login, loginBody(p))).code).toBe('20157');
    expect((await signIn(p)).r.status).toBe(200);
  });

  it('per IP on IPv6: a new address of one /64 for every try still locks that /64, and only it', async () => {
    const v = new RotatingIpv6Visitor();
    for (let i = 0; i < 29; i++) {
      const r = await v.post(P.login, loginBody({ email: uniqueEmail('ghost'), password: 'Wrong-pass-1' }));
      expect(r.code).toBe('20002');
    }
    const last = await v.post(P.login, loginBody({ email: uniqueEmail('ghost'), password: 'Wrong-pass-1' }));
    expect([last.status, last.code]).toEqual([429, '20157']);
    expect(new Set(v.used).size).toBe(30);
    // The right password from yet another address of the /64 is refused too; the next /64 is another subscriber.
    const p = await player();
    expect((await v.post(P.login, loginBody(p))).code).toBe('20157');
    const neighbour = new Visitor();
    const next = await neighbour.post(P.login, loginBody(p), {
      headers: { 'CF-Connecting-IP': addressIn(freshIpv6Network()) },
    });
    expect(next.status, next.text).toBe(200);
  });

  it('per account and client on IPv6: rotating addresses of one /64 meets the client lock (20187)', async () => {
    const p = await player();
    const v = new RotatingIpv6Visitor();
    for (let i = 0; i < 4; i++) expect((await signIn(p, { password: 'Wrong-pass-1' }, v)).r.code).toBe('20002');
    // The fifth failure takes the last slot and locks; the right password from another address of the /64 waits.
    expect((await signIn(p, { password: 'Wrong-pass-1' }, v)).r.code).toBe('20187');
    expect((await signIn(p, {}, v)).r.code).toBe('20187');
    expect(new Set(v.used).size).toBe(6);
    // The owner elsewhere is not held by it.
    expect((await signIn(p)).r.status).toBe(200);
  });
});

describe('terms reconsent (20255)', () => {
  it('pauses with a pending session; consent then login complete signs in under a new token', async () => {
    const p = await player({ termsAccepted: false });
    const device = deviceId();
    const { v, r } = await signIn(p, { deviceId: device, autoLogin: true });
    expect(r.status).toBe(403);
    expect(r.code).toBe('20255');
    // The pending session's cookie travels with the error; it is not a signed-in session.
    expect(r.setCookies.join('\n')).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    const pending = v.session;
    expect(await loggedIn(v)).toBe(false);
    expect((await v.get(P.account)).code).toBe('20001');

    // Completing before consenting answers 20255 again.
    expect((await v.post(P.complete, { deviceId: device })).code).toBe('20255');
    expect((await v.post(P.consent, { consentLocation: 'WEB' })).status).toBe(200);
    const done = await v.post(P.complete, { deviceId: device });
    expect(done.status, done.text).toBe(200);
    expect((done.json as LoginJson).autoLogin).toBe(true);
    expect(v.session).not.toBe(pending);
    expect(await loggedIn(v)).toBe(true);

    // Accepted for good: the next sign-in does not ask.
    expect((await signIn(p)).r.status).toBe(200);
  });

  it('terms older than the current version are asked again', async () => {
    const p = await player({ termsAccepted: true });
    await setClock(-400 * 24 * 60 * MINUTE);
    await setState(new Browser(), p.accountId, { termsAccepted: true });
    await setClock(0);
    expect((await signIn(p)).r.code).toBe('20255');
  });

  it('consent needs the sign-in in progress: without a session 401 20001', async () => {
    const r = await new Visitor().post(P.consent, { consentLocation: 'WEB' });
    expect(r.status).toBe(401);
    expect(r.code).toBe('20001');
  });

  it('consent refuses a bad location (20022)', async () => {
    const p = await player({ termsAccepted: false });
    const { v } = await signIn(p);
    expect((await v.post(P.consent, { consentLocation: 'MOBILE' })).code).toBe('20022');
  });

  it('login complete from another device does not finish the pending sign-in', async () => {
    const p = await player({ termsAccepted: false });
    const { v } = await signIn(p, { deviceId: 'device-a' });
    await v.post(P.consent, { consentLocation: 'WEB' });
    const r = await v.post(P.complete, { deviceId: 'device-b' });
    expect(r.status).toBe(401);
    expect(r.code).toBe('20001');
    expect((await v.post(P.complete, { deviceId: 'device-a' })).status).toBe(200);
  });

  it('a pending sign-in lapses after 10 minutes', async () => {
    const p = await player({ termsAccepted: false });
    const { v } = await signIn(p, { deviceId: 'device-a' });
    await setClock(11 * MINUTE);
    expect((await v.post(P.consent, { consentLocation: 'WEB' })).code).toBe('20001');
    expect((await v.post(P.complete, { deviceId: 'device-a' })).code).toBe('20001');
  });
});

describe('healup (20045)', () => {
  it('lists the missing items, fills them one by one, then login completes', async () => {
    const p = await player({ countryCode: null, birth: null });
    const { v, r } = await signIn(p, { deviceId: 'device-h' });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ code: '20045', message: 'country,birthday' });

    expect((await v.put(P.healup, { countryCode: 'DE' })).status).toBe(200);
    expect((await v.post(P.complete, { deviceId: 'device-h' })).json).toEqual({
      code: '20045',
      message: 'birthday',
    });
    expect((await v.put(P.healup, { birthday: '1991-02-03' })).status).toBe(200);
    const done = await v.post(P.complete, { deviceId: 'device-h' });
    expect(done.status, done.text).toBe(200);
    expect((done.json as LoginJson).countryCode).toBe('DE');
    const account = (await v.get(P.account)).json as { countryCode: string; birthYear: number; birthMonth: number };
    expect(account).toMatchObject({ countryCode: 'DE', birthYear: 1991, birthMonth: 2 });
  });

  it('never overwrites what the account has, and refuses bad values (20022)', async () => {
    const p = await player({ birth: null });
    const { v, r } = await signIn(p);
    expect(r.json).toEqual({ code: '20045', message: 'birthday' });
    expect((await v.put(P.healup, { countryCode: 'FR' })).code).toBe('20022');
    expect((await v.put(P.healup, { birthday: '2999-01-01' })).code).toBe('20022');
    expect((await v.put(P.healup, { birthday: '1990-02-30' })).code).toBe('20022');
    expect((await v.put(P.healup, {})).code).toBe('20022');
    expect((await v.put(P.healup, { countryCode: 'ZZ' })).code).toBe('20022');
  });

  it('needs the sign-in in progress (20001)', async () => {
    expect((await new Visitor().put(P.healup, { countryCode: 'DE' })).code).toBe('20001');
  });

  it('comes before the terms: healup, then 20255, then signed in', async () => {
    const p = await player({ countryCode: null, termsAccepted: false });
    const { v, r } = await signIn(p, { deviceId: 'device-x' });
    expect(r.json).toEqual({ code: '20045', message: 'country' });
    await v.put(P.healup, { countryCode: 'JP' });
    expect((await v.post(P.complete, { deviceId: 'device-x' })).code).toBe('20255');
    await v.post(P.consent, { consentLocation: 'WEB' });
    expect((await v.post(P.complete, { deviceId: 'device-x' })).status).toBe(200);
  });
});

describe('second factor hand-off (20008, N=9)', () => {
  it('pauses with a pending session; login complete alone is refused', async () => {
    const p = await player({ smsMfaEnabled: true, phoneNo: '+14155550123' });
    const { v, r } = await signIn(p, { deviceId: 'device-m' });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ code: '20008', message: 'missing verification code: 9' });
    expect(r.setCookies.join('\n')).toContain(`${SESSION_COOKIE}=`);
    expect(await loggedIn(v)).toBe(false);
    const complete = await v.post(P.complete, { deviceId: 'device-m' });
    expect(complete.status).toBe(401);
    expect(complete.code).toBe('20008');
    expect((await v.get(P.account)).code).toBe('20001');
    expect(
      (await v.post(P.silent, { deviceId: 'device-m', localTime: '2026-11-21T10:00:00Z', timeOffset: 0 })).code,
    ).toBe('20001');
    // Terms consent and healup do not upgrade the session either.
    expect((await v.post(P.consent, { consentLocation: 'WEB' })).status).toBe(200);
    expect((await v.post(P.complete, { deviceId: 'device-m' })).code).toBe('20008');
  });

  it('after the second factor (completeSecondFactor) login complete answers the login data', async () => {
    const p = await player({ smsMfaEnabled: true, phoneNo: '+14155550123' });
    const { v } = await signIn(p, { deviceId: 'device-m2' });
    expect((await v.post(P.devSecondFactor)).status).toBe(200);
    const done = await v.post(P.complete, { deviceId: 'device-m2' });
    expect(done.status, done.text).toBe(200);
    expect((done.json as LoginJson).countryCode).toBe('US');
    expect(await loggedIn(v)).toBe(true);
  });

  it('with the real second step: SMS code, trusted-device verify, then login complete', async () => {
    const phone = '+14155550188';
    const p = await player({ smsMfaEnabled: true, phoneNo: phone });
    const device = deviceId();
    const { v, r } = await signIn(p, { deviceId: device, autoLogin: true });
    expect(r.code).toBe('20008');
    const sent = await v.post(`${ACCOUNT}/no-auth/sms/request-code`, {
      email: p.email,
      language: 'en_US',
      deviceId: device,
    });
    expect(sent.status, sent.text).toBe(200);
    const sms = await new Browser().get(`/api/dev/sms?to=${encodeURIComponent(phone)}`);
    const [text] = sms.json as { code?: string }[];
    const verify = await v.put(`${ACCOUNT}/no-auth/trusted-device/verify`, {
      email: p.email,
      deviceId: device,
      verificationCode: text?.code ?? '',
      authType: 'SMS',
      rememberMe: true,
    });
    expect(verify.status, verify.text).toBe(200);
    const done = await v.post(P.complete, { deviceId: device });
    expect(done.status, done.text).toBe(200);
    expect((done.json as LoginJson).autoLogin).toBe(true);
    // The browser is now trusted: its next sign-in skips the second step; another browser naming the same
    // device id does not (the trust is the device secret cookie, never the id).
    expect((await signIn(p, { deviceId: device }, v)).r.status).toBe(200);
    expect((await signIn(p, { deviceId: device })).r.code).toBe('20008');
  });

  it('a trusted device of the account skips the second factor, never the password', async () => {
    const p = await player({ smsMfaEnabled: true, phoneNo: '+14155550123' });
    const trusted = new Visitor();
    await trusted.post(P.devTrust, { accountId: p.accountId, deviceId: 'device-trusted', days: 30 });
    expect((await signIn(p, { deviceId: 'device-trusted' }, trusted)).r.status).toBe(200);
    expect((await signIn(p, { deviceId: 'device-trusted', password: 'Wrong-pass-1' }, trusted)).r.code).toBe('20002');
    // The device id alone (from the list, localStorage or a query string) skips nothing, with or without cookies.
    expect((await signIn(p, { deviceId: 'device-trusted' })).r.code).toBe('20008');
    // Another account signing in on the trusted browser still needs its own second factor.
    const q = await player({ smsMfaEnabled: true, phoneNo: '+14155550123' });
    expect((await signIn(q, { deviceId: 'device-trusted' }, trusted)).r.code).toBe('20008');
    // An expired trust does not count.
    await setClock(31 * 24 * 60 * MINUTE);
    expect((await signIn(p, { deviceId: 'device-trusted' }, trusted)).r.code).toBe('20008');
  });

  it('the terms come before the second factor', async () => {
    const p = await player({ smsMfaEnabled: true, phoneNo: '+14155550123', termsAccepted: false });
    const { v, r } = await signIn(p, { deviceId: 'device-tm' });
    expect(r.code).toBe('20255');
    await v.post(P.consent, { consentLocation: 'WEB' });
    expect((await v.post(P.complete, { deviceId: 'device-tm' })).code).toBe('20008');
  });
});

describe('login complete and silent login', () => {
  it('without any session: 401 20001', async () => {
    const v = new Visitor();
    expect((await v.post(P.complete, { deviceId: 'd' })).code).toBe('20001');
    const silent = await v.post(P.silent, { deviceId: 'd', localTime: '2026-11-21T10:00:00Z', timeOffset: 0 });
    expect(silent.status).toBe(401);
    expect(silent.code).toBe('20001');
  });

  it('silent login answers the signed-in session’s login data without a new token', async () => {
    const p = await player();
    const { v, r } = await signIn(p, { autoLogin: true });
    const token = v.session;
    const silent = await v.post(P.silent, {
      deviceId: 'device-default',
      localTime: '2026-11-21T10:00:00Z',
      timeOffset: 0,
    });
    expect(silent.status).toBe(200);
    expect(silent.json).toEqual(r.json);
    expect(v.session).toBe(token);
  });

  it('a block that arrives later ends the session at the next silent login (20100, cookie cleared)', async () => {
    const p = await player();
    const { v } = await signIn(p);
    await setState(new Browser(), p.accountId, { banReason: '7001' });
    const silent = await v.post(P.silent, {
      deviceId: 'device-default',
      localTime: '2026-11-21T10:00:00Z',
      timeOffset: 0,
    });
    expect(silent.json).toEqual({ code: '20100', message: '7001' });
    expect(silent.setCookies.join('\n')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
    expect(await loggedIn(v)).toBe(false);
  });

  it('reactivation met on a session is 20036', async () => {
    const p = await player();
    const { v } = await signIn(p);
    await setState(new Browser(), p.accountId, { reactivationRequired: true });
    expect((await v.post(P.complete, { deviceId: 'device-default' })).code).toBe('20036');
  });
});

describe('login status', () => {
  it('needs device_id; says false without a session', async () => {
    const v = new Visitor();
    expect((await v.get(P.status)).code).toBe('20022');
    expect(await loggedIn(v)).toBe(false);
  });

  it('says false after logout', async () => {
    const p = await player();
    const { v } = await signIn(p);
    await v.post(P.logout);
    expect(await loggedIn(v)).toBe(false);
  });
});

describe('login validate', () => {
  it('accepts an email or a legacy ID, known or not (no account enumeration)', async () => {
    const p = await player();
    const v = new Visitor();
    for (const id of [p.email, uniqueEmail('nobody'), 'legacy_user.01'])
      expect((await v.post(P.validate, { id, deviceId: 'd' })).status, id).toBe(200);
  });

  it('refuses an id that is neither (20216)', async () => {
    const v = new Visitor();
    for (const id of ['a', 'bad id', 'x@', 'name!', '<script>']) {
      const r = await v.post(P.validate, { id, deviceId: 'd' });
      expect(r.status, id).toBe(400);
      expect(r.code).toBe('20216');
    }
  });

  it('tells nothing about the account: one without a password answers like an unknown one', async () => {
    const p = await player({ hasPassword: false });
    const v = new Visitor();
    const known = await v.post(P.validate, { id: p.email, deviceId: 'd' });
    const unknown = await v.post(P.validate, { id: 'nobody-here@example.test', deviceId: 'd' });
    expect([known.status, known.text]).toEqual([200, unknown.text]);
    expect(unknown.status).toBe(200);
    // Its password step answers as a wrong password does.
    expect((await signIn(p, { password: 'Any-pass-1!' })).r.code).toBe('20002');
  });

  it('is capped per IP (20157)', async () => {
    const v = new Visitor();
    for (let i = 0; i < 30; i++)
      expect((await v.post(P.validate, { id: 'someone@example.test', deviceId: 'd' })).status).toBe(200);
    const r = await v.post(P.validate, { id: 'someone@example.test', deviceId: 'd' });
    expect(r.status).toBe(429);
    expect(r.code).toBe('20157');
  });

  it('is capped per IPv6 /64, whichever of its addresses asks (20157)', async () => {
    const v = new RotatingIpv6Visitor();
    for (let i = 0; i < 30; i++)
      expect((await v.post(P.validate, { id: 'someone@example.test', deviceId: 'd' })).status).toBe(200);
    const r = await v.post(P.validate, { id: 'someone@example.test', deviceId: 'd' });
    expect([r.status, r.code]).toEqual([429, '20157']);
    expect(new Set(v.used).size).toBe(31);
  });
});

describe('dev hooks of the sign-in states', () => {
  it('do not exist without DEV_TOOLS', async () => {
    const b = new Browser(NO_DEV());
    for (const path of [P.devState, P.devTrust, '/api/dev/rate-limits/reset'])
      expect((await b.post(path, { accountId: 1, deviceId: 'd' })).status, path).toBe(404);
  });

  it('rate-limit reset lifts a lock', async () => {
    const p = await player();
    const v = new Visitor();
    for (let i = 0; i < 5; i++) await signIn(p, { password: 'Wrong-pass-1' }, v);
    expect((await signIn(p, {}, v)).r.code).toBe('20187');
    expect((await new Browser().post('/api/dev/rate-limits/reset', {})).status).toBe(200);
    expect((await signIn(p, {}, v)).r.status).toBe(200);
  });
});
