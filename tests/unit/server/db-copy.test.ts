/**
 * Moving from D1 to PostgreSQL (scripts/db-copy.mjs): a D1 database (SQLite with every migration) exported and
 * imported into an empty PostgreSQL keeps every row, the ids continue after the highest imported one, and an
 * import into a database that already holds accounts is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSqlite, importInto, TABLES } from '../../../scripts/db-copy.mjs';
import { postgresDb } from '../../../server/core/db/postgres';
import { insertAccount, testD1 } from './d1-sqlite';
import { testPostgres, type TestPostgres } from './pg-harness';

let pg: TestPostgres;
const dir = mkdtempSync(join(tmpdir(), 'lf-copy-'));
beforeAll(async () => {
  pg = await testPostgres();
}, 60_000);
afterAll(async () => {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('db:export → db:import', () => {
  it('copies every table with its counts checked, and ids continue after the copy', async () => {
    const { sqlite } = testD1();
    const ana = insertAccount(sqlite, 'Ana@Example.test', { login_id: 'anaplays', email_verified: 1 });
    const ben = insertAccount(sqlite, 'ben@example.test', { phone_no: null });
    sqlite.exec(`INSERT INTO credentials (account_id, password_hash, changed_at) VALUES (${ana}, 'h1', 5)`);
    sqlite.exec(`INSERT INTO family_links (child_id, parent_id, created_at) VALUES (${ben}, ${ana}, 6)`);
    for (let i = 0; i < 1200; i++)
      sqlite.exec(`INSERT INTO audit_log (account_id, event, created_at) VALUES (${ana}, 'e${i}', ${i})`);
    const file = join(dir, 'export.ndjson');
    const exported = exportSqlite(sqlite, file);
    expect(Object.keys(exported)).toEqual(TABLES);
    expect(exported).toMatchObject({ accounts: 2, credentials: 1, family_links: 1, audit_log: 1200 });

    const url = await pg.fresh();
    expect(await importInto(url, file)).toEqual(exported);
    const db = postgresDb(url);
    expect(
      await db.first(db.q.selectFrom('accounts').selectAll().where('email', '=', 'ana@example.test')),
    ).toMatchObject({ id: ana, login_id: 'anaplays', email_verified: 1, phone_no: null, searchable: 1 });
    const next = await db.first(
      db.q.insertInto('accounts').values({ email: 'new@example.test', created_at: 0, updated_at: 0 }).returning('id'),
    );
    expect(next?.id).toBe(ben + 1);
    await db.close();

    await expect(importInto(url, file)).rejects.toThrow(/already holds 3 accounts/);
  });
});
