/**
 * The D1 executor: runs SQLite-dialect statements compiled by the engine's builder on a D1 binding (or the
 * node:sqlite D1 shim of the unit tests). Counts come from D1's own `meta` (rows_read / rows_written, which is
 * what Cloudflare bills and limits), and constraint errors become DbConstraintError.
 */
import {
  createDb,
  DbConstraintError,
  type BatchItem,
  type ConstraintKind,
  type Db,
  type ExecResult,
  type Executor,
} from './engine';

// D1 may end the message with the result code, and then sometimes the extended one as well: "…: SQLITE_CONSTRAINT
// (extended: SQLITE_CONSTRAINT_PRIMARYKEY)". Missing that tail once turned a lost sign-up race into a 500.
const CONSTRAINT =
  /(UNIQUE|CHECK|NOT NULL|FOREIGN KEY) constraint failed(?:: ([^:]+?))?(?::\s*SQLITE_\w+(?:\s*\(extended:\s*SQLITE_\w+\))?)?\s*$/i;

const KINDS: Record<string, ConstraintKind> = {
  UNIQUE: 'unique',
  CHECK: 'check',
  'NOT NULL': 'not_null',
  'FOREIGN KEY': 'foreign_key',
};

/**
 * Maps SQLite's constraint message ("UNIQUE constraint failed: linked_providers.account_id,
 * linked_providers.provider") to a DbConstraintError; anything else is returned unchanged.
 */
export function d1Error(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const m = CONSTRAINT.exec(error.message);
  if (m === null) return error;
  const kind = KINDS[(m[1] ?? '').toUpperCase()] ?? 'check';
  // UNIQUE / NOT NULL name `table.column` pairs; CHECK names its expression and FOREIGN KEY nothing.
  const pairs =
    kind === 'unique' || kind === 'not_null'
      ? (m[2] ?? '')
          .split(',')
          .map((p) => p.trim().split('.'))
          .filter((p): p is [string, string] => p.length === 2)
      : [];
  return new DbConstraintError(
    kind,
    pairs[0]?.[0] ?? null,
    pairs.map(([, column]) => column),
    error.message,
    { cause: error },
  );
}

interface D1Meta {
  changes?: number;
  rows_read?: number;
  rows_written?: number;
}

function outcome(query: BatchItem, result: D1Result): ExecResult {
  const meta = result.meta as D1Meta;
  // SQLite's changes() still holds the last write's count during a SELECT: a read changed nothing.
  const select = query.query.kind === 'SelectQueryNode';
  const rowsAffected = select ? 0 : (meta.changes ?? 0);
  return {
    rows: result.results,
    rowsAffected,
    // The node:sqlite shim of the unit tests has no rows_read/rows_written: fall back to what it returned/changed.
    rowsRead: meta.rows_read ?? result.results.length,
    rowsWritten: meta.rows_written ?? rowsAffected,
  };
}

/** An executor over a D1 binding. */
export function d1Executor(d1: D1Database): Executor {
  const statement = (q: BatchItem) => d1.prepare(q.sql).bind(...q.parameters);
  return {
    engine: 'd1',
    async execute(query) {
      try {
        return outcome(query, await statement(query).all());
      } catch (e) {
        throw d1Error(e);
      }
    },
    async executeBatch(queries) {
      if (queries.length === 0) return [];
      try {
        return (await d1.batch(queries.map(statement))).map((r, i) => outcome(queries[i] as BatchItem, r));
      } catch (e) {
        throw d1Error(e);
      }
    },
  };
}

/** A Db on D1. */
export function d1Db(d1: D1Database): Db {
  return createDb(d1Executor(d1));
}
