/**
 * The data engine on D1 (node:sqlite shim with every migration applied): the five patterns of
 * server/core/db/README.md run for real, with the stats and the constraint errors both engines share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import { d1Db, d1Error, isBusy, retryBusy } from '../../../server/core/db/d1';
import { DbConstraintError, isCheckViolation, isUniqueViolation, writtenTable } from '../../../server/core/db/engine';
import { insertAccount, testD1 } from './d1-sqlite';

function fresh(connection?: DatabaseSync) {
  const { db: d1, sqlite } = testD1(connection);
  return { db: d1Db(d1), sqlite };
}

describe('Db on D1', () => {
  it('selects one row, or undefined', async () => {
    const { db, sqlite } = fresh();
    const id = insertAccount(sqlite, 'Ana@Example.test');
    const q = (email: string) => db.q.selectFrom('accounts').select(['id', 'email']).where('email', '=', email);
    // COLLATE NOCASE on accounts.email: the lookup ignores case.
    expect(await db.first(q('ana@example.test'))).toEqual({ id, email: 'Ana@Example.test' });
    expect(await db.first(q('nobody@example.test'))).toBeUndefined();
    expect(db.stats.queries).toBe(2);
    expect(db.stats.rowsRead).toBe(1);
  });

  it('guards a conditional UPDATE … RETURNING: only one of two consumers wins', async () => {
    const { db, sqlite } = fresh();
    const accountId = insertAccount(sqlite, 'a@example.test');
    await db.run(
      db.q.insertInto('sso_codes').values({
        code_hash: 'h',
        account_id: accountId,
        device_id: 'd',
        created_at: 0,
        expires_at: 1000,
      }),
    );
    const consume = () =>
      db.first(
        db.q
          .updateTable('sso_codes')
          .set({ used_at: 5 })
          .where('code_hash', '=', 'h')
          .where('used_at', 'is', null)
          .where('expires_at', '>', 5)
          .returning(['account_id']),
      );
    expect(await consume()).toEqual({ account_id: accountId });
    expect(await consume()).toBeUndefined();
  });

  it('counts with one upsert (ON CONFLICT … DO UPDATE)', async () => {
    const { db } = fresh();
    const hit = () =>
      db.first(
        db.q
          .insertInto('rate_limits')
          .values({ scope: 'signin', key: 'ip:1', count: 1, window_start: 0 })
          .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
          .returning(['count']),
      );
    expect(await hit()).toEqual({ count: 1 });
    expect(await hit()).toEqual({ count: 2 });
    expect(db.stats.rowsWritten).toBe(2);
  });

  it('runs a batch of two writes atomically, and rolls both back when one fails', async () => {
    const { db, sqlite } = fresh();
    const accountId = insertAccount(sqlite, 'b@example.test');
    const audit = db.q.insertInto('audit_log').values({ account_id: accountId, event: 'x', created_at: 1 });
    const [updated, inserted] = await db.batch([
      db.q.updateTable('accounts').set({ updated_at: 9 }).where('id', '=', accountId).returning(['updated_at']),
      audit,
    ]);
    expect(updated.rows).toEqual([{ updated_at: 9 }]);
    expect(inserted.rowsAffected).toBe(1);
    expect(db.stats.queries).toBe(2);
    // The guard table's CHECK fails the second statement: the first one is undone too.
    const failing = db.batch([
      db.q.updateTable('accounts').set({ updated_at: 10 }).where('id', '=', accountId),
      db.q.insertInto('payment_batch_guard').values({ failed: 1 }),
    ]);
    await expect(failing).rejects.toSatisfy(isCheckViolation);
    expect(await db.first(db.q.selectFrom('accounts').select('updated_at').where('id', '=', accountId))).toEqual({
      updated_at: 9,
    });
  });

  it('reports a duplicate of a unique column as a unique violation naming table and column', async () => {
    const { db } = fresh();
    const insert = (email: string) =>
      db.first(db.q.insertInto('accounts').values({ email, created_at: 0, updated_at: 0 }).returning('id'));
    const first = await insert('c@example.test');
    expect(first?.id).toBeTypeOf('number');
    const error: unknown = await insert('C@example.test').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbConstraintError);
    expect(isUniqueViolation(error, 'accounts', 'email')).toBe(true);
    expect(isUniqueViolation(error, 'accounts', 'login_id')).toBe(false);
  });

  it('maps every SQLite constraint message, and leaves other errors alone', () => {
    const pair = d1Error(
      new Error(
        'D1_ERROR: UNIQUE constraint failed: linked_providers.account_id, linked_providers.provider: SQLITE_CONSTRAINT',
      ),
    );
    expect(pair).toMatchObject({ kind: 'unique', table: 'linked_providers', columns: ['account_id', 'provider'] });
    // The extended result code D1 sometimes adds (a composite primary key lost to a parallel write).
    const extended = d1Error(
      new Error(
        'D1_ERROR: UNIQUE constraint failed: platform_links.platform, platform_links.platform_user_id: ' +
          'SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_PRIMARYKEY)',
      ),
    );
    expect(extended).toMatchObject({
      kind: 'unique',
      table: 'platform_links',
      columns: ['platform', 'platform_user_id'],
    });
    expect(d1Error(new Error('NOT NULL constraint failed: accounts.email'))).toMatchObject({
      kind: 'not_null',
      table: 'accounts',
      columns: ['email'],
    });
    expect(d1Error(new Error('FOREIGN KEY constraint failed'))).toMatchObject({ kind: 'foreign_key', table: null });
    const other = new Error('no such table: x');
    expect(d1Error(other)).toBe(other);
  });

  it('compiles JS booleans to 0/1', async () => {
    const { db, sqlite } = fresh();
    const id = insertAccount(sqlite, 'd@example.test');
    await db.run(
      db.q
        .updateTable('accounts')
        .set({ email_verified: Number(true) })
        .where('id', '=', id),
    );
    await db.run(sql`UPDATE accounts SET is_minor = ${true} WHERE id = ${id}`);
    expect(
      await db.first(db.q.selectFrom('accounts').select(['email_verified', 'is_minor']).where('id', '=', id)),
    ).toEqual({ email_verified: 1, is_minor: 1 });
  });
});

describe('SQLITE_BUSY: an operator script holds the local D1 file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The server's connection (through the executor) and another process's, on one WAL file as workerd keeps it. */
  function shared() {
    const dir = mkdtempSync(join(tmpdir(), 'd1-busy-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const server = new DatabaseSync(file);
    server.exec('PRAGMA journal_mode = WAL');
    const { db } = fresh(server);
    return { db, server, script: new DatabaseSync(file) };
  }
  const emails = (db: DatabaseSync) =>
    (db.prepare('SELECT email FROM accounts ORDER BY email').all() as { email: string }[]).map((r) => r.email);

  it('waits for the lock, then writes once: a statement and a batch', async () => {
    const { db, server, script } = shared();
    const insert = (email: string) => db.q.insertInto('accounts').values({ email, created_at: 0, updated_at: 0 });
    script.exec('BEGIN IMMEDIATE');
    // Without the retry this fails at once: SQLite answers "database is locked" while the script writes.
    expect(() => server.exec("INSERT INTO accounts (email, created_at, updated_at) VALUES ('x@e.test', 0, 0)")).toThrow(
      /database is locked/,
    );
    setTimeout(() => script.exec('COMMIT'), 150);
    const started = Date.now();
    expect(await db.run(insert('a@example.test'))).toEqual({ rowsAffected: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);

    script.exec('BEGIN IMMEDIATE');
    setTimeout(() => script.exec('COMMIT'), 150);
    await db.batch([insert('b@example.test'), insert('c@example.test')]);
    expect(emails(script)).toEqual(['a@example.test', 'b@example.test', 'c@example.test']);
  });

  it('gives up after ten attempts with the BUSY error; other errors are not retried', async () => {
    const busy = new Error('D1_ERROR: database is locked: SQLITE_BUSY (extended: SQLITE_BUSY_SNAPSHOT)');
    const waits: number[] = [];
    let calls = 0;
    const error = await retryBusy(
      () => {
        calls += 1;
        return Promise.reject(busy);
      },
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    ).catch((e: unknown) => e);
    expect(error).toBe(busy);
    expect(calls).toBe(10);
    expect(waits).toHaveLength(9);
    // Each wait is at least half its cap (40 ms doubling to 500): at least 1.5 s in all.
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1_550);
    expect(Math.max(...waits)).toBeLessThanOrEqual(500);

    calls = 0;
    const unique = await retryBusy(() => {
      calls += 1;
      return Promise.reject(new Error('D1_ERROR: UNIQUE constraint failed: accounts.email: SQLITE_CONSTRAINT'));
    }).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(isUniqueViolation(unique, 'accounts', 'email')).toBe(true);
  });

  it('knows BUSY by D1’s and SQLite’s messages only', () => {
    expect(isBusy(new Error('D1_ERROR: database is locked: SQLITE_BUSY'))).toBe(true);
    expect(isBusy(new Error('database is locked'))).toBe(true);
    expect(isBusy(new Error('D1_ERROR: no such table: accounts: SQLITE_ERROR'))).toBe(false);
    expect(isBusy('SQLITE_BUSY')).toBe(false);
  });
});

