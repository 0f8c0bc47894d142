/**
 * The dev instance's own database, as its API sees it: its local D1 (project `api`) or, on project `api-pg`, its
 * PostgreSQL database (DATABASE_URL of tests/api/global-setup.ts). Tests that run server code directly against the
 * instance (the support desk's operator) or check what it stored read through this `Db`, so they hold on both
 * engines. `d1` stays open beside it: the dev clock lives in D1 on either engine (server/core/data/dev-clock.ts).
 */
import { getPlatformProxy } from 'wrangler';
import { inject } from 'vitest';
import { d1Db } from '../../server/core/db/d1';
import type { Db } from '../../server/core/db/engine';
import { postgresDb } from '../../server/core/db/postgres';

export interface InstanceDb {
  db: Db;
  d1: D1Database;
  close(): Promise<void>;
}

export async function openInstanceDb(): Promise<InstanceDb> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: `${inject('apiPersistDir')}/v3` } });
  if (inject('apiEngine') !== 'postgres')
    return { db: d1Db(proxy.env.DB), d1: proxy.env.DB, close: () => proxy.dispose() };
  const pg = postgresDb(inject('apiDatabaseUrl'), { max: 4 });
  return {
    db: pg,
    d1: proxy.env.DB,
    close: async () => {
      await pg.close();
      await proxy.dispose();
    },
  };
}
