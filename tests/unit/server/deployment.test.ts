/**
 * The API's two modes and the deployment guard (issue 10 items 5 and 6), on the real app in-process with a
 * SQLite D1 and a fake ASSETS binding serving the build profile: a production configuration serves; each
 * broken production rule refuses every request; DEV_TOOLS is inert beside a production build; the dev server
 * answers only loopback Host names; origins are configured ones only.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createApp } from '../../../server/app';
import { BUILD_PROFILE_FILE, type BuildProfile } from '../../../server/core/build-profile';
import { DEV_SECRETS, loadSettings, type Env } from '../../../server/core/env';
import { isLocalHostname, isLoopbackHost } from '../../../server/core/http/hosts';
import { backupCodeParams, passwordParams } from '../../../server/core/security/hash-cost';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../../src/shared/contract/http';
import { ERROR_CODE_HEADER } from '../../../src/shared/errors/codes';
import { testD1 } from './d1-sqlite';

const app = createApp();
const CONFIGURATION = '/api/account/v1/no-auth/configuration';
const LOGOUT = '/api/account/v1/logout';
const PORTAL = 'https://account.lumenforge.example';
const TOTP_KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(5)));

const PRODUCTION_BUILD: BuildProfile = { region: 'global', production: true, captcha: 'recaptcha' };
const LOCAL_BUILD: BuildProfile = { region: 'global', production: false, captcha: 'dev' };

/** An ASSETS binding that serves `body` (or answers `status`) for the build profile and 404 for the rest. */
function assets(body: unknown, status = 200): Fetcher {
  const fetch = (input: string) =>
    Promise.resolve(
      new URL(input).pathname === `/${BUILD_PROFILE_FILE}` && status === 200
        ? new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
        : new Response('not found', { status: status === 200 ? 404 : status }),
    );
  return { fetch } as unknown as Fetcher;
}

/** Every production secret and a public https origin: what a deployment must set. */
const PRODUCTION_VARS = {
  ALLOWED_ORIGINS: PORTAL,
  TOTP_ENCRYPTION_KEY: TOTP_KEY,
  CAPTCHA_SECRET: 'test-recaptcha-secret',
  EMAIL_API_URL: 'https://email.example/send',
  EMAIL_API_KEY: 'email-key',
  EMAIL_FROM: 'account@lumenforge.example',
  SMS_API_URL: 'https://sms.example/send',
  SMS_API_KEY: 'sms-key',
  SMS_FROM: 'Lumenforge',
  PAYMENT_API_URL: 'https://payment.example',
  PAYMENT_API_KEY: 'payment-key',
  PAYMENT_PUBLISHABLE_KEY: 'pk_test_payment',
  SMS_WEBHOOK_SECRET: 'sms-webhook-secret-of-the-provider-0123',
  NEWSLETTER_LINK_KEY: 'newsletter-link-key-0123456789abcdefghij',
  SUPPORT_DESK_URL: 'https://lumenforge.zendesk.example',
  SUPPORT_DESK_JWT_SECRET: 'support-desk-jwt-shared-secret-0123456789',
  OIDC_KEY_SECRET: TOTP_KEY,
  // Every social provider any region enables (docs/social.md "Environment").
  SOCIAL_FACEBOOK_CLIENT_ID: 'fb-client',
  SOCIAL_FACEBOOK_CLIENT_SECRET: 'fb-secret',
  SOCIAL_GOOGLE_CLIENT_ID: 'google-client',
  SOCIAL_GOOGLE_CLIENT_SECRET: 'google-secret',
  SOCIAL_APPLE_CLIENT_ID: 'com.lumenforge.signin',
  SOCIAL_APPLE_TEAM_ID: 'TEAM123456',
  SOCIAL_APPLE_KEY_ID: 'KEY1234567',
  SOCIAL_APPLE_PRIVATE_KEY: 'apple-private-key-pem',
  SOCIAL_TWITCH_CLIENT_ID: 'twitch-client',
  SOCIAL_TWITCH_CLIENT_SECRET: 'twitch-secret',
  SOCIAL_DISCORD_CLIENT_ID: 'discord-client',
  SOCIAL_DISCORD_CLIENT_SECRET: 'discord-secret',
  SOCIAL_TWITTER_CLIENT_ID: 'twitter-client',
  SOCIAL_TWITTER_CLIENT_SECRET: 'twitter-secret',
  SOCIAL_LINE_CLIENT_ID: 'line-client',
  SOCIAL_LINE_CLIENT_SECRET: 'line-secret',
  STEAM_WEB_API_KEY: 'steam-web-api-key',
} satisfies Partial<Env> & Record<string, string>;

