/**
 * The data engine: one interface over D1 (the embedded default) and PostgreSQL (the scale-out engine), so data
 * access is written once. See server/core/db/README.md for worked examples.
 *
 * Shape:
 * - `db.q` is a Kysely instance used ONLY as a typed query builder: it compiles to the engine's dialect
 *   (SQLite for D1, PostgreSQL for postgres) and cannot execute anything itself (DummyDriver).
 * - `all` / `first` / `run` / `batch` execute compiled queries through our own thin executors (d1.ts,
 *   postgres.ts), so both engines report the same measurements (`stats`, the dev Server-Timing header) and raise
 *   the same errors (`DbConstraintError`).
 * - `batch` is the one atomic unit: a D1 batch (one implicit transaction), on PostgreSQL one SERIALIZABLE
 *   transaction, retried on serialization failures and deadlocks. Everything a D1 batch guaranteed holds there.
 *
 * Rules for portable queries (both dialects compile from the same builder calls):
 * - integers only for flags (0/1) and times (epoch ms): never a JS boolean column, never `now()`;
 * - `insertInto(...).onConflict(...)` for upserts and insert-or-ignore (never `INSERT OR IGNORE` text);
 * - `.returning(...)` instead of D1's `meta.last_row_id`;
 * - engine-specific SQL only through `sql` with a branch on `db.engine`, inside data access.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type RawBuilder,
} from 'kysely';
import type { Database } from './tables';

export type { Database, TableName } from './tables';

export type EngineName = 'd1' | 'postgres';

/** A query `db` can run: a builder (`db.q.selectFrom…`) or a raw `sql` template (compiled for the engine). */
export type Query<R = unknown> = Compilable<R> | RawBuilder<R>;

/** What an executor's batch runs: compiled queries. */
export type BatchItem = CompiledQuery;

/** The result row type of a query. */
export type RowOf<Q> = Q extends Compilable<infer R> ? R : Q extends RawBuilder<infer R> ? R : never;

/** One statement of a batch: the rows it returned (RETURNING or SELECT) and the rows it changed. */
export interface BatchResult<R = unknown> {
  rows: R[];
  rowsAffected: number;
}

/** What this Db executed so far (one Db per request): the Server-Timing header and the bench read it. */
export interface DbStats {
  /** Statements executed (a batch of 3 counts 3). */
  queries: number;
  /** Rows the engine read: D1's meta.rows_read; on PostgreSQL the rows returned (the wire protocol tells no more). */
  rowsRead: number;
  /** Rows written: D1's meta.rows_written (indexes included); on PostgreSQL the rows inserted, updated or deleted. */
  rowsWritten: number;
  /** Wall time spent waiting for the engine, in ms. */
  ms: number;
  /**
   * Of rowsWritten, those written to the rate-limit and attempt counters (table rate_limits): docs/scale.md weighs
   * them to decide whether counters stay on the engine.
   */
  counterRowsWritten: number;
  /** rowsWritten by target table; `other` for a statement not on the builder yet (a D1 statement in a batch). */
  rowsWrittenByTable: Record<string, number>;
}

/** The table holding every rate-limit and attempt counter (server/core/data/rate-limits.ts). */
export const COUNTER_TABLE = 'rate_limits';

/** The table a compiled write targets (INSERT INTO / UPDATE / DELETE FROM), or null for a read. */
export function writtenTable(item: BatchItem): string | null {
  const m = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([A-Za-z_]+)"?/i.exec(item.sql);
  return m?.[1] ?? null;
}

export interface Db {
  readonly engine: EngineName;
  /** Builds queries only (compile-only dialect of this engine); run them with all/first/run/batch. */
  readonly q: Kysely<Database>;
  all<Q extends Query>(query: Q): Promise<RowOf<Q>[]>;
  /** The first row, or undefined (D1's `first()` said null). */
  first<Q extends Query>(query: Q): Promise<RowOf<Q> | undefined>;
  /** Runs a write; `rowsAffected` is what D1 called `meta.changes` (guards check it is 1). */
  run(query: Query): Promise<{ rowsAffected: number }>;
  /**
   * One atomic unit: a D1 batch; on PostgreSQL one transaction (SERIALIZABLE, retried on 40001/40P01). Either
   * every statement applies or none does; a failing statement (a UNIQUE or CHECK violation) rolls back all.
   */
  batch<const Qs extends readonly Query[]>(queries: Qs): Promise<{ [K in keyof Qs]: BatchResult<RowOf<Qs[K]>> }>;
  readonly stats: Readonly<DbStats>;
}

/** What an executor returns for one statement. */
export interface ExecResult {
  rows: unknown[];
  rowsAffected: number;
  rowsRead: number;
  rowsWritten: number;
}

