/**
 * The data engine's entry point: `dbFor(env)` gives a request its Db on the configured engine (config.ts).
 * Routes read it as `c.var.db` (middleware.ts sets it); scripts and tests call dbFor directly.
 */
import type { ExecutionContext } from 'hono';
import { engineConfig, type DbEnv } from './config';
import { d1Db } from './d1';
import type { Db } from './engine';
import { postgresDb } from './postgres';

export type { Db } from './engine';

/**
 * A Db for one request. On PostgreSQL it opens its own client (lazily, at the first query) and `waitUntil` is
 * handed its closing; without an execution context (in-process tests, scripts) call `close()` yourself.
 */
export function dbFor(
  env: DbEnv,
  ctx?: Pick<ExecutionContext, 'waitUntil'>,
): Db & { readonly close: () => Promise<void> } {
  // The deployment guard refused a half-configured engine already (server/core/env.ts lists its problems).
  const { config, problems } = engineConfig(env);
  if (config === null) throw new Error(problems.join('; '));
  if (config.engine === 'd1') return Object.assign(d1Db(env.DB), { close: () => Promise.resolve() });
  // Through Hyperdrive (a pooler near the database) up to 5 connections, as Cloudflare's docs suggest; straight
  // to a server one, so parallel requests cannot exhaust its max_connections.
  const db = postgresDb(config.connectionString, { max: config.via === 'hyperdrive' ? 5 : 1 });
  const end = db.close;
  const close = () => {
    const closing = end();
    ctx?.waitUntil(closing);
    return closing;
  };
  return Object.assign(db, { close });
}
