/**
 * The data engine on a real PostgreSQL (the npm-installed local server): the schema matches D1's table by table,
 * the README's five patterns behave as on D1, and the atomic units hold under parallel requests (single-use
 * guards, unique inserts, batches at SERIALIZABLE that conflict and are retried).
 */
import postgres from 'postgres';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedSqlite } from '../../../scripts/db-tables.mjs';
import { DbConstraintError, isCheckViolation, isUniqueViolation } from '../../../server/core/db/engine';
import { dbFor } from '../../../server/core/db/index';
import { pgError, postgresDb } from '../../../server/core/db/postgres';
import { testD1 } from './d1-sqlite';
import { testPostgres, type TestPostgres } from './pg-harness';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await testPostgres();
}, 60_000);
afterAll(async () => {
  await pg.stop();
});

type Family = 'integer' | 'text' | 'text (case-insensitive)';
interface Shape {
  columns: Record<string, { family: Family; notNull: boolean }>;
  primaryKey: string[];
  /** `unique (a, b)` / `index (a) partial`, sorted. */
  indexes: string[];
}

function describeIndex(unique: boolean, columns: string[], partial: boolean): string {
  return `${unique ? 'unique' : 'index'} (${columns.join(', ')})${partial ? ' partial' : ''}`;
}

function sqliteShape(): Record<string, Shape> {
  const db = migratedSqlite();
  const tables = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string; sql: string }[];
  const out: Record<string, Shape> = {};
  for (const t of tables) {
    const nocase = new Set([...t.sql.matchAll(/"(\w+)" text[^,\n]*collate nocase/gi)].map((m) => m[1]));
    const cols = db.prepare(`PRAGMA table_info("${t.name}")`).all() as {
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }[];
    const indexes = (
      db.prepare(`PRAGMA index_list("${t.name}")`).all() as {
        name: string;
        unique: number;
        origin: string;
        partial: number;
      }[]
    )
      .filter((i) => i.origin !== 'pk')
      .map((i) => {
        const columns = (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[]).map((c) => c.name);
        return describeIndex(i.unique === 1, columns, i.partial === 1);
      });
    out[t.name] = {
      columns: Object.fromEntries(
        cols.map((c) => [
          c.name,
          {
            family: /INT/i.test(c.type) ? 'integer' : nocase.has(c.name) ? 'text (case-insensitive)' : 'text',
            notNull: c.notnull === 1 || c.pk > 0,
          },
        ]),
      ),
      primaryKey: cols
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      indexes: indexes.sort(),
    };
  }
  return out;
}

async function postgresShape(url: string): Promise<Record<string, Shape>> {
  const client = postgres(url, { max: 1 });
  try {
    const cols = await client<{ table: string; column: string; type: string; udt: string; nullable: string }[]>`
      SELECT table_name AS table, column_name AS column, data_type AS type, udt_name AS udt, is_nullable AS nullable
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_migrations'
      ORDER BY table_name, ordinal_position`;
    const idx = await client<
      { table: string; primary: boolean; unique: boolean; partial: boolean; columns: string[] }[]
    >`
      SELECT t.relname AS table, i.indisprimary AS primary, i.indisunique AS unique, i.indpred IS NOT NULL AS partial,
        array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace
      WHERE s.nspname = 'public' AND t.relname <> 'schema_migrations'`;
    const out: Record<string, Shape> = {};
    for (const c of cols) {
      const family: Family =
        c.type === 'bigint' || c.type === 'integer' || c.type === 'smallint'
          ? 'integer'
          : c.udt === 'citext'
            ? 'text (case-insensitive)'
            : c.type === 'text'
              ? 'text'
              : (c.type as Family);
      const shape = (out[c.table] ??= { columns: {}, primaryKey: [], indexes: [] });
      shape.columns[c.column] = { family, notNull: c.nullable === 'NO' };
    }
    for (const i of idx) {
      const shape = out[i.table];
      if (shape === undefined) throw new Error(`index on unknown table ${i.table}`);
      if (i.primary) shape.primaryKey = i.columns;
      else shape.indexes.push(describeIndex(i.unique, i.columns, i.partial));
    }
    for (const s of Object.values(out)) s.indexes.sort();
    return out;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL schema', () => {
  it('matches the D1 schema: tables, columns, nullability, type family, keys, indexes and unique constraints', async () => {
    const lite = sqliteShape();
    const pgShape = await postgresShape(await pg.fresh());
    expect(Object.keys(pgShape).sort()).toEqual(Object.keys(lite).sort());
    for (const name of Object.keys(lite)) expect(pgShape[name], name).toEqual(lite[name]);
    expect(Object.keys(lite).length).toBeGreaterThan(40);
  });
});