/** The engine-specific half: runs compiled SQL of its dialect (d1.ts, postgres.ts). */
export interface Executor {
  readonly engine: EngineName;
  execute(query: CompiledQuery): Promise<ExecResult>;
  /** Runs the statements as one atomic unit. */
  executeBatch(queries: readonly BatchItem[]): Promise<ExecResult[]>;
}

/** The kinds of constraint a write can break, the same on both engines. */
export type ConstraintKind = 'unique' | 'check' | 'foreign_key' | 'not_null';

/**
 * A write refused by a constraint, on either engine (D1's "UNIQUE constraint failed: accounts.email", PostgreSQL's
 * SQLSTATE 23505 …). Callers branch on `kind`, `table` and `columns`, never on the engine's message text.
 */
export class DbConstraintError extends Error {
  constructor(
    readonly kind: ConstraintKind,
    /** The table, when the engine names it. */
    readonly table: string | null,
    /** The columns, when the engine names them (a UNIQUE or PRIMARY KEY's columns). */
    readonly columns: readonly string[],
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DbConstraintError';
  }
}

/** True when `error` is a UNIQUE (or PRIMARY KEY) violation, optionally on `table` (and one of `column`). */
export function isUniqueViolation(error: unknown, table?: string, column?: string): boolean {
  if (!(error instanceof DbConstraintError) || error.kind !== 'unique') return false;
  if (table !== undefined && error.table !== table) return false;
  return column === undefined || error.columns.includes(column);
}

/**
 * True when `error` is a CHECK violation (e.g. a guard table's CHECK that rolls a batch back). No table filter:
 * SQLite names the failing expression, not its table.
 */
export function isCheckViolation(error: unknown): boolean {
  return error instanceof DbConstraintError && error.kind === 'check';
}

function builderFor(engine: EngineName): Kysely<Database> {
  return new Kysely<Database>({
    dialect:
      engine === 'd1'
        ? {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          }
        : {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          },
  });
}

const builders = new Map<EngineName, Kysely<Database>>();

/** The compile-only query builder of an engine (one per isolate: it holds no connection). */
export function queryBuilder(engine: EngineName): Kysely<Database> {
  let b = builders.get(engine);
  if (b === undefined) {
    b = builderFor(engine);
    builders.set(engine, b);
  }
  return b;
}

/** Compiles a query for `q`'s dialect; JS booleans become 0/1 (the schema's flags are integers on both engines). */
export function compile(q: Kysely<Database>, query: Query): CompiledQuery {
  const compiled = 'isRawBuilder' in query ? query.compile(q) : query.compile();
  if (!compiled.parameters.some((p) => typeof p === 'boolean')) return compiled;
  return { ...compiled, parameters: compiled.parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p)) };
}

/** A Db over an executor: compiles, times and counts every statement. */
export function createDb(executor: Executor): Db {
  const q = queryBuilder(executor.engine);
  const stats: DbStats = {
    queries: 0,
    rowsRead: 0,
    rowsWritten: 0,
    ms: 0,
    counterRowsWritten: 0,
    rowsWrittenByTable: {},
  };
  const measure = async (items: readonly BatchItem[], work: () => Promise<ExecResult[]>) => {
    const start = performance.now();
    try {
      const out = await work();
      out.forEach((r, i) => {
        stats.rowsRead += r.rowsRead;
        stats.rowsWritten += r.rowsWritten;
        const item = items[i];
        if (item === undefined || r.rowsWritten === 0) return;
        const table = writtenTable(item) ?? 'other';
        stats.rowsWrittenByTable[table] = (stats.rowsWrittenByTable[table] ?? 0) + r.rowsWritten;
        if (table === COUNTER_TABLE) stats.counterRowsWritten += r.rowsWritten;
      });
      return out;
    } finally {
      stats.queries += items.length;
      stats.ms += performance.now() - start;
    }
  };
  const one = async (query: Query) => {
    const compiled = compile(q, query);
    const [result] = await measure([compiled], async () => [await executor.execute(compiled)]);
    return result as ExecResult;
  };
  return {
    engine: executor.engine,
    q,
    stats,
    async all(query) {
      return (await one(query)).rows as never[];
    },
    async first(query) {
      return (await one(query)).rows[0] as never;
    },
    async run(query) {
      return { rowsAffected: (await one(query)).rowsAffected };
    },
    async batch(queries) {
      const compiled = queries.map((query): BatchItem => compile(q, query));
      const results = await measure(compiled, () => executor.executeBatch(compiled));
      return results.map((r) => ({ rows: r.rows, rowsAffected: r.rowsAffected })) as never;
    },
  };
}
