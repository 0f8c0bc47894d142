/**
 * Two-factor against workerd: auth-type look-ups (no leaks), authenticator
 * enrolment, RFC 6238 window and one use per step, the lock after wrong codes,
 * settings verification, the primary method, and the notices.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, setClock } from './client';
import {
  ACCOUNT,
  alignToStep,
  apiNow,
  del,
  devPendingSession,
  enableSms,
  enableTotp,
  get,
  IpBrowser,
  mailbox,
  newPlayer,
  pendingSignIn,
  post,
  put,
  startSession,
  STEP_MS,
  totpCode,
  verifyBody,
  VERIFY_FIRST,
} from './two-factor-helpers';

afterEach(() => setClock(0));

const VERIFY = '/no-auth/trusted-device/verify';
const authTypes = (email: string) => `/no-auth/mfa/auth-types?email=${encodeURIComponent(email)}`;

describe('auth types (GET /no-auth/[unified/|global/]mfa/auth-types)', () => {
  it('answers the holder of the pending sign-in: methods primary first, phone masked', async () => {
    const p = await newPlayer('types');
    await enableTotp(p, true);
    const phone = await enableSms(p);
    const pending = await pendingSignIn(p);
    for (const path of [
      authTypes(p.email),
      authTypes(p.email.toUpperCase()),
      `/no-auth/unified/mfa/auth-types?email=${encodeURIComponent(p.email)}`,
      `/no-auth/global/mfa/auth-types?email=${encodeURIComponent(p.email)}`,
    ]) {
      const r = await get(pending, path);
      expect(r.status, path).toBe(200);
      expect(r.json).toEqual({
        authTypes: ['TOTP', 'SMS'],
        primaryAuthType: 'TOTP',
        phoneNo: `+1******${phone.slice(-4)}`,
        passkey: false,
      });
    }
    const tpa = await get(pending, '/no-auth/mfa/tpa/auth-types');
    expect(tpa.json).toMatchObject({ authTypes: ['TOTP', 'SMS'], email: p.email });
  });

  it('tells nobody else anything: no session, another account, an unknown email all get the same 20001', async () => {
    const p = await newPlayer('leak');
    await enableTotp(p);
    const other = await newPlayer('leak-other');
    const otherPending = await devPendingSession(other);
    const answers = [
      await get(new Browser(), authTypes(p.email)),
      await get(new Browser(), authTypes('nobody-at-all@example.test')),
      await get(otherPending, authTypes(p.email)),
      await get(otherPending, authTypes('nobody-at-all@example.test')),
      await get(new Browser(), '/no-auth/mfa/tpa/auth-types'),
    ];
    for (const r of answers) {
      expect(r.status).toBe(401);
      expect(r.code).toBe('20001');
      expect(r.json).toEqual({ code: '20001', message: 'No sign-in in progress for this account' });
    }
  });

  it('lists nothing for an account without a second factor', async () => {
    const p = await newPlayer('none');
    const r = await get(p.b, authTypes(p.email));
    expect(r.json).toEqual({ authTypes: [], primaryAuthType: null, phoneNo: null, passkey: false });
  });
});

describe('authenticator enrolment', () => {
  it('returns the base32 secret and the otpauth URI, and enables only with a right code', async () => {
    const p = await newPlayer('enrol');
    const start = await post(p.b, '/mfa/totp');
    expect(start.status).toBe(200);
    const { secret, otpauthUri } = start.json as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Lumenforge');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(uri.pathname)).toContain(p.email);

    // Still pending: the sign-in does not ask for it yet.
    expect((await get(p.b, authTypes(p.email))).json).toMatchObject({ authTypes: [] });
    const now = await apiNow();
    const wrong = await put(p.b, '/mfa/totp/confirm', { code: totpCode(secret, now + 5 * STEP_MS), primary: true });
    expect(wrong.status).toBe(400);
    expect(wrong.code).toBe('20013');
    const right = await put(p.b, '/mfa/totp/confirm', { code: totpCode(secret, now), primary: true });
    expect(right.status).toBe(200);
    expect((await get(p.b, authTypes(p.email))).json).toMatchObject({ authTypes: ['TOTP'], primaryAuthType: 'TOTP' });

    const again = await post(p.b, '/mfa/totp');
    expect(again.status).toBe(409);
    expect(again.code).toBe('20022');
    const notices = await mailbox(p.email);
    expect(notices[0]?.subject).toBe('Security change on your Lumenforge Account');
    expect(notices[0]?.text).toContain('Authenticator app verification was turned on.');
  });

  it('a new enrolment replaces an unconfirmed secret', async () => {
    const p = await newPlayer('re-enrol');
    const first = (await post(p.b, '/mfa/totp')).json as { secret: string };
    const second = (await post(p.b, '/mfa/totp')).json as { secret: string };
    expect(second.secret).not.toBe(first.secret);
    const now = await apiNow();
    expect((await put(p.b, '/mfa/totp/confirm', { code: totpCode(first.secret, now), primary: true })).code).toBe(
      '20013',
    );
    expect((await put(p.b, '/mfa/totp/confirm', { code: totpCode(second.secret, now), primary: true })).status).toBe(
      200,
    );
  });

  it('is refused without a signed-in session', async () => {
    expect((await post(new Browser(), '/mfa/totp')).code).toBe('20001');
    const p = await newPlayer('pending-enrol');
    await enableTotp(p);
    const pending = await pendingSignIn(p);
    expect((await post(pending, '/mfa/totp')).code).toBe('20001');
  });
});

describe('authenticator codes at sign-in (RFC 6238, ±1 step, once)', () => {
  it('accepts the current, previous and next step once, and refuses a used step and every earlier one', async () => {
    const p = await newPlayer('window');
    const secret = await enableTotp(p);
    // Enrolment used the step of "now"; start in a fresh step well inside it.
    const t = await alignToStep(1_000, 2 * STEP_MS);

    const b1 = await pendingSignIn(p);
    const farPast = await put(b1, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, t - 2 * STEP_MS)));
    expect(farPast.code).toBe('20013');
    const farFuture = await put(b1, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, t + 2 * STEP_MS)));
    expect(farFuture.code).toBe('20013');

    // The previous step (T-1) is inside the window.
    expect((await put(b1, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, t - STEP_MS)))).status).toBe(200);

    const b2 = await pendingSignIn(p);
    // The same code again: a replay.
    const replay = await put(b2, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, t - STEP_MS)));
    expect(replay.status).toBe(400);
    expect(replay.code).toBe('20068');
    // The next step (T+1) is inside the window and later than the used one.
    expect((await put(b2, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, t + STEP_MS)))).status).toBe(200);

    // After T+1 is used, T (current, but earlier) is refused.
    const b3 = await pendingSignIn(p);
    const earlier = await put(b3, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, t)));
    expect(earlier.code).toBe('20068');

    // Two steps later, the then-current code works.
    await alignToStep(1_000, 2 * STEP_MS);
    const later = await apiNow();
    expect((await put(b3, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, later)))).status).toBe(200);
  });

  it('upgrades the pending session to a full one under a new token', async () => {
    const p = await newPlayer('upgrade');
    const secret = await enableTotp(p);
    await alignToStep(1_000, STEP_MS);
    const pending = await pendingSignIn(p);
    const before = pending.session;
    expect((await pending.get('/api/dev/session')).status).toBe(401);
    const r = await put(pending, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, await apiNow())));
    expect(r.status, r.text).toBe(200);
    expect(pending.session).not.toBe(before);
    expect((await pending.get('/api/dev/session')).json).toMatchObject({ accountId: p.accountId, level: 'full' });
  });

  it('answers only the holder of that pending sign-in', async () => {
    const p = await newPlayer('holder');
    const secret = await enableTotp(p);
    const code = totpCode(secret, await apiNow());
    const nobody = await put(new IpBrowser(), VERIFY, verifyBody(p, 'TOTP', code));
    expect(nobody.code).toBe('20001');
    // A full session is not a pending sign-in.
    expect((await put(p.b, VERIFY, verifyBody(p, 'TOTP', code))).code).toBe('20001');
    const other = await newPlayer('holder-other');
    const otherPending = await devPendingSession(other);
    expect((await put(otherPending, VERIFY, verifyBody(p, 'TOTP', code))).code).toBe('20001');
  });

  it('refuses a method the account does not have, and codes of the wrong length, without counting them', async () => {
    const p = await newPlayer('method');
    await enableTotp(p);
    const pending = await pendingSignIn(p);
    expect((await put(pending, VERIFY, verifyBody(p, 'SMS', '123456'))).code).toBe('20022');
    expect((await put(pending, VERIFY, verifyBody(p, 'EMAIL', '123456'))).code).toBe('20022');
    expect((await put(pending, VERIFY, verifyBody(p, 'TOTP', '12345678'))).code).toBe('20022');
    expect((await put(pending, VERIFY, verifyBody(p, 'TOTP', '12345'))).code).toBe('20022');
  });
});

describe('lock after wrong codes (20187, Retry-After)', () => {
  it('locks code entry after 5 wrong codes; even the right code is refused until the lock ends', async () => {
    const p = await newPlayer('lock');
    const secret = await enableTotp(p);
    await alignToStep(1_000, STEP_MS);
    const pending = await pendingSignIn(p);
    const t = await apiNow();
    const wrongCode = totpCode(secret, t + 10 * STEP_MS);
    for (let i = 0; i < 4; i++)
      expect((await put(pending, VERIFY, verifyBody(p, 'TOTP', wrongCode))).code).toBe('20013');
    const fifth = await put(pending, VERIFY, verifyBody(p, 'TOTP', wrongCode));
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20187');
    expect(fifth.headers.get('retry-after')).toBe('300');
    const right = await put(pending, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, t)));
    expect(right.status).toBe(429);
    expect(right.code).toBe('20187');

    await setClock(0);
    await alignToStep(1_000, 6 * MINUTE);
    const again = await pendingSignIn(p);
    expect((await put(again, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, await apiNow())))).status).toBe(200);
  });

  it('a correct password does not buy more guesses at the code', async () => {
    const p = await newPlayer('password-reset');
    const secret = await enableTotp(p);
    const pending = await pendingSignIn(p);
    const wrongCode = totpCode(secret, (await apiNow()) + 10 * STEP_MS);
    for (let i = 0; i < 4; i++) await put(pending, VERIFY, verifyBody(p, 'TOTP', wrongCode));
    // The password step clears the sign-in counter (as every successful password does)…
    const password = await pending.post('/api/dev/verify-password', { email: p.email, password: 'Correct-Horse-9' });
    expect(password.status, password.text).toBe(200);
    // …but not the second-factor counter: the fifth wrong code still locks.
    const fifth = await put(pending, VERIFY, verifyBody(p, 'TOTP', wrongCode));
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20187');
  });

  it('wrong codes lock code entry, not the password step (the owner still reaches the second step)', async () => {
    const p = await newPlayer('code-lock');
    const secret = await enableTotp(p);
    const pending = await pendingSignIn(p);
    const wrongCode = totpCode(secret, (await apiNow()) + 10 * STEP_MS);
    for (let i = 0; i < 5; i++) await put(pending, VERIFY, verifyBody(p, 'TOTP', wrongCode));
    expect((await put(pending, VERIFY, verifyBody(p, 'TOTP', totpCode(secret, await apiNow())))).code).toBe('20187');
    const b = new IpBrowser();
    expect((await b.post('/api/dev/verify-password', { email: p.email, password: 'Correct-Horse-9' })).status).toBe(
      200,
    );
  });
});

describe('settings verification (spec §4)', () => {
  it('bypasses right after sign-in, then asks for an emailed code, which verifies the session for 10 minutes', async () => {
    const p = await newPlayer('settings');
    await enableTotp(p);
    const fresh = await post(p.b, '/email/request-code/mfa', { language: 'en_US' });
    expect(fresh.json).toEqual({ isBypassed: true });

    await alignToStep(1_000, 11 * MINUTE);
    // Sessions are idle-limited to 60 minutes, so this one is still alive but no longer fresh.
    const disable = await del(p.b, '/mfa/totp');
    expect(disable.status).toBe(403);
    expect(disable.json).toEqual(VERIFY_FIRST);
    const sent = await post(p.b, '/email/request-code/mfa', { language: 'en_US' });
    expect(sent.json).toEqual({ isBypassed: false });
    const [message] = await mailbox(p.email);
    expect(message?.subject).toBe('Your Lumenforge Account verification code');
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain('30 minutes');

    const wrong = await put(p.b, '/mfa/settings/verify', {
      authType: 'EMAIL',
      code: message?.code === '000000' ? '111111' : '000000',
      purpose: 'mfa',
    });
    expect(wrong.code).toBe('20013');
    const ok = await put(p.b, '/mfa/settings/verify', { authType: 'EMAIL', code: message?.code, purpose: 'mfa' });
    expect(ok.status, ok.text).toBe(200);
    // Single use.
    expect(
      (await put(p.b, '/mfa/settings/verify', { authType: 'EMAIL', code: message?.code, purpose: 'mfa' })).code,
    ).toBe('20068');
    expect((await post(p.b, '/email/request-code/mfa', { language: 'en_US' })).json).toEqual({ isBypassed: true });
    expect((await del(p.b, '/mfa/totp')).status).toBe(200);
    expect((await get(p.b, authTypes(p.email))).json).toMatchObject({ authTypes: [] });
    expect((await mailbox(p.email))[0]?.text).toContain('Authenticator app verification was turned off.');
  });

  it('verifies with the authenticator too, and refuses unknown purposes', async () => {
    const p = await newPlayer('settings-totp');
    const secret = await enableTotp(p);
    await alignToStep(1_000, 11 * MINUTE);
    expect((await post(p.b, '/email/request-code/mfa', { language: 'en_US' })).json).toEqual({ isBypassed: false });
    const r = await put(p.b, '/mfa/settings/verify', {
      authType: 'TOTP',
      code: totpCode(secret, await apiNow()),
      purpose: 'mfa',
    });
    expect(r.status, r.text).toBe(200);
    expect((await post(p.b, '/email/request-code/mfa', { language: 'en_US' })).json).toEqual({ isBypassed: true });
    expect((await post(p.b, '/email/request-code/not-a-purpose', { language: 'en_US' })).code).toBe('20022');
  });

  it('an emailed code expires after 30 minutes', async () => {
    const p = await newPlayer('settings-expiry');
    await setClock(11 * MINUTE);
    await post(p.b, '/email/request-code/mfa', { language: 'en_US' });
    const code = (await mailbox(p.email))[0]?.code;
    await setClock(41 * MINUTE + 1000);
    // The session itself (60 minutes idle) is still alive after 30 minutes without requests.
    expect((await put(p.b, '/mfa/settings/verify', { authType: 'EMAIL', code, purpose: 'mfa' })).code).toBe('20068');
  });

  it('sends the code email in the language asked for', async () => {
    const p = await newPlayer('settings-lang');
    await setClock(11 * MINUTE);
    await post(p.b, '/email/request-code/change-email', { language: 'de_DE' });
    expect((await mailbox(p.email))[0]?.subject).toBe('Dein Bestätigungscode für das Lumenforge-Konto');
  });
});

describe('primary method', () => {
  it('follows the rules: set, handed over when the primary is disabled, never EMAIL', async () => {
    const p = await newPlayer('primary');
    await enableTotp(p, true);
    await enableSms(p, undefined, false);
    const pending = await pendingSignIn(p);
    expect((await get(pending, authTypes(p.email))).json).toMatchObject({ primaryAuthType: 'TOTP' });

    expect((await put(p.b, '/mfa/primary', { authType: 'SMS' })).status).toBe(200);
    expect((await get(pending, authTypes(p.email))).json).toMatchObject({
      authTypes: ['SMS', 'TOTP'],
      primaryAuthType: 'SMS',
    });
    expect((await mailbox(p.email))[0]?.text).toContain('Your default verification method is now SMS.');
    expect((await put(p.b, '/mfa/primary', { authType: 'EMAIL' })).code).toBe('20022');

    expect((await del(p.b, '/mfa/sms')).status).toBe(200);
    expect((await get(pending, authTypes(p.email))).json).toMatchObject({
      authTypes: ['TOTP'],
      primaryAuthType: 'TOTP',
    });
    expect((await put(p.b, '/mfa/primary', { authType: 'SMS' })).code).toBe('20022');
  });

  it('enabling a second factor as secondary keeps the primary; as default takes it', async () => {
    const p = await newPlayer('secondary');
    await enableSms(p, undefined, true);
    await enableTotp(p, false);
    const pending = await pendingSignIn(p);
    expect((await get(pending, authTypes(p.email))).json).toMatchObject({ primaryAuthType: 'SMS' });
    expect((await del(p.b, '/mfa/totp')).status).toBe(200);
    await enableTotp(p, true);
    expect((await get(pending, authTypes(p.email))).json).toMatchObject({ primaryAuthType: 'TOTP' });
  });

  it('skipping the 2FA promo is remembered on the account', async () => {
    const p = await newPlayer('promo');
    expect((await put(p.b, '/mfa/promo/skip')).status).toBe(200);
    expect((await put(new Browser(), '/mfa/promo/skip')).code).toBe('20001');
  });
});

describe('other factor changes need a verified session', () => {
  it('refuses enable and primary changes 10 minutes after sign-in, accepts them after verification', async () => {
    const p = await newPlayer('stale');
    await setClock(11 * MINUTE);
    const stale = await post(p.b, '/mfa/totp');
    expect(stale.status).toBe(403);
    expect(stale.json).toEqual(VERIFY_FIRST);
    const b = new IpBrowser();
    await startSession(b, p.accountId);
    expect((await b.post(`${ACCOUNT}/mfa/totp`, {})).status).toBe(200);
  });

  it('refuses factor changes while the email is unverified as invalid access (20038), even on a fresh session', async () => {
    const p = await newPlayer('unverified');
    const state = await p.b.post('/api/dev/account/state', { accountId: p.accountId, emailVerified: false });
    expect(state.status, state.text).toBe(200);
    const start = await post(p.b, '/mfa/totp');
    expect([start.status, start.code]).toEqual([403, '20038']);
    expect((await put(p.b, '/mfa/primary', { authType: 'TOTP' })).code).toBe('20038');
  });
});
