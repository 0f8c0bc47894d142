/**
 * The daily cap on card consents survives a restart (issue 26 §3): its count
 * lives in the database (rate_limits), not in an isolate. Runs the real app
 * in-process on SQLite, reaches the cap, then "restarts" (a new app and a new
 * env object over the same database: nothing of the first isolate is left)
 * and tries again. The attack itself runs against workerd in
 * tests/api/parental-card-testing.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { Env } from '../../../server/core/env';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_COOKIE } from '../../../src/shared/contract/http';
import { inProcessEnv, testD1, type TestD1 } from './d1-sqlite';

const ORIGIN = 'http://localhost';

let t: TestD1;

/** One app instance (an isolate) over the test database, with its own cookie jar. */
function isolate() {
  const app = createApp();
  const env: Env = inProcessEnv(t.db, ORIGIN);
  let cookie = '';
  return async (method: string, path: string, body?: unknown, ip = '203.0.113.7') => {
    const headers: Record<string, string> = {
      Origin: ORIGIN,
      [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION,
      'CF-Connecting-IP': ip,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (cookie) headers['Cookie'] = cookie;
    const res = await app.request(
      `${ORIGIN}${path}`,
      { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
      env,
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      if (pair.startsWith(`${SESSION_COOKIE}=`)) cookie = pair;
    }
    return { status: res.status, json: await res.json<Record<string, unknown>>() };
  };
}

type Call = ReturnType<typeof isolate>;

async function ok(call: Call, method: string, path: string, body?: unknown) {
  const r = await call(method, path, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json;
}

/** A signed-in parent (setup started) with a saved test card; returns the card's id. */
async function parentWithCard(call: Call, email: string): Promise<string> {
  const { accountId } = (await ok(call, 'POST', '/api/dev/account', { email, password: 'Correct-Horse-9' })) as {
    accountId: number;
  };
  await ok(call, 'POST', '/api/dev/account/state', {
    accountId,
    countryCode: 'US',
    birth: { year: 1990, month: 5 },
    termsAccepted: true,
    emailVerified: true,
  });
  await ok(call, 'POST', '/api/dev/session', { accountId });
  await ok(call, 'POST', '/api/account/v1/parental/controls', {});
  const setup = (await ok(call, 'POST', '/api/payment/v1/payment-methods/setup', {})) as {
    setupId: string;
    clientSecret: string;
  };
  await ok(call, 'POST', '/api/dev/payment/setup/confirm', {
    setupId: setup.setupId,
    clientSecret: setup.clientSecret,
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2031,
    cvc: '123',
  });
  const saved = (await ok(call, 'POST', '/api/payment/v1/payment-methods', {
    setupId: setup.setupId,
    givenName: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.test',
    makeDefault: false,
  })) as { paymentMethod: { id: string } };
  return saved.paymentMethod.id;
}

const pay = (call: Call, paymentMethodId: string, ip: string) =>
  call(
    'POST',
    '/api/account/v1/parental/vpc/card',
    { paymentMethodId, consentLocation: 'WEB', captchaToken: 'dev-captcha-pass', captchaVersion: 'v3' },
    ip,
  );

beforeAll(() => {
  t = testD1();
});

describe('the daily cap on card consents', () => {
  it('still holds after a restart: the count is in the database', async () => {
    const first = isolate();
    const { max } = (await ok(first, 'POST', '/api/dev/parental/card-cap', { used: 0 })) as { max: number };
    await ok(first, 'POST', '/api/dev/parental/card-cap', { used: max - 1 });
    const a = await parentWithCard(first, 'cap-a@example.test');
    expect((await pay(first, a, '203.0.113.10')).status).toBe(200);

    const restarted = isolate();
    const b = await parentWithCard(restarted, 'cap-b@example.test');
    const refused = await pay(restarted, b, '203.0.113.11');
    expect([refused.status, refused.json.code]).toEqual([402, 'CARD_DECLINED']);
    const charges = t.sqlite.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number };
    expect(charges.n).toBe(1);
    const counted = t.sqlite.prepare("SELECT count FROM rate_limits WHERE scope = 'vpc-card:global'").get() as {
      count: number;
    };
    expect(counted.count).toBe(max);
  });
});
