/**
 * The page start-up (src/client/startup/) loads on every page as one file: its static import graph is what every
 * page pays for. This walks that graph in the sources (type-only imports are erased by the build; `import()` loads
 * on demand) and holds it to the rules of docs/performance.md: no zod, no HTTP client library, no i18next, no
 * route registry, no islands, no React; and every module of the folder is part of the start-up (the `startup`
 * chunk group takes the whole folder, so an on-demand module there would load on every page).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REGION_IDS } from '../../../../src/regions/index';

const ROOT = resolve(import.meta.dirname, '../../../..');
const STARTUP = join(ROOT, 'src/client/startup');
const ENTRY = join(STARTUP, 'main.ts');

/** The modules a source imports at run time, without `import type` and `import()`. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.phaseModifier === ts.SyntaxKind.TypeKeyword) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

function resolveSource(from: string, specifier: string): string[] {
  // `@region` is one region's file per build: every region's counts.
  if (specifier === '@region') return REGION_IDS.map((id) => join(ROOT, 'src/regions', `${id}.ts`));
  if (!specifier.startsWith('.')) return [`package:${specifier}`];
  const base = resolve(dirname(from), specifier);
  const file = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (f) => existsSync(f) && f !== dirname(f),
  );
  if (file === undefined || !/\.tsx?$/.test(file))
    throw new Error(`${relative(ROOT, from)}: cannot resolve ${specifier}`);
  return [file];
}

function startupGraph(): Set<string> {
  const seen = new Set<string>();
  const pending = [ENTRY];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith('package:')) continue;
    for (const specifier of staticImports(file)) pending.push(...resolveSource(file, specifier));
  }
  return seen;
}

const graph = startupGraph();
const modules = [...graph].map((f) => (f.startsWith('package:') ? f : relative(ROOT, f)));

describe('the page start-up', () => {
  it('is found (a renamed entry would make every check below pass on nothing)', () => {
    expect(modules).toContain('src/client/startup/main.ts');
    expect(modules.length).toBeGreaterThan(10);
  });

  it('imports no library but nanostores', () => {
    expect(modules.filter((m) => m.startsWith('package:'))).toEqual(['package:nanostores']);
  });

  it('imports no route registry, i18n, island, server or HTTP client code', () => {
    const forbidden = [
      /^src\/routes\/registry\.ts$/,
      /^src\/i18n\/(?!locales\.ts$)/,
      /^src\/islands\//,
      /^server\//,
      /^src\/client\/http\/(?:client|session|failure)\.ts$/,
      /^src\/shared\/contract\/(?!http\.ts$|query-case\.ts$)/,
    ];
    expect(modules.filter((m) => forbidden.some((r) => r.test(m)))).toEqual([]);
  });

  it('holds nothing in its folder that it does not run at start', () => {
    const folder = readdirSync(STARTUP)
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => `src/client/startup/${f}`);
    expect(folder.filter((f) => !modules.includes(f))).toEqual([]);
  });
});
