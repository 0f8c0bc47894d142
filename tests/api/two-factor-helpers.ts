/**
 * Helpers of the two-factor API tests: accounts with factors, sessions at
 * either level (through the DEV_TOOLS session hook, which runs the same
 * session code as sign-in), codes from the dev SMS outbox and mailbox, and
 * authenticator codes computed independently with otpauth at the API's time.
 */
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { Browser, createAccount, PASSWORD, setClock, uniqueEmail, type Reply, type RequestOptions } from './client';
import { freshIp } from './signin-helpers';

export const ACCOUNT = '/api/account/v1';
export const STEP_MS = 30_000;

/**
 * A browser with its own client IP (CF-Connecting-IP, which local workerd
 * passes through; `freshIp`, shared by the API tests), so the per-IP failure
 * limit of one test never reaches another: every file shares one database.
 */
export class IpBrowser extends Browser {
  readonly ip = freshIp();
  override request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    return super.request(method, path, { ...options, headers: { 'CF-Connecting-IP': this.ip, ...options.headers } });
  }
}

/** "Verify first" (spec §8): a change that needs a recently verified session answers 20008 with N=9. */
export const VERIFY_FIRST = { code: '20008', message: 'missing verification code: 9' };

export interface Player {
  b: Browser;
  accountId: number;
  email: string;
}

export function put(b: Browser, path: string, body: unknown = {}): Promise<Reply> {
  return b.request('PUT', `${ACCOUNT}${path}`, { body });
}
export function post(b: Browser, path: string, body: unknown = {}): Promise<Reply> {
  return b.post(`${ACCOUNT}${path}`, body);
}
export function get(b: Browser, path: string): Promise<Reply> {
  return b.get(`${ACCOUNT}${path}`);
}
export function del(b: Browser, path: string): Promise<Reply> {
  return b.request('DELETE', `${ACCOUNT}${path}`);
}

export async function startSession(b: Browser, accountId: number, level: 'full' | 'mfa_pending' = 'full') {
  const r = await b.post('/api/dev/session', { accountId, level });
  expect(r.status, r.text).toBe(200);
}

/**
 * A verified account as sign-up leaves one (country, birth, current terms:
 * nothing left before the second step of a sign-in), with a fresh full
 * session (fresh = may change two-factor settings for 10 minutes).
 */
export async function newPlayer(tag = 'mfa'): Promise<Player> {
  const b = new IpBrowser();
  const email = uniqueEmail(tag);
  const accountId = await createAccount(b, email);
  const state = await b.post('/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1990, month: 5 },
    termsAccepted: true,
  });
  expect(state.status, state.text).toBe(200);
  await startSession(b, accountId);
  return { b, accountId, email };
}

/** The API's current time (real time plus the dev clock offset). */
export async function apiNow(): Promise<number> {
  const r = await new Browser().get('/api/dev/clock');
  return Date.parse((r.json as { now: string }).now);
}

/**
 * Moves the API clock so that its time is `intoStepMs` after the start of a
 * TOTP step (plus `extraMs`): the test then has most of a step before the
 * current step changes, so "this step" and "the next step" are stable.
 */
export async function alignToStep(intoStepMs = 1_000, extraMs = 0): Promise<number> {
  const current = await new Browser().get('/api/dev/clock');
  const { offsetMs } = current.json as { offsetMs: number };
  const target = Date.now() + offsetMs + extraMs;
  const aligned = target - (target % STEP_MS) + STEP_MS + intoStepMs;
  await setClock(offsetMs + (aligned - Date.now()));
  return aligned;
}

export function totpCode(secret: string, at: number): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at,
  });
}

/** Turns the authenticator on for a player with a fresh session; returns the base32 secret. */
export async function enableTotp(p: Player, primary = true): Promise<string> {
  const start = await post(p.b, '/mfa/totp');
  expect(start.status, start.text).toBe(200);
  const { secret } = start.json as { secret: string };
  const confirm = await put(p.b, '/mfa/totp/confirm', { code: totpCode(secret, await apiNow()), primary });
  expect(confirm.status, confirm.text).toBe(200);
  return secret;
}

let phoneCounter = 0;
/** A valid US number nobody else in this run uses (201 area code, exchange 200–999). */
export function uniquePhone(): string {
  phoneCounter += 1;
  const exchange = 200 + ((Date.now() + phoneCounter * 7919) % 800);
  const line = (Math.floor(Math.random() * 10_000) + phoneCounter) % 10_000;
  return `+1201${String(exchange)}${String(line).padStart(4, '0')}`;
}

export async function lastSmsCode(phone: string): Promise<string> {
  const r = await new Browser().get(`/api/dev/sms?to=${encodeURIComponent(phone)}`);
  const [latest] = r.json as { code?: string }[];
  if (latest?.code === undefined) throw new Error(`no SMS for ${phone}`);
  return latest.code;
}

export async function mailbox(email: string): Promise<{ subject: string; text: string; code?: string }[]> {
  const r = await new Browser().get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return r.json as { subject: string; text: string; code?: string }[];
}

export const SMS_BODY = { language: 'en_US', deviceId: 'device-test-1' };

/** Turns SMS verification on for a player with a fresh session. */
export async function enableSms(p: Player, phone = uniquePhone(), primary = false): Promise<string> {
  const sent = await post(p.b, '/no-auth/sms/request-code', { ...SMS_BODY, phoneNo: phone });
  expect(sent.status, sent.text).toBe(200);
  const r = await put(p.b, '/mfa/sms', { phoneNo: phone, verificationCode: await lastSmsCode(phone), primary });
  expect(r.status, r.text).toBe(200);
  return phone;
}

export const DEVICE = 'device-test-1';

/**
 * The same player in another browser, half signed in through the real web
 * login: the password step answers 20008 "missing verification code: 9" and
 * leaves a pending session bound to `deviceId`.
 */
export async function pendingSignIn(p: Player, deviceId = DEVICE): Promise<IpBrowser> {
  const b = new IpBrowser();
  const r = await b.post(`${ACCOUNT}/no-auth/web/email/login`, {
    id: p.email,
    password: PASSWORD,
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    deviceId,
    autoLogin: false,
    localTime: '2026-01-01T10:00:00.000+01:00',
    timeOffset: 60,
  });
  expect(r.code, r.text).toBe('20008');
  expect((r.json as { message: string }).message).toBe('missing verification code: 9');
  return b;
}

/** A pending session from the DEV_TOOLS hook (no device), for accounts the real login would let straight in. */
export async function devPendingSession(p: Player): Promise<IpBrowser> {
  const b = new IpBrowser();
  await startSession(b, p.accountId, 'mfa_pending');
  return b;
}

export function verifyBody(
  p: Player,
  authType: string,
  verificationCode: string,
  rememberMe = false,
  deviceId = DEVICE,
) {
  return { email: p.email, deviceId, verificationCode, authType, rememberMe };
}

export { PASSWORD };
