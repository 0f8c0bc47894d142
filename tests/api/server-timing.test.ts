/**
 * Issue 24: in dev mode every API response says what it cost the database (server/core/db/middleware.ts), on the
 * engine the project runs (api: D1, api-pg: PostgreSQL); without DEV_TOOLS the header is never sent.
 */
import { describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/contract/http';
import { DEV, NO_DEV, PASSWORD } from './client';
import { openInstanceDb } from './instance-db';
import { loginBody, P, player, Visitor } from './signin-helpers';

const CONFIGURATION = '/api/account/v1/no-auth/configuration';
const TIMING =
  /^db;dur=\d+\.\d;desc="q=(\d+) r=(\d+) w=(\d+) cw=(\d+)"(?:, dbw;desc="([a-z_]+=\d+(?: [a-z_]+=\d+)*)")?$/;

describe('Server-Timing', () => {
  it('reports statements and rows on every dev response, errors included', async () => {
    for (const path of [CONFIGURATION, '/api/account/v1/no-such-call']) {
      const res = await fetch(`${DEV()}${path}`);
      expect(res.headers.get('Server-Timing'), `${path} ${res.status}`).toMatch(TIMING);
    }
  });

  it("tells the counters' share of the rows written: a sign-in reserves attempt slots beside its session", async () => {
    const { email } = await player({}, 'timing');
    const visitor = new Visitor();
    const wrong = await visitor.post(P.login, loginBody({ email, password: `${PASSWORD}-wrong` }));
    expect(wrong.status).toBe(401);
    const [, , , , refusedCounters] = TIMING.exec(wrong.headers.get('Server-Timing') ?? '') ?? [];
    expect(Number(refusedCounters)).toBeGreaterThan(0);
    const signedIn = await visitor.post(P.login, loginBody({ email, password: PASSWORD }));
    expect(signedIn.status).toBe(200);
    const [, , , written, counters] = TIMING.exec(signedIn.headers.get('Server-Timing') ?? '') ?? [];
    expect(Number(counters)).toBeGreaterThan(0);
    expect(Number(counters)).toBeLessThan(Number(written));
    // Where they went, by table: the counters' rows among them, the whole adding up to the rows written.
    const [, , , , , byTable = ''] = TIMING.exec(signedIn.headers.get('Server-Timing') ?? '') ?? [];
    const tables = new Map(
      byTable.split(' ').map((pair): [string, string] => [pair.split('=')[0] ?? '', pair.split('=')[1] ?? '']),
    );
    expect(tables.get('rate_limits')).toBe(counters);
    expect(tables.get('sessions')).toBeDefined();
    expect([...tables.values()].reduce((sum, n) => sum + Number(n), 0)).toBe(Number(written));
    // The configuration call writes nothing, counters included.
    const config = await fetch(`${DEV()}${CONFIGURATION}`);
    expect(TIMING.exec(config.headers.get('Server-Timing') ?? '')?.slice(3)).toEqual(['0', '0', undefined]);
  });

  it('a returning password sign-in writes at most 1.5 times the rows it needs (docs/scale.md)', async () => {
    // docs/scale.md "The goal": a sign-in from a known device needs its session, one audit entry, its one attempt
    // counter (an update: the row is there from its last sign-in) and the device's record (an update). In D1's count,
    // which adds index entries: 3 + 2 + 1 + 1; in PostgreSQL's, one row each.
    const minimum = inject('apiEngine') === 'postgres' ? 4 : 7;
    const p = await player({}, 'timing-goal');
    const device = new Visitor();
    // The first sign-in makes this browser a known device; the session ends (expired, signed out) and it comes back.
    expect((await device.post(P.login, loginBody(p))).status).toBe(200);
    device.cookies.delete(SESSION_COOKIE);
    const again = await device.post(P.login, loginBody(p));
    expect(again.status, again.text).toBe(200);
    const [, , , written = '', counters = '', byTable = ''] =
      TIMING.exec(again.headers.get('Server-Timing') ?? '') ?? [];
    expect(Number(written)).toBeGreaterThan(0);
    expect(Number(written)).toBeLessThanOrEqual(1.5 * minimum);
    // The known device's one counter, not the four of a stranger's sign-in; and the session among the rows.
    expect(Number(counters)).toBeGreaterThan(0);
    expect(Number(counters)).toBeLessThanOrEqual(inject('apiEngine') === 'postgres' ? 2 : 3);
    expect(byTable).toMatch(/\bsessions=\d/);

    // One entry per sign-in that completed at once, saying that the password was verified too.
    const instance = await openInstanceDb();
    try {
      const entries = await instance.db.all(
        instance.db.q
          .selectFrom('audit_log')
          .select(['event', 'detail'])
          .where('account_id', '=', p.accountId)
          .where('event', 'in', ['password.verified', 'signin.succeeded'])
          .orderBy('id'),
      );
      expect(entries.map((e) => e.event)).toEqual(['signin.succeeded', 'signin.succeeded']);
      for (const e of entries) expect(JSON.parse(e.detail ?? '{}')).toMatchObject({ password: 'verified' });
    } finally {
      await instance.close();
    }
  });

  it('is absent without DEV_TOOLS', async () => {
    const res = await fetch(`${NO_DEV()}${CONFIGURATION}`, { headers: { Origin: inject('apiPortalOriginNoDev') } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Server-Timing')).toBeNull();
  });
});