describe('Db on PostgreSQL', () => {
  async function fresh() {
    const url = await pg.fresh();
    const db = postgresDb(url, { max: 4 });
    /** `n` Dbs with a connection each, as `n` parallel requests have. */
    const requests = (n: number) => Array.from({ length: n }, () => postgresDb(url, { max: 1 }));
    const account = async (email: string) => {
      const row = await db.first(
        db.q.insertInto('accounts').values({ email, created_at: 0, updated_at: 0 }).returning('id'),
      );
      if (row === undefined) throw new Error('no id returned');
      return row.id;
    };
    return { db, account, requests };
  }

  it('selects one row (case-insensitively on a nocase column), integers as numbers', async () => {
    const { db, account } = await fresh();
    const id = await account('Ana@Example.test');
    const q = (email: string) =>
      db.q.selectFrom('accounts').select(['id', 'email', 'email_verified']).where('email', '=', email);
    expect(await db.first(q('ana@example.test'))).toEqual({ id, email: 'Ana@Example.test', email_verified: 0 });
    expect(await db.first(q('nobody@example.test'))).toBeUndefined();
    const counted = await db.first(db.q.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')));
    expect(counted).toEqual({ n: 1 });
    // Rows read: the id the insert returned, the account found, the count.
    expect(db.stats).toMatchObject({ queries: 4, rowsRead: 3, rowsWritten: 1 });
    await db.close();
  });

  it('guards a conditional UPDATE … RETURNING: of 10 parallel consumers exactly one wins', async () => {
    const { db, account, requests } = await fresh();
    const accountId = await account('a@example.test');
    await db.run(
      db.q
        .insertInto('sso_codes')
        .values({ code_hash: 'h', account_id: accountId, device_id: 'd', created_at: 0, expires_at: 1000 }),
    );
    const consumers = requests(10);
    const consume = (c: (typeof consumers)[number]) =>
      c.first(
        c.q
          .updateTable('sso_codes')
          .set({ used_at: 5 })
          .where('code_hash', '=', 'h')
          .where('used_at', 'is', null)
          .where('expires_at', '>', 5)
          .returning(['account_id']),
      );
    const won = (await Promise.all(consumers.map(consume))).filter((r) => r !== undefined);
    expect(won).toEqual([{ account_id: accountId }]);
    await Promise.all([db, ...consumers].map((c) => c.close()));
  });

  it('refuses the second of two parallel sign-ups for one address (any case) as a unique violation', async () => {
    const { db, requests } = await fresh();
    const [a, b] = requests(2) as [ReturnType<typeof postgresDb>, ReturnType<typeof postgresDb>];
    const insert = (c: typeof a, email: string) =>
      c.first(c.q.insertInto('accounts').values({ email, created_at: 0, updated_at: 0 }).returning('id'));
    const outcomes = await Promise.allSettled([insert(a, 'c@example.test'), insert(b, 'C@EXAMPLE.test')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(DbConstraintError);
    expect(isUniqueViolation(refused?.reason, 'accounts', 'email')).toBe(true);
    await Promise.all([db, a, b].map((c) => c.close()));
  });

  it('runs a batch atomically: a failing statement (guard CHECK) rolls back the one before it', async () => {
    const { db, account } = await fresh();
    const id = await account('b@example.test');
    const [updated, inserted] = await db.batch([
      db.q.updateTable('accounts').set({ updated_at: 9 }).where('id', '=', id).returning(['updated_at']),
      db.q.insertInto('audit_log').values({ account_id: id, event: 'x', created_at: 1 }),
    ]);
    expect(updated.rows).toEqual([{ updated_at: 9 }]);
    expect(inserted.rowsAffected).toBe(1);
    const failing = db.batch([
      db.q.updateTable('accounts').set({ updated_at: 10 }).where('id', '=', id),
      db.q.insertInto('payment_batch_guard').values({ failed: 1 }),
    ]);
    await expect(failing).rejects.toSatisfy(isCheckViolation);
    expect(await db.first(db.q.selectFrom('accounts').select('updated_at').where('id', '=', id))).toEqual({
      updated_at: 9,
    });
    await db.close();
  });

  it('serialises conflicting batches: 8 parallel read-then-write batches lose no update', async () => {
    const { db, account, requests } = await fresh();
    const id = await account('e@example.test');
    const clients = requests(8);
    // Each batch reads the counter through a subquery and writes it back plus one: at SERIALIZABLE, conflicting
    // transactions fail with 40001 and are retried, so every increment lands (read committed would lose some).
    const bump = (c: (typeof clients)[number]) =>
      c.batch([
        c.q
          .updateTable('accounts')
          .set((eb) => ({
            renames_remaining: eb
              .selectFrom('accounts as a')
              .select(sql<number>`a.renames_remaining + 1`.as('n'))
              .where('a.id', '=', id),
          }))
          .where('id', '=', id),
        c.q.insertInto('audit_log').values({ account_id: id, event: 'bump', created_at: 1 }),
      ]);
    await Promise.all(clients.map(bump));
    expect(await db.first(db.q.selectFrom('accounts').select('renames_remaining').where('id', '=', id))).toEqual({
      renames_remaining: 2 + 8,
    });
    await Promise.all([db, ...clients].map((c) => c.close()));
  });

  it('counts with one upsert, exactly, under 20 parallel hits', async () => {
    const { db } = await fresh();
    const hit = () =>
      db.first(
        db.q
          .insertInto('rate_limits')
          .values({ scope: 'signin', key: 'ip:1', count: 1, window_start: 0 })
          .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
          .returning(['count']),
      );
    const counts = await Promise.all(Array.from({ length: 20 }, hit));
    expect(counts.map((c) => c?.count).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    await db.close();
  });

  it('is what dbFor gives a request with DB_ENGINE=postgres, closed through waitUntil', async () => {
    const url = await pg.fresh();
    const pending: Promise<unknown>[] = [];
    const db = dbFor(
      { DB: testD1().db, DB_ENGINE: 'postgres', DATABASE_URL: url },
      { waitUntil: (p) => pending.push(p) },
    );
    expect(db.engine).toBe('postgres');
    expect(await db.first(db.q.selectFrom('dev_clock').select('offset_ms'))).toBeUndefined();
    await db.close();
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
  });

  it('maps PostgreSQL constraint errors, and leaves other errors alone', () => {
    const unique = Object.assign(new Error('duplicate key'), {
      code: '23505',
      table_name: 'linked_providers',
      detail: 'Key (account_id, provider)=(1, google) already exists.',
    });
    expect(pgError(unique)).toMatchObject({
      kind: 'unique',
      table: 'linked_providers',
      columns: ['account_id', 'provider'],
    });
    const notNull = Object.assign(new Error('null value'), {
      code: '23502',
      table_name: 'accounts',
      column_name: 'email',
    });
    expect(pgError(notNull)).toMatchObject({ kind: 'not_null', columns: ['email'] });
    const other = Object.assign(new Error('syntax'), { code: '42601' });
    expect(pgError(other)).toBe(other);
  });
});