const LOCAL_VARS = {
  DEV_TOOLS: '1',
  CAPTCHA_SECRET: 'dev',
  TOTP_ENCRYPTION_KEY: TOTP_KEY,
  ALLOWED_ORIGINS: 'http://localhost:8788,http://127.0.0.1:8788',
} satisfies Partial<Env>;

/** An env with these vars (an undefined one is left out, as an unset variable is) beside `build`. */
function env(vars: Record<string, string | undefined>, build: Fetcher | undefined): Env {
  const set = Object.fromEntries(Object.entries(vars).filter(([, value]) => value !== undefined));
  return {
    DB: testD1().db,
    CONFIG: { get: () => Promise.resolve(null) } as unknown as KVNamespace,
    ...(build ? { ASSETS: build } : {}),
    ...set,
  };
}

async function call(e: Env, path: string, init: RequestInit & { base?: string } = {}) {
  const { base = 'http://localhost:8788', ...rest } = init;
  const res = await app.request(`${base}${path}`, rest, e);
  const text = await res.text();
  return { status: res.status, code: res.headers.get(ERROR_CODE_HEADER), text };
}

function post(origin: string, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { Origin: origin, [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION, ...headers } };
}

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  logged.mockRestore();
});

/** The request was refused for its configuration: 500 without detail for the client, the reason in the log. */
async function expectRefused(e: Env, reason: RegExp, base = PORTAL) {
  const r = await call(e, CONFIGURATION, { base });
  expect(r.status).toBe(500);
  expect(r.code).toBe('SERVER_ERROR');
  expect(r.text).not.toMatch(reason);
  expect(logged.mock.calls.flat().join(' ')).toMatch(reason);
}

