#!/usr/bin/env node
/**
 * npm run db:migrate: applies the migrations to the configured engine.
 * - D1 (default): `wrangler d1 migrations apply DB --local` (what it always did; pass wrangler's flags after --).
 * - DB_ENGINE=postgres: migrations/postgres/*.sql, in name order, to DATABASE_URL. Each file runs in its own
 *   transaction together with its row in `schema_migrations`, so a failed file leaves nothing half-applied and an
 *   applied one is never run again (the same bookkeeping wrangler keeps in D1's d1_migrations).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { BIN, mustRun } from './lib.mjs';

const DIR = new URL('../migrations/postgres/', import.meta.url).pathname;

/** Applies the pending PostgreSQL migrations; resolves with the names applied now. */
export async function migratePostgres(url, { log = () => undefined } = {}) {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set((await sql`SELECT name FROM schema_migrations`).map((r) => r.name));
    const applied = [];
    for (const file of readdirSync(DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      const name = file.slice(0, -'.sql'.length);
      if (done.has(name)) continue;
      const text = readFileSync(join(DIR, file), 'utf8');
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`INSERT INTO schema_migrations (name) VALUES (${name})`;
      });
      log(`applied ${name}`);
      applied.push(name);
    }
    return applied;
  } finally {
    await sql.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.DB_ENGINE === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) {
      console.error('DB_ENGINE=postgres: set DATABASE_URL to the database to migrate');
      process.exit(1);
    }
    const applied = await migratePostgres(url, { log: console.log });
    console.log(applied.length === 0 ? 'No migrations to apply.' : `${applied.length} migrations applied.`);
  } else {
    await mustRun(join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', ...process.argv.slice(2)]);
  }
}
