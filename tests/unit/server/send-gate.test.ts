/**
 * The send gate (issue 26 §1-2): every text and mail passes it, so SMS pumping and mail bombing stop at the
 * configured budgets whatever IP the caller rotates through, a parallel burst cannot overspend, and the counts
 * survive a restart. Runs the real app in-process on SQLite with small budgets; `POST /api/dev/send` is the
 * providers' own entry (the flows' API tests cover the routes that text and mail).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { costSettings, destinationBudget } from '../../../server/core/config/cost';
import type { Env } from '../../../server/core/env';
import { smsDestination } from '../../../server/core/security/send-gate';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../../src/shared/contract/http';
import { inProcessEnv, testD1, type TestD1 } from './d1-sqlite';

const ORIGIN = 'http://localhost';

function server(t: TestD1, vars: Partial<Env>) {
  const env: Env = { ...inProcessEnv(t.db, ORIGIN), ...vars };
  const app = createApp();
  let ip = 0;
  return {
    async send(channel: 'sms' | 'email', to: string) {
      // A new IP for every call: the budgets are per destination and per region, never per caller.
      ip += 1;
      const res = await app.request(
        `${ORIGIN}/api/dev/send`,
        {
          method: 'POST',
          headers: {
            Origin: ORIGIN,
            [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION,
            'Content-Type': 'application/json',
            'CF-Connecting-IP': `203.0.113.${ip % 250}`,
          },
          body: JSON.stringify({ channel, to, subject: 'Test', text: 'Your code is 123456', code: '123456' }),
        },
        env,
      );
      const body = await res.json<{ code?: string }>();
      return { status: res.status, code: body.code, retryAfter: res.headers.get('Retry-After') };
    },
    async alerts() {
      const res = await app.request(`${ORIGIN}/api/dev/ops-alerts`, { headers: { Origin: ORIGIN } }, env);
      return res.json<{ kind: string; count: number }[]>();
    },
  };
}

function delivered(t: TestD1, channel: 'sms' | 'email'): number {
  const row = t.sqlite.prepare('SELECT COUNT(*) AS n FROM outbox WHERE channel = ?').get(channel) as { n: number };
  return row.n;
}

describe('SMS budgets and the country allow-list', () => {
  it('texts only numbers of the countries the region serves, and never a number of no country', async () => {
    const t = testD1();
    const s = server(t, { REGION: 'th' });
    expect((await s.send('sms', '+66812345678')).status).toBe(200);
    // A US number in the Thailand build, and the premium satellite range (no country): refused as an invalid number.
    expect(await s.send('sms', '+12015550123')).toMatchObject({ status: 400, code: '20205' });
    expect(await s.send('sms', '+88216123456')).toMatchObject({ status: 400, code: '20205' });
    expect(delivered(t, 'sms')).toBe(1);
  });

  it('SMS_COUNTRIES narrows the list', async () => {
    const t = testD1();
    const s = server(t, { SMS_COUNTRIES: 'US' });
    expect((await s.send('sms', '+12015550123')).status).toBe(200);
    expect(await s.send('sms', '+447400123456')).toMatchObject({ status: 400, code: '20205' });
  });

  it('stops a destination at its daily budget across rotating IPs, alerts ops, and keeps other countries going', async () => {
    const t = testD1();
    const s = server(t, { SMS_DESTINATION_BUDGETS: 'GB=3,*=100' });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await s.send('sms', `+4474001234${String(i).padStart(2, '0')}`));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    expect(results[3]).toMatchObject({ code: '20157' });
    expect(Number(results[3]?.retryAfter)).toBeGreaterThan(0);
    expect((await s.send('sms', '+12015550123')).status).toBe(200);
    expect(delivered(t, 'sms')).toBe(4);
    expect(await s.alerts()).toEqual([expect.objectContaining({ kind: 'sms-destination-budget', count: 2 })]);
  });

  it('a parallel burst cannot overspend the region budget', async () => {
    const t = testD1();
    const s = server(t, { SMS_DAILY_BUDGET: '4' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => s.send('sms', `+1201555${String(1000 + i)}`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 429 && r.code === '20157')).toHaveLength(8);
    expect(delivered(t, 'sms')).toBe(4);
  });

  it('the spent budget survives a restart (a new isolate over the same database)', async () => {
    const t = testD1();
    const vars = { SMS_DESTINATION_BUDGETS: 'US=2' };
    const first = server(t, vars);
    expect((await first.send('sms', '+12015550123')).status).toBe(200);
    expect((await first.send('sms', '+12015550124')).status).toBe(200);
    const second = server(t, vars);
    expect(await second.send('sms', '+12015550125')).toMatchObject({ status: 429, code: '20157' });
  });

  it('a prefix budget of 0 closes a range inside an allowed country', async () => {
    const t = testD1();
    const s = server(t, { SMS_DESTINATION_BUDGETS: '+1900=0' });
    expect(await s.send('sms', '+19005550123')).toMatchObject({ status: 429, code: '20157' });
    expect((await s.send('sms', '+12015550123')).status).toBe(200);
    expect(delivered(t, 'sms')).toBe(1);
  });
});

describe('mail budgets', () => {
  it('caps the mails to one address per day, whoever asks, and alerts ops', async () => {
    const t = testD1();
    const s = server(t, { MAIL_PER_ADDRESS_DAILY: '3' });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await s.send('email', i % 2 ? 'Victim@Example.test' : 'victim@example.test')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await s.send('email', 'someone-else@example.test')).status).toBe(200);
    expect(delivered(t, 'email')).toBe(4);
    expect(await s.alerts()).toEqual([expect.objectContaining({ kind: 'mail-address-budget', count: 2 })]);
  });

  it('stops every mail at the region budget', async () => {
    const t = testD1();
    const s = server(t, { MAIL_DAILY_BUDGET: '2' });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => s.send('email', `p${i}@example.test`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(delivered(t, 'email')).toBe(2);
  });
});

describe('cost settings', () => {
  it('default to the region’s countries and refuse malformed values', () => {
    const th = costSettings({}, 'th');
    expect([...th.settings.smsCountries]).toEqual(['TH']);
    expect(th.problems).toEqual([]);
    const bad = costSettings(
      { SMS_DAILY_BUDGET: '-1', SMS_DESTINATION_BUDGETS: 'Thailand=5', SMS_COUNTRIES: 'usa' },
      'global',
    );
    expect(bad.problems).toHaveLength(3);
  });

  it('pick the longest prefix, then the country, then the default', () => {
    const { settings } = costSettings({ SMS_DESTINATION_BUDGETS: '+1=50,+1900=0,US=10,*=7' }, 'global');
    expect(destinationBudget(settings, '+19005550123', 'US')).toEqual({ key: '+1900', budget: 0 });
    expect(destinationBudget(settings, '+12015550123', 'US')).toEqual({ key: '+1', budget: 50 });
    expect(destinationBudget(settings, '+447400123456', 'GB')).toEqual({ key: 'GB', budget: 7 });
    expect(smsDestination(settings, 'not a number')).toBeNull();
  });
});
