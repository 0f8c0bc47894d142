/**
 * A real PostgreSQL for unit tests: the npm-installed local server (scripts/postgres-local.mjs) with every
 * PostgreSQL migration applied. One cluster per test file; each `fresh()` database is a new empty one.
 */
import postgres from 'postgres';
import { migratePostgres } from '../../../scripts/db-migrate.mjs';
import { startLocalPostgres } from '../../../scripts/postgres-local.mjs';

export interface TestPostgres {
  /** A new migrated database; its connection string. */
  fresh(): Promise<string>;
  stop(): Promise<void>;
}

export async function testPostgres(): Promise<TestPostgres> {
  const server = await startLocalPostgres({ databases: ['postgres_admin'] });
  const admin = postgres(server.url('postgres_admin'), { max: 1, onnotice: () => undefined });
  let n = 0;
  return {
    async fresh() {
      const name = `test_${++n}`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      const url = server.url(name);
      await migratePostgres(url);
      return url;
    },
    async stop() {
      await admin.end();
      await server.stop();
    },
  };
}
