/**
 * Web sign-up against workerd (spec §2 create, §4, §5, §7 "Sign-up"): the
 * age check, the email step with its 6-digit code (expiry, single use,
 * failures counted across resends, send caps), the sign-up session and the
 * account it creates.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNUP_TOKEN_HEADER } from '../../src/shared/contract/http';
import { Browser, createAccount, MINUTE, setClock, uniqueEmail } from './client';
import {
  lastMail,
  loginBody,
  mailbox,
  NEW_PASSWORD,
  P,
  signUp,
  signupBody,
  Visitor,
  wrongCode,
} from './signin-helpers';

afterEach(() => setClock(0));

const YEAR_MS = 365.25 * 24 * 60 * MINUTE;

/** YYYY-MM-DD of someone who turns `years` old `daysFromNow` days from today (UTC). */
function birthdayFor(years: number, daysFromNow = -1): string {
  const d = new Date(Date.now() + daysFromNow * 24 * 60 * MINUTE);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

function ageBody(countryCode: string, birthday: string, extra: Record<string, unknown> = {}) {
  return {
    countryCode,
    birthday,
    deviceId: 'device-age',
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    ...extra,
  };
}

async function requestCode(v: Visitor, email: string, language = 'en_US'): Promise<string> {
  const r = await v.post(P.emailRequestCode, { email, language });
  expect(r.status, r.text).toBe(200);
  const { code } = await lastMail(email);
  if (code === undefined) throw new Error('no code');
  return code;
}

async function newToken(v: Visitor): Promise<string> {
  const r = await v.post(P.signupInit, {});
  expect(r.status).toBe(200);
  return (r.json as { signUpSessionToken: string }).signUpSessionToken;
}

describe('age check', () => {
  it.each([
    ['US', 20, false],
    ['US', 13, false],
    ['US', 12, true],
    ['DE', 15, true],
    ['DE', 16, false],
    ['FR', 14, true],
    ['ES', 14, false],
    ['KR', 13, true],
    ['BR', 13, false],
  ])('%s, %i years old: isMinor %s', async (country, years, minor) => {
    const r = await new Visitor().post(P.verifyAge, ageBody(country, birthdayFor(years)));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ isMinor: minor });
  });

  it('counts the birthday itself: the day before turning 16 in DE is a minor', async () => {
    const r = await new Visitor().post(P.verifyAge, ageBody('DE', birthdayFor(16, 1)));
    expect(r.json).toEqual({ isMinor: true });
  });

  it('needs the captcha (code captcha)', async () => {
    const r = await new Visitor().post(P.verifyAge, ageBody('US', '1990-01-01', { captchaToken: 'dev-captcha-fail' }));
    expect(r.status).toBe(400);
    expect(r.code).toBe('captcha');
  });

  it.each([['2999-01-01'], ['1990-02-30'], ['1899-12-31'], ['1990-13-01'], ['90-01-01']])(
    'refuses the birthday %s (20022)',
    async (birthday) => {
      const r = await new Visitor().post(P.verifyAge, ageBody('US', birthday));
      expect(r.status).toBe(400);
      expect(r.code).toBe('20022');
    },
  );

  it('refuses an unknown country (20022)', async () => {
    expect((await new Visitor().post(P.verifyAge, ageBody('ZZ', '1990-01-01'))).code).toBe('20022');
  });
});

