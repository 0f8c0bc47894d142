/**
 * TRANSITIONAL (issue 24, session 11): the shared core data functions (accounts, audit, trusted devices,
 * outbox) are written once on the query builder, but some call sites in areas not yet ported still pass the
 * raw D1 binding and put the statement into a raw `D1Database.batch`. These helpers let one builder query
 * serve both callers, so no SQL is written twice while the areas move. Remove this file (and the D1 overloads
 * that use it) when no call site passes a `D1Database` any more.
 */
import type { Kysely } from 'kysely';
import { d1Db } from './d1';
import { compile, queryBuilder, type Database, type Db, type Query } from './engine';

export type DbOrD1 = Db | D1Database;

export function isDb(db: DbOrD1): db is Db {
  return 'q' in db && 'engine' in db;
}

/** The request's Db, or a D1 Db over a raw binding (its stats are not the request's: transitional). */
export function asDb(db: DbOrD1): Db {
  return isDb(db) ? db : d1Db(db);
}

/** A statement for either caller: the builder query for a Db, the same query compiled and bound for raw D1. */
export function statementFor(db: DbOrD1, build: (q: Kysely<Database>) => Query): Query | D1PreparedStatement {
  if (isDb(db)) return build(db.q);
  const compiled = compile(queryBuilder('d1'), build(queryBuilder('d1')));
  return db.prepare(compiled.sql).bind(...compiled.parameters);
}
