/**
 * The staff audit log is append-only (issue 28 §1 "Actions", docs/staff-console.md "Audit"): no module of the
 * server or of the scripts updates or deletes a row of `staff_audit`, whether with the query builder or with SQL
 * text. Read with the TypeScript parser, so comments and prose do not count.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(path) && !path.endsWith('.test.ts') ? [path] : [];
  });
}

function* walk(node: ts.Node): Generator<ts.Node> {
  yield node;
  for (const child of node.getChildren()) yield* walk(child);
}

/** Where a file changes staff_audit rows: updateTable/deleteFrom('staff_audit'), or UPDATE/DELETE text on it. */
export function staffAuditWrites(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const sites: string[] = [];
  for (const node of walk(source)) {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['updateTable', 'deleteFrom'].includes(node.expression.name.text) &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      /^staff_audit\b/.test(node.arguments[0].text)
    )
      sites.push(`${node.expression.name.text}(${node.arguments[0].text})`);
    if (
      (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) &&
      /\b(update|delete\s+from)\s+"?staff_audit\b/i.test(node.getText())
    )
      sites.push(node.getText().slice(0, 60));
  }
  return sites;
}

describe('staff audit log', () => {
  it('has no UPDATE or DELETE path in server or script code', () => {
    const files = [...sources(join(ROOT, 'server')), ...sources(join(ROOT, 'scripts'))];
    const found = files.flatMap((f) =>
      staffAuditWrites(f, readFileSync(f, 'utf8')).map((site) => `${relative(ROOT, f)}: ${site}`),
    );
    expect(found).toEqual([]);
  });

  it('finds such a path when there is one (the scan works)', () => {
    expect(staffAuditWrites('a.ts', "db.q.deleteFrom('staff_audit').where('id', '=', 1);")).toHaveLength(1);
    expect(staffAuditWrites('b.ts', "db.q.updateTable('staff_audit').set({ reason: '' });")).toHaveLength(1);
    expect(staffAuditWrites('c.mjs', 'const s = `DELETE FROM staff_audit WHERE id = 1`;')).toHaveLength(1);
    expect(staffAuditWrites('d.ts', "db.q.insertInto('staff_audit').values(row);")).toEqual([]);
  });
});