describe('production (DEV_TOOLS off)', () => {
  it('serves with a production build, every secret and public https origins', async () => {
    const e = env(PRODUCTION_VARS, assets(PRODUCTION_BUILD));
    expect((await call(e, CONFIGURATION, { base: PORTAL })).status).toBe(200);
    const settings = await loadSettings(e, PORTAL);
    expect(settings.problems).toEqual([]);
    expect(settings.captcha).toEqual({ provider: 'recaptcha', secret: 'test-recaptcha-secret', minScore: 0.5 });
    expect(settings.region.id).toBe('global');
  });

  it.each([
    ['unset', undefined, /CAPTCHA_SECRET is not set/],
    ['dev', 'dev', /CAPTCHA_SECRET=dev/],
  ])('refuses CAPTCHA_SECRET %s (the public pass token must never work)', async (_name, secret, reason) => {
    const e = env({ ...PRODUCTION_VARS, CAPTCHA_SECRET: secret }, assets(PRODUCTION_BUILD));
    await expectRefused(e, reason);
    expect((await loadSettings(e, PORTAL)).captcha).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['an http origin', `${PORTAL},http://account.lumenforge.example`],
    ['localhost', 'https://localhost:8788'],
    ['127.0.0.1', 'http://127.0.0.1:8788'],
    ['a *.localhost name', 'https://portal.localhost'],
  ])('refuses ALLOWED_ORIGINS that is %s', async (_name, origins) => {
    await expectRefused(
      env({ ...PRODUCTION_VARS, ALLOWED_ORIGINS: origins }, assets(PRODUCTION_BUILD)),
      /ALLOWED_ORIGINS/,
    );
  });

  it.each([
    [['TOTP_ENCRYPTION_KEY'], /TOTP_ENCRYPTION_KEY/],
    [['EMAIL_API_URL', 'EMAIL_API_KEY', 'EMAIL_FROM'], /EMAIL_API_URL/],
    [['SMS_API_URL', 'SMS_API_KEY', 'SMS_FROM'], /SMS_API_URL/],
    [['PAYMENT_API_KEY'], /PAYMENT_API_URL and PAYMENT_API_KEY/],
    [['PAYMENT_PUBLISHABLE_KEY'], /PAYMENT_PUBLISHABLE_KEY/],
    [['SMS_WEBHOOK_SECRET'], /SMS_WEBHOOK_SECRET/],
    [['NEWSLETTER_LINK_KEY'], /NEWSLETTER_LINK_KEY/],
    [['SUPPORT_DESK_URL'], /SUPPORT_DESK_URL is not set/],
    [['SUPPORT_DESK_JWT_SECRET'], /SUPPORT_DESK_JWT_SECRET is not set/],
    [['OIDC_KEY_SECRET'], /OIDC_KEY_SECRET is not set/],
    [['SOCIAL_GOOGLE_CLIENT_SECRET'], /SOCIAL_GOOGLE_CLIENT_ID and SOCIAL_GOOGLE_CLIENT_SECRET are not set/],
    [['SOCIAL_APPLE_PRIVATE_KEY'], /SOCIAL_APPLE_PRIVATE_KEY are not all set/],
    [['STEAM_WEB_API_KEY'], /STEAM_WEB_API_KEY is not set/],
  ])('refuses to run without %s', async (names, reason) => {
    const vars = Object.fromEntries(Object.entries(PRODUCTION_VARS).filter(([name]) => !names.includes(name)));
    await expectRefused(env(vars, assets(PRODUCTION_BUILD)), reason);
  });

  it.each([
    ['without its app id', { PLATFORM_STEAM_IDENTITY: 'lumenforge-account' }, /PLATFORM_STEAM_APP_ID/],
    ['without its identity', { PLATFORM_STEAM_APP_ID: '480' }, /PLATFORM_STEAM_IDENTITY is not set/],
    [
      'with an http API URL on a public host',
      {
        PLATFORM_STEAM_APP_ID: '480',
        PLATFORM_STEAM_IDENTITY: 'lumenforge-account',
        PLATFORM_STEAM_WEB_API_URL: 'http://partner.steam-api.com',
      },
      /PLATFORM_STEAM_WEB_API_URL must be an https URL/,
    ],
  ])('refuses the store Web API key %s (and never logs the key)', async (_name, vars, reason) => {
    const key = 'ABCDEF0123456789ABCDEF0123456789';
    const e = env({ ...PRODUCTION_VARS, PLATFORM_STEAM_WEB_API_KEY: key, ...vars }, assets(PRODUCTION_BUILD));
    await expectRefused(e, reason);
    expect(logged.mock.calls.flat().join(' ')).not.toContain(key);
  });

  it('serves with the store Web API key, its app id and identity', async () => {
    const vars = {
      ...PRODUCTION_VARS,
      PLATFORM_STEAM_WEB_API_KEY: 'ABCDEF0123456789ABCDEF0123456789',
      PLATFORM_STEAM_APP_ID: '480',
      PLATFORM_STEAM_IDENTITY: 'lumenforge-account',
    };
    expect((await loadSettings(env(vars, assets(PRODUCTION_BUILD)), PORTAL)).problems).toEqual([]);
  });

  it('refuses a local build (its pages use the dev captcha), so a real secret never meets dev site keys', async () => {
    await expectRefused(env(PRODUCTION_VARS, assets(LOCAL_BUILD)), /local build/);
  });

  it.each([
    ['missing', assets(null, 404), /answered 404/],
    ['not JSON', assets('<html>'), /not JSON/],
    ['not a profile', assets({ region: 'global', production: 'yes', captcha: 'recaptcha' }), /not a build profile/],
  ])('refuses a build whose profile is %s (fails closed)', async (_name, build, reason) => {
    await expectRefused(env(PRODUCTION_VARS, build), reason);
  });

  it('refuses REGION naming another region than the build', async () => {
    await expectRefused(
      env({ ...PRODUCTION_VARS, REGION: 'th' }, assets(PRODUCTION_BUILD)),
      /REGION=th.*region global/,
    );
  });

  it.each([
    ['http', 'http://lumenforge.zendesk.example', /SUPPORT_DESK_URL is http:/],
    ['localhost', 'https://localhost:9000', /SUPPORT_DESK_URL is https:\/\/localhost/],
  ])('refuses a support desk URL on %s', async (_name, url, reason) => {
    await expectRefused(env({ ...PRODUCTION_VARS, SUPPORT_DESK_URL: url }, assets(PRODUCTION_BUILD)), reason);
  });

  it('refuses the test password-hash cost, and hashes at the standard cost', async () => {
    await expectRefused(
      env({ ...PRODUCTION_VARS, PASSWORD_HASH_COST: 'test' }, assets(PRODUCTION_BUILD)),
      /PASSWORD_HASH_COST=test weakens every new password hash/,
    );
    expect((await loadSettings(env(PRODUCTION_VARS, assets(PRODUCTION_BUILD)), PORTAL)).hashCost).toBe('standard');
  });

  it('refuses the dev support-desk secret', async () => {
    const vars = { ...PRODUCTION_VARS, SUPPORT_DESK_JWT_SECRET: DEV_SECRETS.supportDeskJwt };
    await expectRefused(env(vars, assets(PRODUCTION_BUILD)), /SUPPORT_DESK_JWT_SECRET is not set/);
  });

  it('takes the support desk from the env; a region that opens its help URL needs none', async () => {
    const global = await loadSettings(env(PRODUCTION_VARS, assets(PRODUCTION_BUILD)), PORTAL);
    expect(global.supportDesk).toEqual({
      url: 'https://lumenforge.zendesk.example',
      jwtSecret: 'support-desk-jwt-shared-secret-0123456789',
    });
    const withoutDesk = Object.fromEntries(
      Object.entries(PRODUCTION_VARS).filter(([name]) => !name.startsWith('SUPPORT_DESK_')),
    );
    const th = await loadSettings(env(withoutDesk, assets({ ...PRODUCTION_BUILD, region: 'th' })), PORTAL);
    expect(th.problems).toEqual([]);
    expect(th.supportDesk).toBeNull();
  });

  it('takes the region from the build when REGION is unset', async () => {
    const e = env(PRODUCTION_VARS, assets({ ...PRODUCTION_BUILD, region: 'sea' }));
    expect((await loadSettings(e, PORTAL)).region.id).toBe('sea');
  });

  it('accepts a configured origin and refuses the request’s own origin when it is not configured', async () => {
    const e = env(PRODUCTION_VARS, assets(PRODUCTION_BUILD));
    expect((await call(e, LOGOUT, { base: PORTAL, ...post(PORTAL) })).status).toBe(200);
    const own = 'https://api.lumenforge.example';
    const r = await call(e, LOGOUT, { base: own, ...post(own) });
    expect([r.status, r.code]).toEqual([403, '20101']);
  });
});

