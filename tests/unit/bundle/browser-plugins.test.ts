import { describe, expect, it } from 'vitest';
import { chunksWithPreloadLists, withoutSummaries } from '../../../src/build/browser-plugins';

describe('browser build plugins', () => {
  it('removes endpoint summaries, and nothing else, from contract sources', () => {
    const source = [
      'export const a = endpoint({',
      "  id: 'a',",
      "  summary: 'One line, with \\'quotes\\' and a comma, inside.',",
      "  path: '/a',",
      '});',
      'export const b = endpoint({',
      '  summary:',
      "    'A long summary Prettier moved to its own line.',",
      '  response: z.object({ summary: z.string() }),',
      '  other: "summary: kept",',
      '});',
      'const c = { summary: "double", d: `summary: ${\'x\'}` };',
      '  summary: "Double quoted.",',
      '',
    ].join('\n');
    expect(withoutSummaries(source).toString()).toBe(
      [
        'export const a = endpoint({',
        "  id: 'a',",
        "  path: '/a',",
        '});',
        'export const b = endpoint({',
        '  response: z.object({ summary: z.string() }),',
        '  other: "summary: kept",',
        '});',
        'const c = { summary: "double", d: `summary: ${\'x\'}` };',
        '',
      ].join('\n'),
    );
  });

  it('finds the chunks that would still preload files with a dynamic import', () => {
    expect(
      chunksWithPreloadLists({
        'a.js': { type: 'chunk', fileName: 'a.js', code: 'q(()=>import("./b.js"),[])' },
        'c.js': { type: 'chunk', fileName: 'c.js', code: 'q(()=>import("./d.js"),__vite__mapDeps([0]))' },
        'e.css': { type: 'asset', fileName: 'e.css' },
      }),
    ).toEqual(['c.js']);
  });
});
