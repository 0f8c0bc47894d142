/**
 * The global-account client's sign-in, POST /no-auth/global/login (spec §7 "A global-account client also
 * handles login"): the web password step (server/signin/password-sign-in.ts) on the contract's body
 * {id, password, captchaToken, captchaVersion, deviceId}. Success, every refusal, and that a refusal signs
 * nobody in.
 */
import { describe, expect, it } from 'vitest';
import { Browser, PASSWORD } from './client';
import { legacyState } from './legacy-helpers';
import { player, Visitor } from './signin-helpers';
import { enableTotp, newPlayer } from './two-factor-helpers';

const A = '/api/account/v1';
const GLOBAL_LOGIN = `${A}/no-auth/global/login`;
const STATUS = `${A}/no-auth/login/status`;

function body(p: { email: string; password: string }, extra: Record<string, unknown> = {}) {
  return {
    id: p.email,
    password: p.password,
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    deviceId: 'global-device-1',
    ...extra,
  };
}

async function isLoggedIn(b: Browser): Promise<boolean> {
  const r = await b.get(STATUS);
  expect(r.status, r.text).toBe(200);
  return (r.json as { isLoggedIn: boolean }).isLoggedIn;
}

/** The account's audit events (dev tools). */
async function events(accountId: number): Promise<string[]> {
  return (await legacyState(accountId)).events;
}

describe('global login', () => {
  it('signs in with the login response and audits the sign-in', async () => {
    const p = await player({}, 'global-login');
    const v = new Visitor();
    const r = await v.post(GLOBAL_LOGIN, body(p));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ countryCode: 'US', autoLogin: false });
    expect(await isLoggedIn(v)).toBe(true);
    expect(await events(p.accountId)).toContain('signin.succeeded');
  });

  it('signs in with the login id in any case and surrounding spaces, as the web login does', async () => {
    const p = await player({}, 'global-login');
    const r = await new Visitor().post(GLOBAL_LOGIN, body(p, { id: `  ${p.email.toUpperCase()} ` }));
    expect(r.status, r.text).toBe(200);
  });

  it('answers a wrong password and an unknown account alike (20002) and signs nobody in', async () => {
    const p = await player({}, 'global-login');
    const v = new Visitor();
    const wrong = await v.post(GLOBAL_LOGIN, body(p, { password: 'Wrong-pass-1' }));
    const unknown = await v.post(GLOBAL_LOGIN, body({ email: 'nobody-global@example.test', password: p.password }));
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.code).toBe('20002');
    expect(await isLoggedIn(v)).toBe(false);
  });

  it('refuses a failed captcha, bad input and fields outside the contract', async () => {
    const p = await player({}, 'global-login');
    const v = new Visitor();
    expect((await v.post(GLOBAL_LOGIN, body(p, { captchaToken: 'wrong-token' }))).code).toBe('captcha');
    expect((await v.post(GLOBAL_LOGIN, body(p, { deviceId: 'no spaces allowed' }))).code).toBe('20022');
    expect((await v.post(GLOBAL_LOGIN, body(p, { autoLogin: true }))).code).toBe('20022');
    const noPassword: Record<string, unknown> = body(p);
    delete noPassword['password'];
    expect((await v.post(GLOBAL_LOGIN, noPassword)).code).toBe('20022');
    expect(await isLoggedIn(v)).toBe(false);
  });

  it('a blocked account answers 20100 with its reason', async () => {
    const p = await player({ banReason: '7002' }, 'global-login');
    const v = new Visitor();
    const r = await v.post(GLOBAL_LOGIN, body(p));
    expect(r.json).toEqual({ code: '20100', message: '7002' });
    expect(await isLoggedIn(v)).toBe(false);
  });

  it('pauses for the second factor like the web login (20008 N=9)', async () => {
    const p = await newPlayer('global-login');
    await enableTotp(p);
    const v = new Visitor();
    const r = await v.post(GLOBAL_LOGIN, body({ email: p.email, password: PASSWORD }));
    expect(r.json).toEqual({ code: '20008', message: 'missing verification code: 9' });
    expect(await isLoggedIn(v)).toBe(false);
  });
});
