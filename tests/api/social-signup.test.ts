/**
 * Sign-up through a provider (docs/social.md "create-tpa"): the age check first, a social-only account
 * from a provider-verified email, an account with a password from a typed email verified by code, and an
 * email that turns out to be an existing account's (social link case 3).
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from './client';
import { clock, deviceId, lastMail, loginBody, P, player, Visitor } from './signin-helpers';
import { callbackFor, newIdentity, T, type TestIdentity } from './social-helpers';
import { ACCOUNT } from './signin-helpers';

const S = {
  profile: `${ACCOUNT}/no-auth/tpa/signup/profile`,
  signup: `${ACCOUNT}/no-auth/tpa/signup`,
  requestCode: `${ACCOUNT}/no-auth/tpa/signup/email/request-code`,
  verifyCode: `${ACCOUNT}/no-auth/tpa/signup/email/verify-code`,
  withEmail: `${ACCOUNT}/no-auth/signup-tpa-with-email`,
};

const profile = (extra: Record<string, unknown> = {}) => ({
  countryCode: 'US',
  birthday: '1994-03-12',
  newsletter: false,
  language: 'en_US',
  termsAccepted: true,
  deviceId: 'device-tpa',
  captchaToken: 'dev-captcha-pass',
  captchaVersion: 'v3',
  ...extra,
});

async function session(b: Visitor, provider: string, id: TestIdentity) {
  const { code, state } = await callbackFor(b, provider, id);
  const r = await b.post(T.session, { tpaType: provider, code, state });
  expect(r.status, r.text).toBe(200);
  return r.json as { next: string };
}

describe('sign-up with a provider email', () => {
  it('needs the age check first, then creates a social-only account, linked and signed in', async () => {
    const b = new Visitor();
    const id = newIdentity();
    expect((await session(b, 'google', id)).next).toBe('signup');
    expect((await b.post(S.signup, { deviceId: deviceId(), ...clock() })).code).toBe('20022');
    expect((await b.post(S.profile, profile())).json).toEqual({ isMinor: false });
    const r = await b.post(S.signup, { deviceId: deviceId(), ...clock() });
    expect(r.status, r.text).toBe(200);
    const account = (await b.get(P.account)).json as Record<string, unknown>;
    expect(account).toMatchObject({
      email: id.email,
      isVerified: true,
      hasSetPassword: false,
      countryCode: 'US',
      tpaAccountList: [{ type: 'google', email: id.email }],
    });
    // The identity now signs straight in.
    const again = new Visitor();
    expect((await session(again, 'google', id)).next).toBe('login');
    expect((await again.post(T.login, { deviceId: deviceId(), ...clock() })).status).toBe(200);
  });

  it('a minor is told so and cannot continue here; a bad birthday or unticked terms changes nothing', async () => {
    const b = new Visitor();
    await session(b, 'google', newIdentity());
    const year = new Date().getUTCFullYear() - 10;
    expect((await b.post(S.profile, profile({ birthday: `${String(year)}-01-01` }))).json).toEqual({ isMinor: true });
    expect((await b.post(S.profile, profile({ birthday: '2999-01-01' }))).code).toBe('20022');
    expect((await b.post(S.profile, profile({ termsAccepted: false }))).code).toBe('20022');
    expect((await b.post(S.signup, { deviceId: deviceId(), ...clock() })).code).toBe('20022');
  });

  it('two sign-ups with the same third-party session: one account', async () => {
    const b = new Visitor();
    await session(b, 'google', newIdentity());
    await b.post(S.profile, profile());
    const [x, y] = await Promise.all([
      b.post(S.signup, { deviceId: deviceId(), ...clock() }),
      b.post(S.signup, { deviceId: deviceId(), ...clock() }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 401]);
  });
});

describe('sign-up without a provider email', () => {
  it('verifies a typed email by code, then signs up with a password', async () => {
    const b = new Visitor();
    expect((await session(b, 'discord', newIdentity(false))).next).toBe('needsEmail');
    await b.post(S.profile, profile());
    const email = uniqueEmail('tpa');
    expect((await b.post(S.requestCode, { email, language: 'en_US' })).status).toBe(200);
    const code = (await lastMail(email)).code ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await b.post(S.verifyCode, { email, code: wrong })).code).toBe('20013');
    expect((await b.post(S.verifyCode, { email, code })).json).toEqual({ next: 'signup' });
    expect((await b.get(T.email)).json).toEqual({ email });
    // Only the verified address.
    const other = await b.post(S.withEmail, { id: uniqueEmail('other'), password: PASSWORD, blackbox: 'bb' });
    expect(other.code).toBe('20013');
    const r = await b.post(S.withEmail, { id: email, password: PASSWORD, blackbox: 'bb' });
    expect(r.status, r.text).toBe(200);
    // The password works on its own.
    const pw = new Visitor();
    expect((await pw.post(P.login, loginBody({ email, password: PASSWORD }))).status).toBe(200);
  });

  it('a typed email that is an existing account’s leads to social link case 3', async () => {
    const p = await player({ emailVerified: true });
    const b = new Visitor();
    await session(b, 'discord', newIdentity(false));
    await b.post(S.profile, profile());
    await b.post(S.requestCode, { email: p.email, language: 'en_US' });
    const code = (await lastMail(p.email)).code ?? '';
    expect((await b.post(S.verifyCode, { email: p.email, code })).json).toEqual({
      next: 'socialLink',
      socialLinkCase: 3,
    });
    expect((await b.get(T.socialLink)).json).toMatchObject({ case: 3, email: p.email });
    const r = await b.post(T.linkPassword, { password: PASSWORD, deviceId: deviceId(), ...clock() });
    expect(r.status, r.text).toBe(200);
    expect(((await b.get(T.accounts)).json as { tpaAccountList: { type: string }[] }).tpaAccountList).toEqual([
      { type: 'discord', email: null },
    ]);
  });
});
