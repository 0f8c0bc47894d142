/**
 * The database `npm run events:add` and `events:list` write and read, opened the way `clients:add` opens it:
 * the local D1 of `npm start` (--persist), a deployment's D1 (--remote --database-id, after `npx wrangler login`),
 * or PostgreSQL (--database-url, or DB_ENGINE=postgres with DATABASE_URL). The server's own data access
 * (server/events/data.ts) runs on it, bundled from TypeScript.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importServerModules, openD1Binding, ROOT } from './lib.mjs';

export const DB_OPTIONS = {
  persist: { type: 'string', default: '.wrangler/state' },
  remote: { type: 'boolean', default: false },
  'database-id': { type: 'string' },
  'database-url': { type: 'string' },
};

export const DB_USAGE = '[--persist DIR] [--remote --database-id ID] [--database-url postgres://…]';

/** The server modules the scripts call. */
export function serverModules() {
  return importServerModules(`
      export { registerEndpoint, listEndpoints, newEndpointId } from './server/events/data.ts';
      export { endpointUrlProblem, subscribedTypes } from './server/events/registration.ts';
      export { sealEndpointSecret } from './server/events/secret.ts';
      export { newEndpointSecret } from './server/events/signing.ts';
      export { EVENT_TYPES } from './src/shared/contract/events.ts';
      export { d1Db } from './server/core/db/d1.ts';
      export { postgresDb } from './server/core/db/postgres.ts';
    `);
}

/** Which database the options name: 'local' (the local D1 of npm start), 'remote' or 'postgres'. */
export function target(values, fail) {
  const databaseUrl =
    values['database-url'] ?? (process.env.DB_ENGINE === 'postgres' ? process.env.DATABASE_URL : undefined);
  if (databaseUrl !== undefined && values.remote) fail('--database-url and --remote name two databases: give one');
  if (values.remote && !values['database-id'])
    fail('--remote needs --database-id (the id `wrangler d1 create` printed for the region)');
  return databaseUrl !== undefined ? { kind: 'postgres', databaseUrl } : { kind: values.remote ? 'remote' : 'local' };
}

/** TOTP_ENCRYPTION_KEY of the target: the environment's, else (local stack only) the one in .dev.vars. */
export function sealingKey(kind, fail) {
  if (process.env.TOTP_ENCRYPTION_KEY) return process.env.TOTP_ENCRYPTION_KEY;
  if (kind !== 'local')
    fail("set TOTP_ENCRYPTION_KEY to the deployment's value: it seals the endpoint secret the server reads back");
  let text = '';
  try {
    text = readFileSync(join(ROOT, '.dev.vars'), 'utf8');
  } catch {
    fail('no .dev.vars: run `npm start` once (it writes the local secrets) or set TOTP_ENCRYPTION_KEY');
  }
  const line = text.split('\n').find((l) => l.startsWith('TOTP_ENCRYPTION_KEY='));
  if (line === undefined) fail('.dev.vars has no TOTP_ENCRYPTION_KEY');
  return line.slice('TOTP_ENCRYPTION_KEY='.length).trim();
}

/** Runs `fn(db)` on the target database and closes it. */
export async function withDb(server, values, where, fn) {
  if (where.kind === 'postgres') {
    const db = server.postgresDb(where.databaseUrl, { max: 1 });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }
  const proxy = await openD1Binding({
    persist: values.persist,
    remote: where.kind !== 'local',
    databaseId: values['database-id'],
    name: 'events-db',
  });
  try {
    return await fn(server.d1Db(proxy.env.DB));
  } finally {
    await proxy.dispose();
  }
}
