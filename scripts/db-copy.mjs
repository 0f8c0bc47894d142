#!/usr/bin/env node
/**
 * Moving a region from D1 to PostgreSQL (README "Deploying on PostgreSQL"):
 *
 *   npm run db:export -- --persist .wrangler/state --out accounts.ndjson   # the local D1 of `npm start`
 *   npm run db:export -- --d1-sql d1.sql --out accounts.ndjson              # `wrangler d1 export DB --remote --output d1.sql`
 *   DATABASE_URL=postgres://… npm run db:import -- --in accounts.ndjson
 *
 * The export writes one JSON line per table ({"table", "columns", "count"}) followed by one line per row (an array
 * in the columns' order). The import refuses a database that already holds accounts, applies the PostgreSQL
 * migrations, inserts every table in one transaction (tables in creation order, so a row's references exist
 * first), moves each identity past the highest imported id, and then compares every table's count with the
 * export's: any difference rolls the whole import back.
 */
import { closeSync, createReadStream, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { MIGRATIONS } from '../server/core/db/schema/migrations.ts';
import { migratePostgres } from './db-migrate.mjs';

/** Every table of the schema, in the order the migrations create them (referenced tables first). */
export const TABLES = MIGRATIONS.flatMap((m) => m.steps.filter((s) => s.kind === 'table').map((s) => s.name));
/** Tables whose `id` is a generated identity on PostgreSQL. */
const IDENTITY = new Set(
  MIGRATIONS.flatMap((m) =>
    m.steps.filter((s) => s.kind === 'table' && s.columns.id?.type === 'id').map((s) => s.name),
  ),
);

/** The SQLite file of a wrangler --persist-to folder (one D1 database). */
function persistedSqlite(persist) {
  const dir = join(persist, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.length}`);
  return join(dir, files[0]);
}

/** Writes the export of a SQLite database (a D1's data) to `out`; resolves with the row count of each table. */
export function exportSqlite(db, out) {
  const fd = openSync(out, 'w');
  const counts = {};
  try {
    for (const table of TABLES) {
      const columns = db
        .prepare(`PRAGMA table_info("${table}")`)
        .all()
        .map((c) => c.name);
      const { n } = db.prepare(`SELECT count(*) AS n FROM "${table}"`).get();
      writeSync(fd, `${JSON.stringify({ table, columns, count: n })}\n`);
      const select = db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`);
      select.setReturnArrays?.(true);
      for (const row of select.iterate())
        writeSync(fd, `${JSON.stringify(Array.isArray(row) ? row : Object.values(row))}\n`);
      counts[table] = n;
    }
  } finally {
    closeSync(fd);
  }
  return counts;
}

const CHUNK = 500;

/** Imports an export into the PostgreSQL at `url` (see the file header); resolves with each table's count. */
export async function importInto(url, file) {
  await migratePostgres(url);
  const sql = postgres(url, { max: 1, onnotice: () => undefined, fetch_types: false });
  try {
    const [{ n }] = await sql`SELECT count(*)::int AS n FROM accounts`;
    if (n > 0) throw new Error(`the target already holds ${n} accounts: import into an empty database`);
    const expected = {};
    await sql.begin(async (tx) => {
      let current = null;
      let batch = [];
      const flush = async () => {
        if (current === null || batch.length === 0) return;
        const rows = batch.map((values) => Object.fromEntries(current.columns.map((c, i) => [c, values[i]])));
        await tx`INSERT INTO ${tx(current.table)} ${tx(rows, current.columns)}`;
        batch = [];
      };
      const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === '') continue;
        const value = JSON.parse(line);
        if (Array.isArray(value)) {
          batch.push(value);
          if (batch.length >= CHUNK) await flush();
          continue;
        }
        await flush();
        if (!TABLES.includes(value.table)) throw new Error(`the export holds an unknown table ${value.table}`);
        current = value;
        expected[value.table] = value.count;
      }
      await flush();
      for (const table of IDENTITY)
        await tx.unsafe(
          `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT max(id) FROM "${table}"), 1), (SELECT max(id) IS NOT NULL FROM "${table}"))`,
        );
      for (const [table, count] of Object.entries(expected)) {
        const [{ n: got }] = await tx.unsafe(`SELECT count(*)::int AS n FROM "${table}"`);
        if (got !== count) throw new Error(`${table}: ${got} rows imported, ${count} exported: nothing was imported`);
      }
    });
    return expected;
  } finally {
    await sql.end();
  }
}

function table(counts) {
  for (const [t, n] of Object.entries(counts)) if (n > 0) console.log(`  ${t.padEnd(28)} ${n}`);
  console.log(`  ${'total rows'.padEnd(28)} ${Object.values(counts).reduce((a, b) => a + b, 0)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      persist: { type: 'string' },
      sqlite: { type: 'string' },
      'd1-sql': { type: 'string' },
      out: { type: 'string' },
      in: { type: 'string' },
    },
  });
  if (command === 'export') {
    if (values.out === undefined) throw new Error('--out FILE is required');
    let db;
    if (values['d1-sql'] !== undefined) {
      db = new DatabaseSync(':memory:');
      db.exec(readFileSync(values['d1-sql'], 'utf8'));
    } else {
      db = new DatabaseSync(values.sqlite ?? persistedSqlite(values.persist ?? '.wrangler/state'), { readOnly: true });
    }
    const counts = exportSqlite(db, values.out);
    console.log(`exported to ${values.out}:`);
    table(counts);
  } else if (command === 'import') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('set DATABASE_URL to the PostgreSQL database to import into');
    if (values.in === undefined) throw new Error('--in FILE is required');
    const counts = await importInto(url, values.in);
    console.log('imported, every table count checked:');
    table(counts);
  } else {
    console.error('usage: db-copy.mjs export|import …');
    process.exit(2);
  }
}
