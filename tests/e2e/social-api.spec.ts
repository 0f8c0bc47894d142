/**
 * The social sign-in's real redirect chain in Chromium (issue 15, server side): the API's start sets the
 * __Host- flow cookie and sends the browser to the local sign-in provider (scripts/dev-idp.mjs); its page
 * signs in a typed identity; the provider returns to the portal's callback URL with code and state
 * (Apple through its form_post bounce on the API). From that page the calls the callback and create-tpa
 * screens make (docs/social.md) open the third-party session and create the account, which GET /account
 * then shows. The screens themselves are the social-ui work; this proves the protocol through a browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../src/shared/contract/http';

// Its own client address (TEST-NET-2): the per-IP limits (code sends: 20 an hour) count this spec's sign-ups
// apart from the rest of the suite, which shares one server and, without this, one address.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.7' } });

const API = '/api/account/v1';

/** A JSON call from the page, as the portal's client makes it (Origin, version header, cookies). */
async function call(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body, header, version }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { [header]: version, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json: unknown = await res.json().catch(() => null);
      return { status: res.status, json };
    },
    { method, path, body, header: FRONTEND_VERSION_HEADER, version: FRONTEND_VERSION },
  );
}

/** Start → the provider's page → a typed identity signed in → back on the portal callback URL. */
async function signInWithProvider(page: Page, provider: string, sub: string, email: string): Promise<URL> {
  // The portal's callback screen would spend the code itself and move on (social-ui's journeys in social.spec.ts);
  // here its scripts are not served, so the page stays and the test makes the screens' calls. (A route cannot
  // replace the callback page itself: the browser reaches it through the provider's redirect.)
  await page.route('**/account/_astro/**', (route) => route.abort());
  await page.goto(`${API}/no-auth/tpa/${provider}/start?locale=en`);
  await expect(page.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await page.getByLabel('Subject (provider user id)').fill(sub);
  await page.getByLabel('Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(new RegExp(`/account/en/login/callback/${provider}\\?`));
  return new URL(page.url());
}

for (const provider of ['google', 'apple'] as const) {
  test(`${provider}: the browser round trip opens a third-party session and signs up`, async ({ page }) => {
    const sub = `e2e-${provider}-${Date.now().toString(36)}`;
    const email = `${sub}@social.test`;
    const callback = await signInWithProvider(page, provider, sub, email);
    const code = callback.searchParams.get('code');
    const state = callback.searchParams.get('state');
    expect(code).toBeTruthy();
    expect(state).toContain('.');

    const session = await call(page, 'POST', `${API}/no-auth/login/tpa/tpa-session-cookie`, {
      tpaType: provider,
      code,
      state,
    });
    expect(session).toEqual({ status: 200, json: { email, provider, next: 'signup' } });
    // The same code and state again: the flow was used once.
    const again = await call(page, 'POST', `${API}/no-auth/login/tpa/tpa-session-cookie`, {
      tpaType: provider,
      code,
      state,
    });
    expect(again.status).toBe(401);

    const profile = await call(page, 'POST', `${API}/no-auth/tpa/signup/profile`, {
      countryCode: 'US',
      birthday: '1992-04-02',
      newsletter: false,
      language: 'en_US',
      termsAccepted: true,
      deviceId: 'e2e-device',
      captchaToken: 'dev-captcha-pass',
      captchaVersion: 'v3',
    });
    expect(profile).toEqual({ status: 200, json: { isMinor: false } });
    const signup = await call(page, 'POST', `${API}/no-auth/tpa/signup`, {
      deviceId: 'e2e-device',
      localTime: '2026-11-24T08:00:00.000+00:00',
      timeOffset: 0,
    });
    expect(signup.status).toBe(200);
    const account = await call(page, 'GET', `${API}/account`);
    expect(account.json).toMatchObject({ email, isVerified: true, tpaAccountList: [{ type: provider, email }] });
  });
}