describe('DEV_TOOLS beside a production build', () => {
  it('is inert: no dev routes, production captcha, production rules', async () => {
    const e = env({ ...PRODUCTION_VARS, DEV_TOOLS: '1' }, assets(PRODUCTION_BUILD));
    const settings = await loadSettings(e, PORTAL);
    expect(settings.devTools).toBe(false);
    expect(settings.captcha?.provider).toBe('recaptcha');
    const r = await call(e, '/api/dev/mailbox?to=a%40b.test', { base: PORTAL });
    expect([r.status, r.code]).toEqual([404, '20022']);
    const session = await call(e, '/api/dev/session', { base: PORTAL, ...post(PORTAL), body: '{"accountId":1}' });
    expect(session.status).toBe(404);
  });

  it('cannot relax the production rules: a dev configuration beside a production build is refused', async () => {
    await expectRefused(env(LOCAL_VARS, assets(PRODUCTION_BUILD)), /CAPTCHA_SECRET=dev/);
  });

  it('is inert beside a build whose profile cannot be read', async () => {
    const e = env(LOCAL_VARS, assets(null, 404));
    expect((await loadSettings(e, 'http://localhost:8788')).devTools).toBe(false);
    expect((await call(e, '/api/dev/mailbox?to=a%40b.test')).status).toBe(500);
  });
});

