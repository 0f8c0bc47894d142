/**
 * Issue 24: in dev mode every API response says what it cost the database (server/core/db/middleware.ts), on the
 * engine the project runs (api: D1, api-pg: PostgreSQL); without DEV_TOOLS the header is never sent.
 */
import { describe, expect, inject, it } from 'vitest';
import { DEV, NO_DEV, PASSWORD } from './client';
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

  it('is absent without DEV_TOOLS', async () => {
    const res = await fetch(`${NO_DEV()}${CONFIGURATION}`, { headers: { Origin: inject('apiPortalOriginNoDev') } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Server-Timing')).toBeNull();
  });
});
