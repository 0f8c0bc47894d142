/**
 * What the account holds, table by table, for "download my data", and the
 * removal of it all when a deletion's grace period ends. Both walk every
 * table with an `account_id` column (read from the schema itself), so a table
 * another area adds later is exported and purged without a change here.
 * Table and column names come from the engine's catalogue (SQLite's
 * sqlite_master and pragma_table_info on D1, information_schema on
 * PostgreSQL), never from a request; values are bound parameters.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import * as z from 'zod/mini';
import type { Db, Query } from '../core/db/engine';

/** Columns that hold secrets or credentials: never exported (hashes, sealed secrets, codes, tokens, links). */
const SECRET_COLUMN = /hash|secret|_enc$|^code$|token|^link$|^body$/;

/** Tables whose rows stay, anonymised, after the account is removed (security statistics, payment records). */
const ANONYMISED = new Set(['audit_log', 'payments']);

const nameList = z.array(z.object({ name: z.string() }));
const columnList = z.array(z.object({ table_name: z.string(), column_name: z.string() }));

/**
 * The builder over tables named at run time (read from the catalogue): the generated table types cannot name them,
 * so their rows are typed loosely here and nowhere else.
 */
type AnyTables = Record<string, Record<string, unknown>>;
const dynamic = (db: Db) => db.q as unknown as Kysely<AnyTables>;

/**
 * Every table of the schema and its columns, in column order, tables by name. Catalogues differ by engine, so the
 * queries do: D1 lists its tables (leaving out SQLite's own, Cloudflare's `_cf_` ones and wrangler's
 * d1_migrations) and asks pragma_table_info for each; PostgreSQL answers in one information_schema query (leaving
 * out scripts/db-migrate.mjs's schema_migrations).
 */
async function schemaTables(db: Db): Promise<{ name: string; columns: string[] }[]> {
  const out = new Map<string, string[]>();
  if (db.engine === 'd1') {
    const tables = nameList.parse(
      await db.all(
        sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
            AND name != 'd1_migrations'`,
      ),
    );
    for (const { name } of tables) {
      const cols = nameList.parse(await db.all(sql`SELECT name FROM pragma_table_info(${name})`));
      out.set(
        name,
        cols.map((c) => c.name),
      );
    }
  } else {
    const rows = columnList.parse(
      await db.all(
        sql`SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'
            ORDER BY table_name, ordinal_position`,
      ),
    );
    for (const r of rows) out.set(r.table_name, [...(out.get(r.table_name) ?? []), r.column_name]);
  }
  // Sorted here, not by the engine: PostgreSQL orders names by its collation, SQLite by their bytes.
  return [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, columns]) => ({ name, columns }));
}

/** Tables with an account_id column, and family_links (its child_id and parent_id name accounts). */
async function accountTables(db: Db) {
  const tables = await schemaTables(db);
  return {
    accountColumns: tables.find((t) => t.name === 'accounts')?.columns ?? [],
    tables: tables.filter((t) => t.columns.includes('account_id') || t.name === 'family_links'),
  };
}

/** Every row of the account, secret columns left out, by table (the account itself as `accounts`). */
export async function exportAccount(db: Db, accountId: number, email: string) {
  const q = dynamic(db);
  const tables: Record<string, Record<string, unknown>[]> = {};
  type Where = (eb: ExpressionBuilder<AnyTables, string>) => Expression<SqlBool>;
  const read = async (name: string, columns: string[], where: Where) => {
    const shown = columns.filter((c) => !SECRET_COLUMN.test(c));
    if (shown.length === 0) return;
    const results = await db.all(q.selectFrom(name).select(shown).where(where));
    if (results.length > 0) tables[name] = results;
  };
  const { accountColumns, tables: owned } = await accountTables(db);
  await read('accounts', accountColumns, (eb) => eb('id', '=', accountId));
  for (const { name, columns } of owned) {
    if (name === 'family_links')
      await read(name, columns, (eb) => eb.or([eb('child_id', '=', accountId), eb('parent_id', '=', accountId)]));
    else await read(name, columns, (eb) => eb('account_id', '=', accountId));
  }
  // The messages sent to the account's address: when and what about (their text may hold codes and links).
  await read('outbox', ['channel', 'recipient', 'subject', 'status', 'created_at'], (eb) =>
    eb('recipient', '=', email),
  );
  return tables;
}

/**
 * The statements that remove an account for good: its rows in every table,
 * the messages to its address, its newsletter subscriptions by address; the
 * audit log and payments stay without anything that names the player.
 */
export async function purgeAccountStatements(db: Db, accountId: number, email: string): Promise<Query[]> {
  const q = dynamic(db);
  const statements: Query[] = [];
  for (const { name, columns } of (await accountTables(db)).tables) {
    if (name === 'accounts') continue;
    if (name === 'family_links') {
      statements.push(
        db.q
          .deleteFrom('family_links')
          .where((eb) => eb.or([eb('child_id', '=', accountId), eb('parent_id', '=', accountId)])),
      );
    } else if (ANONYMISED.has(name)) {
      const cleared = columns.filter((c) => ['ip', 'detail', 'browser', 'os', 'country'].includes(c));
      const sets: Record<string, null> = { account_id: null };
      for (const c of cleared) sets[c] = null;
      statements.push(q.updateTable(name).set(sets).where('account_id', '=', accountId));
    } else {
      statements.push(q.deleteFrom(name).where('account_id', '=', accountId));
    }
  }
  statements.push(
    db.q.deleteFrom('newsletter_subscriptions').where('channel', '=', 'email').where('address', '=', email),
    db.q.deleteFrom('outbox').where('recipient', '=', email),
    db.q.deleteFrom('accounts').where('id', '=', accountId),
  );
  return statements;
}