describe('dev mode (DEV_TOOLS on, local build)', () => {
  it('serves the dev tools to loopback names', async () => {
    const e = env(LOCAL_VARS, assets(LOCAL_BUILD));
    for (const base of ['http://localhost:8788', 'http://127.0.0.1:8788', 'http://[::1]:8788']) {
      expect((await call(e, '/api/dev/mailbox?to=a%40b.test', { base })).status, base).toBe(200);
    }
    expect((await loadSettings(e, 'http://localhost:8788')).captcha).toEqual({ provider: 'dev' });
  });

  it.each(['rebind.evil.example:8788', 'localhost.evil.example', '127.0.0.1.nip.io:8788', 'evil.localhost:8788'])(
    'refuses Host %s before any route runs (DNS rebinding)',
    async (host) => {
      const e = env(LOCAL_VARS, assets(LOCAL_BUILD));
      const origin = `http://${host}`;
      for (const [path, init] of [
        ['/api/dev/mailbox?to=a%40b.test', {}],
        ['/api/dev/session', { ...post(origin, { 'Content-Type': 'application/json' }), body: '{"accountId":1}' }],
        [CONFIGURATION, {}],
      ] as const) {
        const r = await call(e, path, { base: origin, ...init });
        expect([r.status, r.code], path).toEqual([421, '20101']);
        expect(JSON.parse(r.text)).toEqual({ code: '20101', message: expect.any(String) as string });
      }
    },
  );

  it('refuses a spoofed Host header even when the URL is a loopback one', async () => {
    const e = env(LOCAL_VARS, assets(LOCAL_BUILD));
    const r = await call(e, CONFIGURATION, { headers: { Host: 'rebind.evil.example:8788' } });
    expect(r.status).toBe(421);
  });

  it('refuses an Origin equal to the Host that is not configured', async () => {
    const e = env({ ...LOCAL_VARS, ALLOWED_ORIGINS: 'http://127.0.0.1:8788' }, assets(LOCAL_BUILD));
    const refused = await call(e, LOGOUT, post('http://localhost:8788'));
    expect([refused.status, refused.code]).toEqual([403, '20101']);
    const accepted = await call(e, LOGOUT, { base: 'http://127.0.0.1:8788', ...post('http://127.0.0.1:8788') });
    expect(accepted.status).toBe(200);
  });

  it('refuses a provider captcha secret, which would fail every captcha against the dev pages', async () => {
    await expectRefused(
      env({ ...LOCAL_VARS, CAPTCHA_SECRET: 'real-provider-secret' }, assets(LOCAL_BUILD)),
      /CAPTCHA_SECRET holds a provider secret/,
      'http://localhost:8788',
    );
  });

  it('defaults the support desk to the dev page (url null) with the fixed dev secret', async () => {
    const settings = await loadSettings(env(LOCAL_VARS, assets(LOCAL_BUILD)), 'http://localhost:8788');
    expect(settings.problems).toEqual([]);
    expect(settings.supportDesk).toEqual({ url: null, jwtSecret: DEV_SECRETS.supportDeskJwt });
  });

  it('hashes at the standard cost unless the test cost is asked for, which only dev mode grants', async () => {
    const local = (vars: Record<string, string | undefined>) =>
      loadSettings(env({ ...LOCAL_VARS, ...vars }, assets(LOCAL_BUILD)), 'http://localhost:8788');
    expect((await local({})).hashCost).toBe('standard');
    const test = await local({ PASSWORD_HASH_COST: 'test' });
    expect(test.problems).toEqual([]);
    expect(test.hashCost).toBe('test');
    // Beside a production build DEV_TOOLS is inert, and so is the test cost (which is then also refused).
    const inert = await loadSettings(
      env({ ...LOCAL_VARS, PASSWORD_HASH_COST: 'test' }, assets(PRODUCTION_BUILD)),
      'http://localhost:8788',
    );
    expect(inert.hashCost).toBe('standard');
    expect(inert.problems.join('\n')).toMatch(/PASSWORD_HASH_COST=test/);
  });

  it('gives passwords and backup codes the parameters of the one cost setting', async () => {
    const standard = env(LOCAL_VARS, assets(LOCAL_BUILD));
    const test = env({ ...LOCAL_VARS, PASSWORD_HASH_COST: 'test' }, assets(LOCAL_BUILD));
    await loadSettings(standard, 'http://localhost:8788');
    await loadSettings(test, 'http://localhost:8788');
    expect(passwordParams(standard)).toEqual({ totalIterations: 600_000, iterationsPerCall: 100_000 });
    expect(backupCodeParams(standard)).toEqual({ totalIterations: 100_000, iterationsPerCall: 100_000 });
    expect(passwordParams(test)).toEqual({ totalIterations: 1_000, iterationsPerCall: 1_000 });
    expect(backupCodeParams(test)).toEqual({ totalIterations: 1_000, iterationsPerCall: 1_000 });
  });

  it('accepts an unset CAPTCHA_SECRET as the offline verifier', async () => {
    const e = env({ ...LOCAL_VARS, CAPTCHA_SECRET: undefined }, assets(LOCAL_BUILD));
    expect((await loadSettings(e, 'http://localhost:8788')).problems).toEqual([]);
  });
});

describe('host names', () => {
  it('knows the loopback Host values a dev server answers', () => {
    for (const host of ['localhost', 'LOCALHOST:8788', '127.0.0.1', '127.0.0.1:8790', '[::1]', '[::1]:8788'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      'rebind.evil.example',
      'localhost.evil.example',
      '127.0.0.2',
      '127.0.0.1.nip.io',
      '',
      'a.localhost',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('knows the names that never make a public origin', () => {
    for (const name of ['localhost', 'portal.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '0.0.0.0'])
      expect(isLocalHostname(name), name).toBe(true);
    for (const name of ['account.lumenforge.com', 'localhost.example', '128.0.0.1'])
      expect(isLocalHostname(name), name).toBe(false);
  });
});
