/**
 * Gives every request its Db (`c.var.db`, one per request, on the configured engine) and, in dev mode, reports
 * what the request cost the database in a Server-Timing header, e.g.
 *   Server-Timing: db;dur=3.2;desc="q=4 r=7 w=2 cw=1"
 * (statements, rows read, rows written: D1's meta, or PostgreSQL's row counts; cw: of those, the rate-limit and
 * attempt counters' rows). Never in production: the header
 * would tell anyone how much work a request caused (an oracle for which accounts exist).
 * It runs after the deployment guard, whose loaded settings tell the mode.
 */
import type { MiddlewareHandler } from 'hono';
import { settingsOf } from '../env';
import type { AppEnv } from '../http/app-env';
import { executionContext } from '../http/execution-context';
import type { DbStats } from './engine';
import { dbFor } from './index';

/**
 * The Server-Timing value of a request's stats, and where its rows were written when it wrote any:
 *   db;dur=3.2;desc="q=4 r=7 w=5 cw=2", dbw;desc="sessions=3 rate_limits=2"
 */
export function serverTiming(stats: Readonly<DbStats>): string {
  const db = `db;dur=${stats.ms.toFixed(1)};desc="q=${stats.queries} r=${stats.rowsRead} w=${stats.rowsWritten} cw=${stats.counterRowsWritten}"`;
  const tables = Object.entries(stats.rowsWrittenByTable).map(([table, rows]) => `${table}=${rows}`);
  return tables.length > 0 ? `${db}, dbw;desc="${tables.join(' ')}"` : db;
}

export const dbMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = dbFor(c.env, executionContext(c));
  c.set('db', db);
  try {
    await next();
  } finally {
    void db.close();
  }
  if (!settingsOf(c.env).devTools) return;
  const value = serverTiming(db.stats);
  try {
    c.res.headers.append('Server-Timing', value);
  } catch {
    // A response with immutable headers (one fetched from another binding): copy it to add the header.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append('Server-Timing', value);
  }
};
