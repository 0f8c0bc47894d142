/**
 * Helpers of the sign-in and sign-up API tests: paths, a ready-to-sign-in
 * player (dev account + the state sign-up would have given it), the web
 * login body, a fresh client IP per test (so per-IP limits never leak
 * between tests), and the dev mailbox.
 */
import { expect } from 'vitest';
import type { OutboxMessage } from '../../src/shared/contract/dev';
import { SIGNUP_TOKEN_HEADER } from '../../src/shared/contract/http';
import { Browser, createAccount, PASSWORD, uniqueEmail, type Reply, type RequestOptions } from './client';

export const ACCOUNT = '/api/account/v1';
export const P = {
  login: `${ACCOUNT}/no-auth/web/email/login`,
  unifiedLogin: `${ACCOUNT}/no-auth/unified/web/email/login`,
  validate: `${ACCOUNT}/no-auth/login/validate`,
  status: `${ACCOUNT}/no-auth/web/login/status`,
  complete: `${ACCOUNT}/no-auth/login/complete`,
  silent: `${ACCOUNT}/no-auth/login/silent`,
  healup: `${ACCOUNT}/no-auth/healup`,
  consent: `${ACCOUNT}/no-auth/terms/consent`,
  account: `${ACCOUNT}/account`,
  logout: `${ACCOUNT}/logout`,
  verifyAge: `${ACCOUNT}/no-auth/signup/verify/age`,
  signupInit: `${ACCOUNT}/no-auth/signup/init`,
  signup: `${ACCOUNT}/no-auth/signup`,
  emailValidate: `${ACCOUNT}/no-auth/signup/email/validate`,
  emailRequestCode: `${ACCOUNT}/no-auth/signup/email/request-code`,
  emailVerifyCode: `${ACCOUNT}/no-auth/signup/email/verify-code`,
  verifyLink: `${ACCOUNT}/no-auth/email/verify`,
  resendLink: `${ACCOUNT}/no-auth/email/verify/resend`,
  requestVerifyEmail: `${ACCOUNT}/id/request-verify-email`,
  devState: '/api/dev/account/state',
  devTrust: '/api/dev/trusted-device',
  devSecondFactor: '/api/dev/session/second-factor',
} as const;

/**
 * Where this test file's addresses start in the shared address space (100.64.0.0/10, 2^22 addresses), at random.
 * The files run one after another against one database whose per-IP counters outlive a file. A random /16 of the
 * 64 there, counted from its first address, gave two files the same addresses once in 64 pairs, and a per-IP
 * limit test then met another file's failures (20157 before its 30th failure, in a full run of session 29); two
 * files' runs of a few hundred addresses now overlap about once in several thousand pairs.
 */
const IP_SPACE = 1 << 22;
const IP_START = Math.floor(Math.random() * IP_SPACE);
let ipCounter = 0;
/** A client IP no other test uses. */
export function freshIp(): string {
  ipCounter += 1;
  const n = (IP_START + ipCounter) % IP_SPACE;
  return `100.${String(64 + (n >> 16))}.${String((n >> 8) & 255)}.${String(n & 255)}`;
}

const hextet = () => Math.floor(Math.random() * 0x10000).toString(16);

/**
 * An IPv6 /64 no other test uses, as its first four hextets: 2001:db8::/32 (documentation) and 32 random bits, so
 * two test files meet in the same /64 about once in four billion pairs.
 */
export function freshIpv6Network(): string {
  return `2001:db8:${hextet()}:${hextet()}`;
}

/** One more address of the /64 (`freshIpv6Network`): a random interface identifier, as a client's privacy address. */
export function addressIn(network: string): string {
  return `${network}:${hextet()}:${hextet()}:${hextet()}:${hextet()}`;
}

/** A browser whose every request comes from one fresh IP. */
export class Visitor extends Browser {
  readonly ip: string = freshIp();

  /** The IP of the next request. */
  protected nextIp(): string {
    return this.ip;
  }

