/**
 * Which engine serves a deployment, from its configuration (README "Deploying on PostgreSQL"):
 * - D1 (default): `DB_ENGINE` unset or `d1`; the `DB` binding.
 * - PostgreSQL: `DB_ENGINE=postgres` with a `HYPERDRIVE` binding (deployed: Hyperdrive pools the connections and
 *   its binding hands over a connection string), or else a `DATABASE_URL` (a secret; local runs, or a host reached
 *   directly over `cloudflare:sockets` where Hyperdrive is not used).
 * A half-configured engine is listed in the settings' `problems` (server/core/env.ts), so the deployment guard refuses
 * every request with the reason instead of failing on the first query.
 */
/** The variables and bindings the engine choice reads (a subset of the API's Env). */
export interface DbEnv {
  DB: D1Database;
  DB_ENGINE?: string;
  DATABASE_URL?: string;
  HYPERDRIVE?: Hyperdrive;
}

export type EngineConfig =
  { engine: 'd1' } | { engine: 'postgres'; connectionString: string; via: 'hyperdrive' | 'url' };

function postgresUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:' ? url : null;
  } catch {
    return null;
  }
}

/** The engine of an env, or the problems that keep it from having one. */
export function engineConfig(env: DbEnv): { config: EngineConfig | null; problems: string[] } {
  const engine = env.DB_ENGINE ?? 'd1';
  if (engine === '' || engine === 'd1') return { config: { engine: 'd1' }, problems: [] };
  if (engine !== 'postgres')
    return { config: null, problems: [`DB_ENGINE=${engine} is not an engine: leave it unset (D1) or set postgres`] };
  if (env.HYPERDRIVE !== undefined)
    return {
      config: { engine: 'postgres', connectionString: env.HYPERDRIVE.connectionString, via: 'hyperdrive' },
      problems: [],
    };
  if (env.DATABASE_URL === undefined || env.DATABASE_URL === '')
    return {
      config: null,
      problems: [
        'DB_ENGINE=postgres, but there is neither a HYPERDRIVE binding nor a DATABASE_URL: bind the Hyperdrive configuration (README "Deploying on PostgreSQL") or set DATABASE_URL',
      ],
    };
  const url = postgresUrl(env.DATABASE_URL);
  // Never echo the value: it holds the database password.
  if (url === null)
    return { config: null, problems: ['DATABASE_URL is not a postgres:// or postgresql:// connection string'] };
  return { config: { engine: 'postgres', connectionString: env.DATABASE_URL, via: 'url' }, problems: [] };
}