describe('rows written by table (Server-Timing dbw, docs/scale.md)', () => {
  it('names the table a compiled write targets, and nothing for a read', () => {
    const { db } = fresh();
    const compiled = (q: { compile(): CompiledQuery }) => q.compile();
    expect(
      writtenTable(
        compiled(
          db.q.insertInto('rate_limits').values({ scope: 's', key: 'k', count: 1, window_start: 0, locked_until: 0 }),
        ),
      ),
    ).toBe('rate_limits');
    expect(writtenTable(compiled(db.q.updateTable('accounts').set({ updated_at: 1 }).where('id', '=', 1)))).toBe(
      'accounts',
    );
    expect(writtenTable(compiled(db.q.deleteFrom('sessions').where('account_id', '=', 1)))).toBe('sessions');
    expect(writtenTable(compiled(db.q.selectFrom('accounts').select('id')))).toBeNull();
  });

  it('adds each statement of a batch to its own table, counters apart', async () => {
    const { db, sqlite } = fresh();
    insertAccount(sqlite, 'a@example.test');
    await db.batch([
      db.q.insertInto('rate_limits').values({ scope: 's', key: 'k', count: 1, window_start: 0, locked_until: 0 }),
      db.q.updateTable('accounts').set({ updated_at: 1 }),
      db.q.selectFrom('accounts').select('id'),
    ]);
    expect(db.stats.rowsWrittenByTable).toEqual({ rate_limits: db.stats.counterRowsWritten, accounts: 1 });
    expect(db.stats.counterRowsWritten).toBeGreaterThan(0);
    expect(db.stats.rowsWritten).toBe(db.stats.counterRowsWritten + 1);
  });
});
