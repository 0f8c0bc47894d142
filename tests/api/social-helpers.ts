/**
 * Helpers of the social sign-in API tests: start a flow on the API (its __Host-tpa_flow cookie lands in
 * the Browser's jar), sign in on the local provider (scripts/dev-idp.mjs) as a test identity, and read the
 * provider's redirect back to the portal callback (code and state).
 */
import { expect, inject } from 'vitest';
import type { Browser } from './client';
import { ACCOUNT } from './signin-helpers';

export const T = {
  session: `${ACCOUNT}/no-auth/login/tpa/tpa-session-cookie`,
  login: `${ACCOUNT}/no-auth/login/tpa`,
  email: `${ACCOUNT}/no-auth/tpa/session/email`,
  socialLink: `${ACCOUNT}/no-auth/tpa/social-link`,
  linkPassword: `${ACCOUNT}/no-auth/tpa/social-link/password`,
  linkRequestCode: `${ACCOUNT}/no-auth/tpa/social-link/request-code`,
  linkVerifyCode: `${ACCOUNT}/no-auth/tpa/social-link/verify-code`,
  accounts: `${ACCOUNT}/social/accounts`,
  link: `${ACCOUNT}/social/link`,
} as const;

export const start = (provider: string, query = 'locale=en') => `${ACCOUNT}/no-auth/tpa/${provider}/start?${query}`;

export interface TestIdentity {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

let counter = 0;
/** A provider identity no other test uses. */
export function newIdentity(withEmail = true): TestIdentity {
  counter += 1;
  const sub = `t-${Date.now().toString(36)}-${String(counter)}-${Math.random().toString(36).slice(2, 8)}`;
  return withEmail ? { sub, email: `${sub}@social.test`, emailVerified: true, name: 'Test' } : { sub, name: 'Test' };
}

/** A tiny cookie jar for the provider's own cookies. */
class Jar {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
}

/** Follows the provider's redirects (with its cookies) until one leaves the provider; answers that URL. */
async function followProvider(jar: Jar, url: string, init: RequestInit = {}): Promise<URL> {
  let next = new URL(url);
  let options = init;
  const issuer = new URL(inject('devIdpIssuer'));
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.origin !== issuer.origin) return next;
    const res = await fetch(next, {
      ...options,
      redirect: 'manual',
      headers: { ...(options.headers as Record<string, string> | undefined), Cookie: jar.header() },
    });
    jar.take(res);
    const location = res.headers.get('location');
    if (location === null) throw new Error(`provider answered ${res.status} at ${next.pathname}: ${await res.text()}`);
    next = new URL(location, next);
    options = {};
  }
  throw new Error('too many provider redirects');
}

/** Starts a flow on the API for `b` and answers the provider's authorization URL. */
export async function startFlow(b: Browser, provider: string, query = 'locale=en'): Promise<string> {
  const r = await b.get(start(provider, query));
  expect(r.status, r.text).toBe(302);
  const location = r.headers.get('location');
  if (location === null) throw new Error('no provider redirect');
  return location;
}

/** Start → provider sign-in → the callback's code and state (the portal callback screen would read them). */
export async function callbackFor(
  b: Browser,
  provider: string,
  identity: TestIdentity,
  query = 'locale=en',
): Promise<{ code: string; state: string }> {
  const url = await signInAt(await startFlow(b, provider, query), identity);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (code === null || state === null) throw new Error(`callback without code: ${url.href}`);
  return { code, state };
}

/** Drives the local provider: authorization request → interaction page → identity posted → callback URL. */
export async function signInAt(authorizationUrl: string, identity: TestIdentity): Promise<URL> {
  const jar = new Jar();
  const issuer = new URL(inject('devIdpIssuer'));
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  jar.take(first);
  const interaction = new URL(first.headers.get('location') ?? '', authorizationUrl);
  expect(interaction.origin).toBe(issuer.origin);
  const form = new URLSearchParams({ sub: identity.sub, name: identity.name ?? 'Test' });
  if (identity.email !== undefined) form.set('email', identity.email);
  if (identity.emailVerified === true) form.set('email_verified', 'true');
  return followProvider(jar, `${interaction.href}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}
