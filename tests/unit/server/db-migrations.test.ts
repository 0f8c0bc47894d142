/**
 * The migrations of both engines are generated from one source (server/core/db/schema/migrations.ts): the
 * committed files must be exactly what `npm run db:migrations` writes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationFiles, POSTGRES_DIR, SQLITE_DIR } from '../../../scripts/db-migrations.mjs';

describe('generated migrations', () => {
  const files = migrationFiles();

  it('are up to date (run `npm run db:migrations` after changing the schema source)', () => {
    for (const [path, sql] of files) {
      expect(existsSync(path), path).toBe(true);
      expect(readFileSync(path, 'utf8'), path).toBe(sql);
    }
  });

  it('have no file the source does not generate, and one per migration in each dialect', () => {
    const committed = [SQLITE_DIR, POSTGRES_DIR].flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .map((f) => join(dir, f)),
    );
    expect(committed.sort()).toEqual([...files.keys()].sort());
    expect(readdirSync(SQLITE_DIR).filter((f) => f.endsWith('.sql'))).toHaveLength(files.size / 2);
  });
});