describe('email step', () => {
  it('validate, code by email (6 digits, in the requested language), verify', async () => {
    const v = new Visitor();
    const email = uniqueEmail('step');
    expect((await v.post(P.emailValidate, { email })).status).toBe(200);
    const code = await requestCode(v, email, 'de_DE');
    expect(code).toMatch(/^\d{6}$/);
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Dein Lumenforge-Bestätigungscode');
    expect(mail.text).toContain(code);
    expect((await v.post(P.emailVerifyCode, { email, code })).status).toBe(200);
    // Verifying does not use the code up: sign-up uses it.
    expect((await v.post(P.emailVerifyCode, { email, code })).status).toBe(200);
  });

  it('a taken address answers exactly as a free one; its owner is emailed "you already have an account", no code', async () => {
    const { email } = await signUp();
    const free = uniqueEmail('free');
    const v = new Visitor();
    for (const [path, body] of [
      [P.emailValidate, (e: string) => ({ email: e })],
      [P.emailRequestCode, (e: string) => ({ email: e, language: 'en_US' })],
    ] as const) {
      const taken = await v.post(path, body(email));
      const open = await v.post(path, body(free));
      expect([taken.status, taken.code, taken.text], path).toEqual([open.status, open.code, open.text]);
      expect(taken.status).toBe(200);
    }
    const notice = await lastMail(email);
    expect(notice.subject).toBe('You already have a Lumenforge Account');
    expect(notice.code).toBeUndefined();
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expect(notice.link).toMatch(/\/account\/en\/login$/);
    // No code exists for the taken address: a guess fails like any wrong code.
    expect((await v.post(P.emailVerifyCode, { email, code: '123456' })).code).toBe('20013');
  });

  it('a wrong code is 20013; a new request replaces the old code', async () => {
    const v = new Visitor();
    const email = uniqueEmail('replace');
    const first = await requestCode(v, email);
    expect((await v.post(P.emailVerifyCode, { email, code: wrongCode(first) })).code).toBe('20013');
    const second = await requestCode(v, email);
    if (second !== first) expect((await v.post(P.emailVerifyCode, { email, code: first })).code).toBe('20013');
    expect((await v.post(P.emailVerifyCode, { email, code: second })).status).toBe(200);
  });

  it('a code without a request is 20013', async () => {
    const r = await new Visitor().post(P.emailVerifyCode, { email: uniqueEmail('none'), code: '123456' });
    expect(r.status).toBe(400);
    expect(r.code).toBe('20013');
  });

  it('expires after 30 minutes (20018)', async () => {
    const v = new Visitor();
    const email = uniqueEmail('expire');
    const code = await requestCode(v, email);
    await setClock(29 * MINUTE);
    expect((await v.post(P.emailVerifyCode, { email, code })).status).toBe(200);
    await setClock(30 * MINUTE + 1000);
    const r = await v.post(P.emailVerifyCode, { email, code });
    expect(r.status).toBe(400);
    expect(r.code).toBe('20018');
  });

  it('5 wrong codes lock the address (20157, Retry-After); a resend does not reset the count', async () => {
    const email = uniqueEmail('lock');
    const code = await requestCode(new Visitor(), email);
    for (let i = 0; i < 4; i++)
      expect((await new Visitor().post(P.emailVerifyCode, { email, code: wrongCode(code) })).code).toBe('20013');
    // A resend: a new code, but the failures so far still count.
    const fresh = await requestCode(new Visitor(), email);
    const fifth = await new Visitor().post(P.emailVerifyCode, { email, code: wrongCode(fresh) });
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20157');
    expect(Number(fifth.headers.get('retry-after'))).toBe(15 * 60);
    // During the lock even the right code is refused.
    expect((await new Visitor().post(P.emailVerifyCode, { email, code: fresh })).code).toBe('20157');
    await setClock(15 * MINUTE + 1000);
    expect((await new Visitor().post(P.emailVerifyCode, { email, code: fresh })).status).toBe(200);
  });

  it('a code dies after 5 wrong tries even across lock windows', async () => {
    const email = uniqueEmail('burn');
    const code = await requestCode(new Visitor(), email);
    for (let i = 0; i < 5; i++) await new Visitor().post(P.emailVerifyCode, { email, code: wrongCode(code) });
    await setClock(16 * MINUTE);
    expect((await new Visitor().post(P.emailVerifyCode, { email, code })).code).toBe('20018');
  });

  it('sends at most 5 codes an hour to one address (20157)', async () => {
    const email = uniqueEmail('cap');
    for (let i = 0; i < 5; i++)
      expect((await new Visitor().post(P.emailRequestCode, { email, language: 'en_US' })).status).toBe(200);
    const r = await new Visitor().post(P.emailRequestCode, { email, language: 'en_US' });
    expect(r.status).toBe(429);
    expect(r.code).toBe('20157');
    expect(await mailbox(email)).toHaveLength(5);
    await setClock(61 * MINUTE);
    expect((await new Visitor().post(P.emailRequestCode, { email, language: 'en_US' })).status).toBe(200);
  });

  it('sends at most 20 codes an hour from one IP (20157)', async () => {
    const v = new Visitor();
    for (let i = 0; i < 20; i++)
      expect((await v.post(P.emailRequestCode, { email: uniqueEmail('ip'), language: 'en_US' })).status).toBe(200);
    expect((await v.post(P.emailRequestCode, { email: uniqueEmail('ip'), language: 'en_US' })).code).toBe('20157');
  });

  it('refuses bad input (20022)', async () => {
    const v = new Visitor();
    expect((await v.post(P.emailValidate, { email: 'not-an-email' })).code).toBe('20022');
    expect((await v.post(P.emailRequestCode, { email: uniqueEmail('x'), language: 'english' })).code).toBe('20022');
    expect((await v.post(P.emailVerifyCode, { email: uniqueEmail('x'), code: '12345' })).code).toBe('20022');
  });
});

