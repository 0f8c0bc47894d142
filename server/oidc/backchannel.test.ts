/**
 * The parts of back-channel logout the API tests cannot reach cheaply: revoking many grants within D1's 100 bound
 * values a statement, and the delivery's retry rules (the API tests cover the whole path end to end:
 * tests/api/oidc-backend.test.ts).
 */
import type { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb, type ExecResult } from '../core/db/engine';
import { deliverLogoutTokens, endAccountGrants } from './backchannel';

const result = (rows: unknown[] = [], rowsAffected = 0): ExecResult => ({
  rows,
  rowsAffected,
  rowsRead: rows.length,
  rowsWritten: rowsAffected,
});

/** A D1-dialect Db whose reads answer `grants` and two clients, one with a back-channel URI; writes are recorded. */
function fakeDb(grants: { client_id: string; grant_hash: string; session_hash: string | null }[]) {
  const batches: CompiledQuery[][] = [];
  const db = createDb({
    engine: 'd1',
    execute: (query) => {
      if (query.sql.includes('from "oidc_tokens"')) return Promise.resolve(result(grants));
      if (query.sql.includes('from "oidc_clients"')) {
        const id = query.parameters[0];
        return Promise.resolve(
          result([{ client_id: id, backchannel_logout_uri: id === 'game' ? 'https://game.example/bcl' : null }]),
        );
      }
      return Promise.resolve(result());
    },
    executeBatch: (queries) => {
      batches.push([...queries]);
      return Promise.resolve(queries.map(() => result([], 1)));
    },
  });
  return { db, batches };
}

describe('endAccountGrants', () => {
  it('revokes any number of grants in statements of at most 100 bound values, in one batch', async () => {
    const grants = Array.from({ length: 250 }, (_, i) => ({
      client_id: i % 2 === 0 ? 'game' : 'site',
      grant_hash: `g${String(i)}`,
      session_hash: null,
    }));
    const { db, batches } = fakeDb(grants);
    const notices = await endAccountGrants(db, 7, 'blocked', 1000);
    expect(batches).toHaveLength(1);
    const revokes = (batches[0] ?? []).filter((q) => q.sql.startsWith('update "oidc_tokens"'));
    for (const q of revokes) expect(q.parameters.length).toBeLessThanOrEqual(100);
    const revoked = revokes.flatMap((q) => q.parameters.filter((p) => typeof p === 'string' && p.startsWith('g')));
    expect(new Set(revoked)).toEqual(new Set(grants.map((g) => g.grant_hash)));
    // One notice per grant of the client that registered a back-channel URI.
    expect(notices).toHaveLength(125);
    expect(notices.every((n) => n.clientId === 'game' && n.uri === 'https://game.example/bcl')).toBe(true);
  });

  it('keeps to the scope: one session, all but one, one client', async () => {
    const grants = [
      { client_id: 'game', grant_hash: 'a', session_hash: 's1' },
      { client_id: 'game', grant_hash: 'b', session_hash: 's2' },
      { client_id: 'site', grant_hash: 'c', session_hash: 's1' },
      { client_id: 'game', grant_hash: 'd', session_hash: null },
    ];
    const hashes = async (scope: Parameters<typeof endAccountGrants>[4]) => {
      const { db, batches } = fakeDb(grants);
      await endAccountGrants(db, 7, 'signed-out', 1000, scope);
      return (batches[0] ?? [])
        .filter((q) => q.sql.startsWith('update "oidc_tokens"'))
        .flatMap((q) => q.parameters.filter((p) => typeof p === 'string' && p.length === 1));
    };
    expect(await hashes({ session: 's1' })).toEqual(['a', 'c']);
    expect(await hashes({ keepSession: 's1' })).toEqual(['b', 'd']);
    expect(await hashes({ clientId: 'site' })).toEqual(['c']);
  });
});

describe('deliverLogoutTokens', () => {
  afterEach(() => vi.useRealTimers());
  const delivery = { clientId: 'game', uri: 'https://game.example/bcl', token: 't' };

  async function run(answers: (number | 'network')[]) {
    vi.useFakeTimers();
    const fetcher = vi.fn<typeof fetch>(() => {
      const next = answers.shift() ?? 200;
      return next === 'network'
        ? Promise.reject(new Error('down'))
        : Promise.resolve(new Response(null, { status: next }));
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const done = deliverLogoutTokens([delivery], fetcher);
    await vi.runAllTimersAsync();
    const [ok] = await done;
    warn.mockRestore();
    return { ok, calls: fetcher.mock.calls };
  }

  it('posts the token form-encoded, and retries a 5xx, a 429 or a network error', async () => {
    const { ok, calls } = await run([500, 'network', 204]);
    expect(ok).toBe(true);
    expect(calls).toHaveLength(3);
    const init = calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('logout_token=t');
    expect((await run([429, 200])).calls).toHaveLength(2);
  });

  it('gives up after three attempts, and at once when the client refuses the token (4xx)', async () => {
    expect(await run([503, 503, 503, 200])).toMatchObject({ ok: false, calls: { length: 3 } });
    expect(await run([400])).toMatchObject({ ok: false, calls: { length: 1 } });
  });
});
