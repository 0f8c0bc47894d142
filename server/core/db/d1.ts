/**
 * The D1 executor: runs SQLite-dialect statements compiled by the engine's builder on a D1 binding (or the
 * node:sqlite D1 shim of the unit tests). Counts come from D1's own `meta` (rows_read / rows_written, which is
 * what Cloudflare bills and limits), and constraint errors become DbConstraintError.
 *
 * A statement or batch that meets SQLITE_BUSY is run again (jittered backoff, up to 3 s). Only a local D1
 * meets it: its SQLite file is shared with the operator scripts (`npm run staff:add`, `support:cases`, the seed…),
 * and a write of theirs holds the file's write lock for a moment. A BUSY statement wrote nothing (a batch is one
 * transaction, rolled back whole), so running it again is safe; a player's request then waits instead of failing
 * with a 500, and so does the operator's script. Deployed D1 is one writer behind its Durable Object: never BUSY.
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

/** SQLite's "database is locked" (SQLITE_BUSY, and its extended codes such as SQLITE_BUSY_SNAPSHOT in WAL mode). */
const BUSY = /SQLITE_BUSY\b|database is locked/;
/** Nine waits of 40 ms doubling to 500: 2.3 s on average, 3.1 s at most; an operator script's write takes far less. */
const BUSY_ATTEMPTS = 10;

export function isBusy(error: unknown): boolean {
  return error instanceof Error && BUSY.test(error.message);
}

/** Runs `work` again while SQLite answers BUSY (see the header), then maps its error as d1Error does. */
export async function retryBusy<T>(work: () => Promise<T>, wait = sleep): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (!isBusy(e) || attempt >= BUSY_ATTEMPTS) throw d1Error(e);
      // Half fixed, half random: every wait is real, and contenders do not retry in step.
      const cap = Math.min(500, 20 * 2 ** attempt);
      await wait(cap / 2 + Math.random() * (cap / 2));
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
    execute: (query) => retryBusy(async () => outcome(query, await statement(query).all())),
    async executeBatch(queries) {
      if (queries.length === 0) return [];
      return retryBusy(async () =>
        (await d1.batch(queries.map(statement))).map((r, i) => outcome(queries[i] as BatchItem, r)),
      );
    },
  };
}

/** A Db on D1. */
export function d1Db(d1: D1Database): Db {
  return createDb(d1Executor(d1));
}