describe('sign-up', () => {
  it('creates the account, signs the player in and emails the verification link', async () => {
    const { v, email, reply } = await signUp(undefined, { partnerKey: 'partner-7', clientId: '1888' });
    const json = reply.json as { email: string; hashedUserNo: string; hashedGlobalUserNo: string };
    expect(json.email).toBe(email);
    expect(json.hashedUserNo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const account = await v.get(P.account);
    expect(account.status).toBe(200);
    expect(account.json).toMatchObject({
      email,
      isVerified: false,
      countryCode: 'US',
      birthYear: 1995,
      birthMonth: 4,
      hasSetPassword: true,
      enableMail: true,
      isMinor: false,
      primaryAuthType: null,
      authTypeList: [],
      playerTag: null,
    });
    const link = await lastMail(email);
    expect(link.subject).toBe('Verify your email address');
    expect(link.link).toMatch(/\/account\/en\/verify-email\?token=[A-Za-z0-9_-]{43}$/);

    // The hashed numbers are the same the login answers.
    await v.post(P.logout);
    const login = await new Visitor().post(P.login, loginBody({ email, password: NEW_PASSWORD }));
    expect(login.status, login.text).toBe(200);
    expect(login.json).toMatchObject({ hashedUserNo: json.hashedUserNo, hashedGlobalUserNo: json.hashedGlobalUserNo });
  });

  it('the link points at the portal that called, in the sign-up language', async () => {
    const { email } = await signUp(undefined, { language: 'ja_JP' });
    const mail = await lastMail(email);
    expect(mail.subject).toBe('メールアドレスの確認');
    expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/account\/ja\/verify-email\?token=/);
  });

  it('needs a live sign-up session token (20018), used once', async () => {
    const v = new Visitor();
    const email = uniqueEmail('token');
    const code = await requestCode(v, email);
    for (const headers of [{}, { [SIGNUP_TOKEN_HEADER]: 'x'.repeat(43) }, { [SIGNUP_TOKEN_HEADER]: 'short' }]) {
      const r = await v.post(P.signup, signupBody(email, code), { headers });
      expect(r.status).toBe(401);
      expect(r.code).toBe('20018');
    }
    const token = await newToken(v);
    expect(
      (await v.post(P.signup, signupBody(email, code), { headers: { [SIGNUP_TOKEN_HEADER]: token } })).status,
    ).toBe(200);
    const other = uniqueEmail('token2');
    const code2 = await requestCode(v, other);
    const reuse = await v.post(P.signup, signupBody(other, code2), { headers: { [SIGNUP_TOKEN_HEADER]: token } });
    expect(reuse.code).toBe('20018');
  });

  it('a sign-up session expires after an hour', async () => {
    const v = new Visitor();
    const email = uniqueEmail('late');
    const token = await newToken(v);
    await setClock(61 * MINUTE);
    const code = await requestCode(v, email);
    expect((await v.post(P.signup, signupBody(email, code), { headers: { [SIGNUP_TOKEN_HEADER]: token } })).code).toBe(
      '20018',
    );
  });

  it.each([
    ['Short-1', '20194'],
    ['alllowercase1!', '20195'],
    ['Pässwort-123', '20196'],
    ['Has space-12', '20197'],
  ])('password %s breaks rule %s', async (password, code) => {
    const v = new Visitor();
    const email = uniqueEmail('rules');
    const emailCode = await requestCode(v, email);
    const r = await v.post(P.signup, signupBody(email, emailCode, { password }), {
      headers: { [SIGNUP_TOKEN_HEADER]: await newToken(v) },
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe(code);
  });

  it('the password may not be the email (20198)', async () => {
    const v = new Visitor();
    const email = `Aa1-${uniqueEmail('same')}`;
    const emailCode = await requestCode(v, email);
    const r = await v.post(P.signup, signupBody(email, emailCode, { password: email }), {
      headers: { [SIGNUP_TOKEN_HEADER]: await newToken(v) },
    });
    expect(r.code).toBe('20198');
  });

  it.each([['Password1!'], ['P@ssw0rd2024!'], ['Qwerty123!'], ['Lumenforge1!']])(
    'refuses the common password %s (PASSWORD_TOO_COMMON) and uses nothing up',
    async (password) => {
      const v = new Visitor();
      const email = uniqueEmail('common');
      const emailCode = await requestCode(v, email);
      const headers = { [SIGNUP_TOKEN_HEADER]: await newToken(v) };
      const r = await v.post(P.signup, signupBody(email, emailCode, { password }), { headers });
      expect(r.status).toBe(400);
      expect(r.code).toBe('PASSWORD_TOO_COMMON');
      // The same code and session then create the account with a strong password.
      const ok = await v.post(P.signup, signupBody(email, emailCode), { headers });
      expect(ok.status, ok.text).toBe(200);
    },
  );

  it('accepts a 64-character password (NIST: at least 64), which then signs in', async () => {
    const password = `Aa1!${'x7-Q'.repeat(15)}`;
    expect(password).toHaveLength(64);
    const { email } = await signUp(undefined, { password });
    const login = await new Visitor().post(P.login, loginBody({ email, password }));
    expect(login.status, login.text).toBe(200);
  });

  it('needs the emailed code: missing 20013, wrong 20013, and it is single use', async () => {
    const v = new Visitor();
    const email = uniqueEmail('code');
    const code = await requestCode(v, email);
    const token = await newToken(v);
    const headers = { [SIGNUP_TOKEN_HEADER]: token };
    const noCode: Record<string, unknown> = signupBody(email, code);
    delete noCode['code'];
    delete noCode['codeType'];
    expect((await v.post(P.signup, noCode, { headers })).code).toBe('20013');
    expect((await v.post(P.signup, signupBody(email, wrongCode(code)), { headers })).code).toBe('20013');
    // The failed tries did not use the token up.
    expect((await v.post(P.signup, signupBody(email, code), { headers })).status).toBe(200);
    expect((await v.post(P.emailVerifyCode, { email, code })).code).toBe('20013');
  });

  it('a minor cannot sign up on the web (20022): the parental flow applies', async () => {
    const v = new Visitor();
    const email = uniqueEmail('minor');
    const code = await requestCode(v, email);
    const r = await v.post(P.signup, signupBody(email, code, { countryCode: 'DE', birthday: birthdayFor(15) }), {
      headers: { [SIGNUP_TOKEN_HEADER]: await newToken(v) },
    });
    expect(r.status).toBe(403);
    expect(r.code).toBe('20022');
  });

  it('a stranger learns nothing at the last step either: without the emailed code a taken address is 20013', async () => {
    const { email } = await signUp();
    const v = new Visitor();
    const r = await v.post(P.signup, signupBody(email, '123456'), {
      headers: { [SIGNUP_TOKEN_HEADER]: await newToken(v) },
    });
    expect(r.code).toBe('20013');
  });

  it('an address taken after its code was sent is 20050 (the code proved the caller owns it)', async () => {
    const v = new Visitor();
    const email = uniqueEmail('late');
    const code = await requestCode(v, email);
    await createAccount(new Browser(), email);
    const r = await v.post(P.signup, signupBody(email, code), {
      headers: { [SIGNUP_TOKEN_HEADER]: await newToken(v) },
    });
    expect(r.code).toBe('20050');
  });

  it('refuses bad input (20022) and a user number to link', async () => {
    const v = new Visitor();
    const email = uniqueEmail('bad');
    const code = await requestCode(v, email);
    const headers = { [SIGNUP_TOKEN_HEADER]: await newToken(v) };
    for (const extra of [
      { countryCode: 'ZZ' },
      { birthday: '2999-01-01' },
      { newsletter: 'yes' },
      { language: 'en' },
      { unknownField: true },
      { hashedGlobalUserNo: 'abc' },
    ]) {
      const r = await v.post(P.signup, signupBody(email, code, extra), { headers });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.code).toBe('20022');
    }
    // Nothing was created: the same address still signs up.
    expect((await v.post(P.signup, signupBody(email, code), { headers })).status).toBe(200);
  });

  it('the unified variants work the same', async () => {
    const v = new Visitor();
    const email = uniqueEmail('unified');
    const base = '/api/account/v1/no-auth/unified';
    expect((await v.post(`${base}/signup/email/request-code`, { email, language: 'en_US' })).status).toBe(200);
    const { code } = await lastMail(email);
    const init = await v.post(`${base}/signup/init`, { membershipNo: 1 });
    const token = (init.json as { signUpSessionToken: string }).signUpSessionToken;
    const r = await v.post(`${base}/signup`, signupBody(email, code ?? ''), {
      headers: { [SIGNUP_TOKEN_HEADER]: token },
    });
    expect(r.status, r.text).toBe(200);
  });

  it('the age rule reads the API clock', async () => {
    // 12 years and a half today; 13 a year from now by the API clock.
    const birthday = new Date(Date.now() - 12.5 * YEAR_MS).toISOString().slice(0, 10);
    expect((await new Visitor().post(P.verifyAge, ageBody('US', birthday))).json).toEqual({ isMinor: true });
    await setClock(YEAR_MS);
    expect((await new Visitor().post(P.verifyAge, ageBody('US', birthday))).json).toEqual({ isMinor: false });
  });
});
