#!/usr/bin/env node
/**
 * npm run db:migrations: writes the SQL of every migration, for both engines, from the one source
 * (server/core/db/schema/migrations.ts, compiled by schema/dsl.ts):
 *   migrations/NNNN_name.sql           SQLite, what wrangler applies to D1
 *   migrations/postgres/NNNN_name.sql  PostgreSQL, what `npm run db:migrate` applies with DB_ENGINE=postgres
 * then server/core/db/tables.ts (the table types, scripts/db-tables.mjs). tests/unit/server/db-migrations.test.ts
 * fails when a committed file differs from what this writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationSql } from '../server/core/db/schema/dsl.ts';
import { MIGRATIONS } from '../server/core/db/schema/migrations.ts';
import { TABLES_FILE, tablesSource } from './db-tables.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
export const SQLITE_DIR = join(ROOT, 'migrations');
export const POSTGRES_DIR = join(ROOT, 'migrations', 'postgres');

/**
 * Every generated file: path → content.
 * @returns {Map<string, string>}
 */
export function migrationFiles() {
  const files = new Map();
  MIGRATIONS.forEach((m, i) => {
    files.set(join(SQLITE_DIR, `${m.name}.sql`), migrationSql(m, 'sqlite', i === 0));
    files.set(join(POSTGRES_DIR, `${m.name}.sql`), migrationSql(m, 'postgres', i === 0));
  });
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(POSTGRES_DIR, { recursive: true });
  const files = migrationFiles();
  // A migration removed from the source leaves no stale file behind.
  for (const dir of [SQLITE_DIR, POSTGRES_DIR])
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.sql')))
      if (!files.has(join(dir, f))) rmSync(join(dir, f));
  for (const [path, sql] of files) writeFileSync(path, sql);
  writeFileSync(TABLES_FILE, tablesSource());
  console.log(`wrote ${files.size} migration files and ${TABLES_FILE}`);
}
