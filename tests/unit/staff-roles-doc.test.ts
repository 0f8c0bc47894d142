/**
 * docs/staff-console.md prints the one action-to-roles table (src/shared/staff/roles.ts): every action, what it
 * does and, per role, whether the role may take it. The page's table is read cell by cell (prettier pads it), so
 * a role changed in the code and not in the docs, or the other way round, fails here.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { mayDo, STAFF_ACTION_NAMES, STAFF_ACTIONS, STAFF_ROLES } from '../../src/shared/staff/roles';

const doc = readFileSync(new URL('../../docs/staff-console.md', import.meta.url), 'utf8');

function tableRows(header: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|') && l.includes(header));
  if (start < 0) throw new Error(`no table with ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

it('prints every staff action with its roles, as the roles table says', () => {
  const expected = STAFF_ACTION_NAMES.map((action) => [
    `\`${action}\``,
    STAFF_ACTIONS[action].does,
    ...STAFF_ROLES.map((role) => (mayDo(role, action) ? 'yes' : '—')),
  ]);
  expect(tableRows('support agent')).toEqual(expected);
});

it('gives a support agent no admin action and an admin every action', () => {
  expect(mayDo('support_agent', 'ops.maintenance')).toBe(false);
  expect(mayDo('support_agent', 'account.block')).toBe(false);
  expect(STAFF_ACTION_NAMES.every((a) => mayDo('admin', a))).toBe(true);
});
