/**
 * The PostgreSQL executor, on postgres.js (v3). Why postgres.js over `pg`: Cloudflare's Hyperdrive docs list it as
 * the recommended driver, supported in both Workers and Pages; its package ships a `workerd` build that connects
 * over `cloudflare:sockets` (with `nodejs_compat`), and the same package runs on Node for the scripts and tests.
 *
 * One client per request (Hyperdrive pools the real connections; the docs recommend a client per request), closed
 * by the request's `waitUntil` once the response is out (server/core/db/middleware.ts). Numbers: int8 (our
 * integers, COUNT) and numeric (SUM) come back as JS numbers, as on D1: ids and epoch-ms times stay far below 2^53.
 *
 * A batch is one transaction at SERIALIZABLE: what D1 gives a batch (a single writer, so no other write interleaves)
 * is what SERIALIZABLE guarantees, and a conflicting parallel transaction fails with 40001 (or 40P01, deadlock)
 * instead of interleaving. Those are retried (up to 12 attempts, jittered backoff), then surface as errors.
 */
import postgres from 'postgres';
import type { CompiledQuery } from 'kysely';
import { createDb, DbConstraintError, type ConstraintKind, type Db, type ExecResult, type Executor } from './engine';

/** SQLSTATE → kind (PostgreSQL "Class 23 — Integrity Constraint Violation"). */
const CONSTRAINT_CODES: Record<string, ConstraintKind> = {
  '23505': 'unique',
  '23514': 'check',
  '23503': 'foreign_key',
  '23502': 'not_null',
};

/** Serialization failure and deadlock: the transaction may succeed when run again. */
const RETRYABLE = new Set(['40001', '40P01']);
/** Enough for a handful of requests contending for one row: each round lets at least one of them commit. */
const MAX_ATTEMPTS = 12;

interface PgErrorFields {
  code?: string;
  table_name?: string;
  column_name?: string;
  detail?: string;
}

/** Maps a PostgreSQL constraint error to a DbConstraintError; anything else is returned unchanged. */
export function pgError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & PgErrorFields;
  const kind = e.code === undefined ? undefined : CONSTRAINT_CODES[e.code];
  if (kind === undefined) return error;
  // 23505's detail: `Key (account_id, provider)=(1, google) already exists.`; 23502 names its column.
  const key = /^Key \(([^)]*)\)=/.exec(e.detail ?? '');
  const columns =
    key?.[1] !== undefined
      ? key[1].split(',').map((c) => c.trim())
      : e.column_name !== undefined
        ? [e.column_name]
        : [];
  return new DbConstraintError(kind, e.table_name ?? null, columns, error.message, { cause: error });
}

const INT8 = 20;
const NUMERIC = 1700;

export interface PostgresOptions {
  /** Connections this client may open (Workers allow 6 per invocation; through Hyperdrive the docs suggest 5). */
  max?: number;
}

type Sql = postgres.Sql;

function outcome(result: postgres.RowList<postgres.Row[]>): ExecResult {
  const rows = [...result] as unknown[];
  const write = result.command === 'INSERT' || result.command === 'UPDATE' || result.command === 'DELETE';
  const rowsAffected = result.count;
  return { rows, rowsAffected, rowsRead: rows.length, rowsWritten: write ? rowsAffected : 0 };
}

function run(sql: Sql | postgres.TransactionSql, q: CompiledQuery): Promise<ExecResult> {
  return (sql as Sql).unsafe(q.sql, q.parameters as postgres.ParameterOrJSON<never>[]).then(outcome);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A postgres.js client with our type parsing (int8 and numeric as numbers; no array-type lookup round trip). */
export function postgresClient(connectionString: string, options: PostgresOptions = {}): Sql {
  return postgres(connectionString, {
    max: options.max ?? 1,
    // We use no array or custom types: skip the type-catalogue query every new connection would make.
    fetch_types: false,
    // No NOTICE lines in the Functions log (e.g. "relation already exists, skipping").
    onnotice: () => undefined,
    types: {
      int8: { to: INT8, from: [INT8], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
      numeric: { to: NUMERIC, from: [NUMERIC], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  });
}

/** An executor over a postgres.js client. */
export function postgresExecutor(sql: Sql): Executor {
  return {
    engine: 'postgres',
    async execute(query) {
      try {
        return await run(sql, query);
      } catch (e) {
        throw pgError(e);
      }
    },
    async executeBatch(items) {
      if (items.length === 0) return [];
      for (let attempt = 1; ; attempt++) {
        try {
          return await sql.begin('isolation level serializable', async (tx) => {
            const out: ExecResult[] = [];
            // One after another: a statement may depend on the previous one's write, as in a D1 batch.
            for (const q of items) out.push(await run(tx, q));
            return out;
          });
        } catch (e) {
          const code = (e as PgErrorFields).code;
          if (code !== undefined && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) {
            // Full jitter, exponential up to 250 ms: contenders spread out instead of colliding again in step.
            await sleep(Math.random() * Math.min(250, 4 * 2 ** attempt));
            continue;
          }
          throw pgError(e);
        }
      }
    },
  };
}

/** A Db on PostgreSQL with the client that serves it; `close()` ends the client once pending queries are done. */
export function postgresDb(
  connectionString: string,
  options?: PostgresOptions,
): Db & { readonly close: () => Promise<void> } {
  const sql = postgresClient(connectionString, options);
  return Object.assign(createDb(postgresExecutor(sql)), { close: () => sql.end({ timeout: 5 }) });
}
