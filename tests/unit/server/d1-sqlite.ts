/**
 * A D1Database for unit tests over Node's built-in SQLite (node:sqlite, the
 * same SQLite D1 runs), with every migration of migrations/ applied, so the
 * API's SQL runs for real without workerd: prepare/bind/first/all/run and
 * batch as one transaction, as D1 does. Only what the API uses is implemented.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { d1Db } from '../../../server/core/db/d1';
import type { Db } from '../../../server/core/db/engine';
import type { Env } from '../../../server/core/env';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

const MIGRATIONS = new URL('../../../migrations/', import.meta.url).pathname;

type Row = Record<string, unknown>;

interface Outcome {
  results: Row[];
  success: true;
  meta: { changes: number; last_row_id: number };
}

class Statement {
  constructor(
    private readonly db: DatabaseSync,
    private readonly sql: string,
    private readonly params: SQLInputValue[] = [],
  ) {}

  bind(...params: unknown[]): Statement {
    return new Statement(
      this.db,
      this.sql,
      params.map((p) => (typeof p === 'boolean' ? Number(p) : (p as SQLInputValue))),
    );
  }

  private prepared(): StatementSync {
    return this.db.prepare(this.sql);
  }

  execute(): Outcome {
    const stmt = this.prepared();
    if (stmt.columns().length > 0) {
      const results = stmt.all(...this.params) as Row[];
      const { n: changes } = this.db.prepare('SELECT changes() AS n').get() as { n: number };
      return { results, success: true, meta: { changes, last_row_id: 0 } };
    }
    const r = stmt.run(...this.params);
    return { results: [], success: true, meta: { changes: Number(r.changes), last_row_id: Number(r.lastInsertRowid) } };
  }

  first(column?: string): Promise<unknown> {
    const [row] = this.execute().results;
    if (row === undefined) return Promise.resolve(null);
    return Promise.resolve(column === undefined ? row : row[column]);
  }

  all(): Promise<Outcome> {
    return Promise.resolve(this.execute());
  }

  run(): Promise<Outcome> {
    return Promise.resolve(this.execute());
  }
}

export interface TestD1 {
  db: D1Database;
  /** The same database through the data engine (server/core/db), for data access ported to the query builder. */
  engineDb: Db;
  sqlite: DatabaseSync;
}

/** A fresh database with the migrations applied: in memory, or on the (new, empty) connection given. */
export function testD1(sqlite = new DatabaseSync(':memory:')): TestD1 {
  sqlite.exec('PRAGMA foreign_keys = ON');
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    sqlite.exec(readFileSync(join(MIGRATIONS, file), 'utf8'));
  const db = {
    prepare: (sql: string) => new Statement(sqlite, sql),
    batch: (statements: Statement[]) => {
      sqlite.exec('BEGIN');
      try {
        const out = statements.map((s) => s.execute());
        sqlite.exec('COMMIT');
        return Promise.resolve(out);
      } catch (e) {
        sqlite.exec('ROLLBACK');
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    },
  };
  const d1 = db as unknown as D1Database;
  return { db: d1, engineDb: d1Db(d1), sqlite };
}

/** The env of the real app run in-process on a test D1 (createApp().request), in dev mode, for `origin`. */
export function inProcessEnv(db: D1Database, origin: string): Env {
  return {
    DB: db,
    CONFIG: { get: () => Promise.resolve(null) } as unknown as KVNamespace,
    DEV_TOOLS: '1',
    // The API accepts configured origins only (never the request's own).
    ALLOWED_ORIGINS: origin,
    TOTP_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(9))),
    CAPTCHA_SECRET: 'dev',
  };
}

/** Inserts an account row directly (the columns the tests need), returning its id. */
export function insertAccount(sqlite: DatabaseSync, email: string, extra: Record<string, SQLInputValue> = {}): number {
  const columns = ['email', 'created_at', 'updated_at', ...Object.keys(extra)];
  const values: SQLInputValue[] = [email, 0, 0, ...Object.values(extra)];
  const r = sqlite
    .prepare(`INSERT INTO accounts (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .run(...values);
  return Number(r.lastInsertRowid);
}