  override request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    return super.request(method, path, {
      ...options,
      headers: { 'CF-Connecting-IP': this.nextIp(), ...options.headers },
    });
  }

  put(path: string, body: unknown = {}, options?: RequestOptions) {
    return this.request('PUT', path, { body, ...options });
  }
}

/**
 * A visitor on IPv6 that takes a new address of its /64 for every request: what an attacker who holds a prefix
 * does to look like many clients (per-IP limits count the /64: server/core/http/client-ip.ts).
 */
export class RotatingIpv6Visitor extends Visitor {
  readonly network = freshIpv6Network();
  readonly used: string[] = [];

  protected override nextIp(): string {
    const ip = addressIn(this.network);
    this.used.push(ip);
    return ip;
  }
}

let deviceCounter = 0;
export function deviceId(): string {
  deviceCounter += 1;
  return `test-device-${Date.now().toString(36)}-${String(deviceCounter)}`;
}

export interface Player {
  accountId: number;
  email: string;
  password: string;
}

export type AccountState = Record<string, unknown>;

export async function setState(b: Browser, accountId: number, state: AccountState): Promise<void> {
  const r = await b.post(P.devState, { accountId, ...state });
  expect(r.status, r.text).toBe(200);
}

/** A player as sign-up leaves one: country, birth, current terms accepted; `state` overrides. */
export async function player(state: AccountState = {}, tag = 'player'): Promise<Player> {
  const b = new Browser();
  const email = uniqueEmail(tag);
  const accountId = await createAccount(b, email);
  await setState(b, accountId, {
    countryCode: 'US',
    birth: { year: 1990, month: 5 },
    termsAccepted: true,
    ...state,
  });
  return { accountId, email, password: PASSWORD };
}

/** A six-digit code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export const clock = () => ({ localTime: '2026-11-21T10:00:00.000+01:00', timeOffset: 60 });

export function loginBody(p: { email: string; password: string }, extra: Record<string, unknown> = {}) {
  return {
    id: p.email,
    password: p.password,
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    deviceId: 'device-default',
    autoLogin: false,
    ...clock(),
    ...extra,
  };
}

export async function mailbox(to: string): Promise<OutboxMessage[]> {
  const r = await new Browser().get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(r.status).toBe(200);
  return r.json as OutboxMessage[];
}

/** The newest message to an address (fails the test when there is none). */
export async function lastMail(to: string): Promise<OutboxMessage> {
  const [newest] = await mailbox(to);
  if (!newest) throw new Error(`No mail to ${to}`);
  return newest;
}

/** The token of the newest verification link sent to an address. */
export async function lastLinkToken(to: string): Promise<string> {
  const { link } = await lastMail(to);
  const token = link === undefined ? null : new URL(link).searchParams.get('token');
  if (token === null) throw new Error(`No verification link to ${to}`);
  return token;
}

export const NEW_PASSWORD = 'Signup-Pass-42!';

export function signupBody(email: string, code: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    password: NEW_PASSWORD,
    newsletter: true,
    language: 'en_US',
    countryCode: 'US',
    birthday: '1995-04-12',
    code,
    codeType: 'EMAIL',
    deviceId: 'device-signup',
    ...extra,
  };
}

/** The web sign-up the create screen performs, through the real calls. Returns the signed-in visitor. */
export async function signUp(email = uniqueEmail('signup'), extra: Record<string, unknown> = {}) {
  const v = new Visitor();
  expect((await v.post(P.emailValidate, { email })).status).toBe(200);
  expect((await v.post(P.emailRequestCode, { email, language: 'en_US' })).status).toBe(200);
  const { code } = await lastMail(email);
  if (code === undefined) throw new Error('The sign-up email has no code');
  expect((await v.post(P.emailVerifyCode, { email, code })).status).toBe(200);
  const init = await v.post(P.signupInit, {});
  const token = (init.json as { signUpSessionToken: string }).signUpSessionToken;
  const r = await v.post(P.signup, signupBody(email, code, extra), {
    headers: { [SIGNUP_TOKEN_HEADER]: token },
  });
  expect(r.status, r.text).toBe(200);
  return { v, email, password: NEW_PASSWORD, reply: r };
}
