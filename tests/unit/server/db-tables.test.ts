/** server/core/db/tables.ts is generated from the migrations (scripts/db-tables.mjs): it fails here when stale. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TABLES_FILE, tablesSource } from '../../../scripts/db-tables.mjs';

describe('table types', () => {
  it('match the schema the migrations produce (run `npm run db:tables` after changing a migration)', () => {
    expect(readFileSync(TABLES_FILE, 'utf8')).toBe(tablesSource());
  });
});
