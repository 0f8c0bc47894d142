/**
 * The engine choice (server/core/db/config.ts) and the request's Db (middleware.ts): D1 by default, PostgreSQL
 * only when fully configured (a half-configured engine is a problem the deployment guard refuses), and the dev
 * Server-Timing header with the request's real query and row counts.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { engineConfig } from '../../../server/core/db/config';
import { dbMiddleware } from '../../../server/core/db/middleware';
import { parseSettings, type Env } from '../../../server/core/env';
import type { AppEnv } from '../../../server/core/http/app-env';
import { insertAccount, testD1 } from './d1-sqlite';

const TOTP_KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(5)));
const hyperdrive = { connectionString: 'postgres://u:p@hyperdrive.internal:5432/db' } as Hyperdrive;

function env(vars: Partial<Env> = {}): Env {
  return {
    DB: testD1().db,
    CONFIG: { get: () => Promise.resolve(null) } as unknown as KVNamespace,
    DEV_TOOLS: '1',
    CAPTCHA_SECRET: 'dev',
    TOTP_ENCRYPTION_KEY: TOTP_KEY,
    ...vars,
  };
}

describe('engine configuration', () => {
  it('is D1 by default and for DB_ENGINE=d1', () => {
    expect(engineConfig(env())).toEqual({ config: { engine: 'd1' }, problems: [] });
    expect(engineConfig(env({ DB_ENGINE: 'd1', DATABASE_URL: 'postgres://x' })).config).toEqual({ engine: 'd1' });
  });

  it('runs on PostgreSQL through the Hyperdrive binding first, else DATABASE_URL', () => {
    expect(engineConfig(env({ DB_ENGINE: 'postgres', HYPERDRIVE: hyperdrive })).config).toEqual({
      engine: 'postgres',
      connectionString: hyperdrive.connectionString,
      via: 'hyperdrive',
    });
    const url = 'postgresql://app:secret@127.0.0.1:5432/accounts';
    expect(engineConfig(env({ DB_ENGINE: 'postgres', DATABASE_URL: url })).config).toEqual({
      engine: 'postgres',
      connectionString: url,
      via: 'url',
    });
  });

  it('lists a half-configured engine as a problem, in either mode, without echoing the secret', () => {
    const missing = parseSettings(env({ DB_ENGINE: 'postgres' }), { kind: 'none' });
    expect(missing.problems.join('\n')).toMatch(/DB_ENGINE=postgres, but there is neither a HYPERDRIVE binding/);
    const bad = engineConfig(env({ DB_ENGINE: 'postgres', DATABASE_URL: 'mysql://u:hunter2@h/db' }));
    expect(bad.config).toBeNull();
    expect(bad.problems.join()).toMatch(/not a postgres:\/\/ or postgresql:\/\//);
    expect(bad.problems.join()).not.toMatch(/hunter2/);
    expect(engineConfig(env({ DB_ENGINE: 'mysql' })).problems).toEqual([
      'DB_ENGINE=mysql is not an engine: leave it unset (D1) or set postgres',
    ]);
  });
});

describe('the request Db', () => {
  function app() {
    const a = new Hono<AppEnv>();
    a.use('*', dbMiddleware);
    a.get('/count', async (c) => {
      const db = c.var.db;
      const rows = await db.all(db.q.selectFrom('accounts').select('id'));
      await db.run(db.q.updateTable('accounts').set({ updated_at: 1 }));
      await db.batch([
        db.q.insertInto('rate_limits').values({ scope: 't', key: 'k', count: 1, window_start: 1, locked_until: 0 }),
        db.q.selectFrom('rate_limits').select('count'),
      ]);
      return c.json({ engine: db.engine, rows: rows.length });
    });
    return a;
  }

  it('is D1 by default, and dev mode reports its statements, rows and counter rows in Server-Timing', async () => {
    const e = env();
    const d1 = testD1();
    insertAccount(d1.sqlite, 'a@example.test');
    insertAccount(d1.sqlite, 'b@example.test');
    const res = await app().request('/count', {}, { ...e, DB: d1.db });
    expect(await res.json()).toEqual({ engine: 'd1', rows: 2 });
    expect(res.headers.get('Server-Timing')).toMatch(
      /^db;dur=\d+\.\d;desc="q=4 r=3 w=3 cw=1", dbw;desc="accounts=2 rate_limits=1"$/,
    );
  });

  it('sends no Server-Timing without DEV_TOOLS', async () => {
    const res = await app().request('/count', {}, env({ DEV_TOOLS: '0' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('Server-Timing')).toBeNull();
  });
});
