/**
 * What the account holds, table by table, for "download my data", and the
 * removal of it all when a deletion's grace period ends. Both walk every
 * table with an `account_id` column (read from the schema itself), so a table
 * another area adds later is exported and purged without a change here.
 * Table and column names come from sqlite_master and pragma_table_info, never
 * from a request; values are bound parameters.
 */
import * as z from 'zod/mini';

/** Columns that hold secrets or credentials: never exported (hashes, sealed secrets, codes, tokens, links). */
const SECRET_COLUMN = /hash|secret|_enc$|^code$|token|^link$|^body$/;

/** Tables whose rows stay, anonymised, after the account is removed (security statistics, payment records). */
const ANONYMISED = new Set(['audit_log', 'payments']);

const tableList = z.array(z.object({ name: z.string() }));
const columnList = z.array(z.object({ name: z.string() }));

/** Tables with an account_id column, and family_links (its child_id and parent_id name accounts). */
async function accountTables(db: D1Database): Promise<{ name: string; columns: string[] }[]> {
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       AND name != 'd1_migrations' ORDER BY name`,
    )
    .all();
  const tables = tableList.parse(results);
  const out: { name: string; columns: string[] }[] = [];
  for (const { name } of tables) {
    const cols = columnList
      .parse((await db.prepare('SELECT name FROM pragma_table_info(?1)').bind(name).all()).results)
      .map((c) => c.name);
    if (cols.includes('account_id') || name === 'family_links') out.push({ name, columns: cols });
  }
  return out;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Every row of the account, secret columns left out, by table (the account itself as `accounts`). */
export async function exportAccount(db: D1Database, accountId: number, email: string) {
  const tables: Record<string, Record<string, unknown>[]> = {};
  const read = async (name: string, columns: string[], where: string, ...values: unknown[]) => {
    const shown = columns.filter((c) => !SECRET_COLUMN.test(c));
    if (shown.length === 0) return;
    const { results } = await db
      .prepare(`SELECT ${shown.map(quote).join(', ')} FROM ${quote(name)} WHERE ${where}`)
      .bind(...values)
      .all();
    if (results.length > 0) tables[name] = results;
  };
  const accountColumns = columnList
    .parse((await db.prepare("SELECT name FROM pragma_table_info('accounts')").all()).results)
    .map((c) => c.name);
  await read('accounts', accountColumns, 'id = ?1', accountId);
  for (const { name, columns } of await accountTables(db)) {
    if (name === 'family_links') await read(name, columns, 'child_id = ?1 OR parent_id = ?1', accountId);
    else await read(name, columns, 'account_id = ?1', accountId);
  }
  // The messages sent to the account's address: when and what about (their text may hold codes and links).
  await read('outbox', ['channel', 'recipient', 'subject', 'status', 'created_at'], 'recipient = ?1', email);
  return tables;
}

/**
 * The statements that remove an account for good: its rows in every table,
 * the messages to its address, its newsletter subscriptions by address; the
 * audit log and payments stay without anything that names the player.
 */
export async function purgeAccountStatements(
  db: D1Database,
  accountId: number,
  email: string,
): Promise<D1PreparedStatement[]> {
  const statements: D1PreparedStatement[] = [];
  for (const { name, columns } of await accountTables(db)) {
    if (name === 'accounts') continue;
    if (name === 'family_links') {
      statements.push(db.prepare('DELETE FROM family_links WHERE child_id = ?1 OR parent_id = ?1').bind(accountId));
    } else if (ANONYMISED.has(name)) {
      const cleared = columns.filter((c) => ['ip', 'detail', 'browser', 'os', 'country'].includes(c));
      const sets = ['account_id = NULL', ...cleared.map((c) => `${quote(c)} = NULL`)].join(', ');
      statements.push(db.prepare(`UPDATE ${quote(name)} SET ${sets} WHERE account_id = ?1`).bind(accountId));
    } else {
      statements.push(db.prepare(`DELETE FROM ${quote(name)} WHERE account_id = ?1`).bind(accountId));
    }
  }
  statements.push(
    db.prepare("DELETE FROM newsletter_subscriptions WHERE channel = 'email' AND address = ?1").bind(email),
    db.prepare('DELETE FROM outbox WHERE recipient = ?1').bind(email),
    db.prepare('DELETE FROM accounts WHERE id = ?1').bind(accountId),
  );
  return statements;
}
