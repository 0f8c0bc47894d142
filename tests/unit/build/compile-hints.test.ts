/**
 * The on-demand chunks (what no page loads at start) start with V8's compile hint; what pages load at start does
 * not (its eager compile would compete with the first paint). src/build/compile-hints.ts, issue 25 §1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, onDemandChunks } from '../../../src/build/compile-hints';

const chunk = (fileName: string, imports: string[], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry,
  code: `/* ${fileName} */`,
  map: { mappings: 'AAAA' },
});

describe('compile hints', () => {
  it('mark the chunks no entry reaches through static imports, with their source maps', () => {
    const bundle = {
      'island.js': chunk('island.js', ['react.js', 'stub.js'], true),
      'react.js': chunk('react.js', []),
      'stub.js': chunk('stub.js', []),
      'after-submit.js': chunk('after-submit.js', ['calls.js', 'stub.js']),
      'calls.js': chunk('calls.js', ['react.js']),
      'calls.js.map': { type: 'asset' as const, fileName: 'calls.js.map', source: '{"mappings":"AAAA"}' },
    };
    expect(onDemandChunks(bundle).map((c) => c.fileName)).toEqual(['after-submit.js', 'calls.js']);
    addCompileHints(bundle);
    addCompileHints(bundle);
    expect(bundle['calls.js'].code).toBe(`${COMPILE_HINT}/* calls.js */`);
    expect(bundle['calls.js'].map.mappings).toBe(';AAAA');
    expect(JSON.parse(bundle['calls.js.map'].source)).toEqual({ mappings: ';AAAA' });
    expect(bundle['island.js'].code).toBe('/* island.js */');
    expect(bundle['react.js'].code).toBe('/* react.js */');
  });

  it('are in the global build: the calls file has one, React and the start-up do not', () => {
    const dir = join(import.meta.dirname, '../../../dist/global/account/_astro');
    const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
    const hinted = (prefix: string) =>
      files
        .filter((f) => f.startsWith(`${prefix}.`))
        .map((f) => readFileSync(join(dir, f), 'utf8').startsWith(COMPILE_HINT));
    expect(hinted('calls')).toContain(true);
    expect(hinted('react')).toEqual([false]);
    expect(hinted('startup')).toEqual([false]);
  });
});
