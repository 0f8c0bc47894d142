/**
 * Helpers of the parental-controls API tests (docs/parental.md): parents,
 * children and minors in the states the rules talk about, saved test cards,
 * and the dev hook that reads what the API recorded.
 */
import { expect } from 'vitest';
import { Browser, PASSWORD, type Reply } from './client';
import { IpBrowser, newPlayer, startSession, type Player } from './two-factor-helpers';

export const ACCOUNT = '/api/account/v1';
export const PAYMENT = '/api/payment/v1';

export const PARENTAL_VERIFY_FIRST = { code: '20008', message: 'missing verification code: 10' };

export interface ParentalState {
  isParent: boolean;
  status: number;
  parentalConsentAt: number | null;
  termsAcceptedAt: number | null;
  parentId: number | null;
  children: { child_id: number; accessible_product_ids: string }[];
  consents: { method: string; consent_location: string; provider_ref: string; refund_ref: string | null }[];
  charges: {
    id: string;
    status: string;
    charge_ref: string | null;
    refund_ref: string | null;
    refund_attempts: number;
    last4: string;
    amount_cents: number;
  }[];
  payments: { id: string; amount_cents: number; status: string; refund_attempts: number; refund_key: string | null }[];
  sessions: number;
  trustedDevices: number;
  audit: string[];
}

export async function state(accountId: number): Promise<ParentalState> {
  const r = await new Browser().get(`/api/dev/parental/state?account_id=${String(accountId)}`);
  expect(r.status, r.text).toBe(200);
  return r.json as ParentalState;
}

export async function setFamily(accountId: number, family: Record<string, unknown>): Promise<void> {
  const r = await new Browser().post('/api/dev/parental/family', { accountId, ...family });
  expect(r.status, r.text).toBe(200);
}

export async function setAccount(accountId: number, values: Record<string, unknown>): Promise<void> {
  const r = await new Browser().post('/api/dev/account/state', { accountId, ...values });
  expect(r.status, r.text).toBe(200);
}

/** A signed-in adult with a verified email (can be a parent), no parental controls yet. */
export async function adult(tag = 'adult'): Promise<Player> {
  const p = await newPlayer(tag);
  await setAccount(p.accountId, { emailVerified: true });
  return p;
}

/** A signed-in parent with consent recorded (isParentalSet). */
export async function consentedParent(tag = 'parent'): Promise<Player> {
  const p = await adult(tag);
  await setFamily(p.accountId, { consentedParent: true });
  return p;
}

/** A minor in the parent's family (country US, terms accepted), not signed in. */
export async function childOf(parentId: number, tag = 'child'): Promise<Player> {
  const p = await newPlayer(tag);
  const year = new Date().getUTCFullYear() - 10;
  await setAccount(p.accountId, { birth: { year, month: 3 } });
  await setFamily(p.accountId, { isMinor: true, parentId });
  return { ...p, b: new IpBrowser() };
}

export const call = {
  get: (b: Browser, path: string) => b.get(`${ACCOUNT}${path}`),
  post: (b: Browser, path: string, body: unknown = {}) => b.post(`${ACCOUNT}${path}`, body),
  put: (b: Browser, path: string, body: unknown = {}) => b.request('PUT', `${ACCOUNT}${path}`, { body }),
  del: (b: Browser, path: string) => b.request('DELETE', `${ACCOUNT}${path}`),
};

export const family = (b: Browser) => call.get(b, '/parental/family-member');
/** The family call's answer for an account in no family: an empty family, not an error. */
export const NO_FAMILY = { isParent: false, isParentalSet: false, parent: null, children: [] };
export const setStatus = (b: Browser, childUserNo: number, active: boolean) =>
  call.put(b, '/parental/child/status', { childUserNo, active });
export const release = (b: Browser, childUserNo: number) =>
  call.del(b, `/parental/child/release?child_user_no=${String(childUserNo)}`);
export const resetGames = (b: Browser, childUserNo: number) =>
  call.del(b, `/parental/child/game-access/reset?child_user_no=${String(childUserNo)}`);
/** The dev captcha's passing token (the card step carries a captcha, issue 26 §3). */
export const CAPTCHA = { captchaToken: 'dev-captcha-pass', captchaVersion: 'v3' } as const;

export const payByCard = (b: Browser, paymentMethodId: string, consentLocation = 'WEB', headers = {}) =>
  b.post(`${ACCOUNT}/parental/vpc/card`, { paymentMethodId, consentLocation, ...CAPTCHA }, { headers });

/** Saves a test card through the real setup → local card field → save flow (docs/payments.md). */
export async function addCard(b: Browser, number = '4242424242424242'): Promise<string> {
  const setup = await b.post(`${PAYMENT}/payment-methods/setup`, {});
  expect(setup.status, setup.text).toBe(200);
  const { setupId, clientSecret } = setup.json as { setupId: string; clientSecret: string };
  const confirmed = await b.post('/api/dev/payment/setup/confirm', {
    setupId,
    clientSecret,
    number,
    expMonth: 12,
    expYear: 2031,
    cvc: '123',
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  const saved = await b.post(`${PAYMENT}/payment-methods`, {
    setupId,
    givenName: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.test',
    makeDefault: false,
  });
  expect(saved.status, saved.text).toBe(200);
  return (saved.json as { paymentMethod: { id: string } }).paymentMethod.id;
}

/** A fresh browser signed in to the account (a new session: verified for 10 minutes). */
export async function signedInBrowser(accountId: number): Promise<IpBrowser> {
  const b = new IpBrowser();
  await startSession(b, accountId);
  return b;
}

export function expectCode(r: Reply, status: number, code: string): void {
  expect({ status: r.status, code: r.code }, r.text).toEqual({ status, code });
}

export { PASSWORD };
