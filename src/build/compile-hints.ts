/**
 * Explicit compile hints for the code a page loads on demand (issue 25 §1, docs/performance.md "Code before it is
 * needed"). V8 compiles a function the first time it runs, on the main thread: the first click on a warmed form
 * compiled about 47 functions of its action path (submit, captcha, the call, the HTTP client) between the click
 * and its call, which the same click made again does not. A file that starts with `//# allFunctionsCalledOnLoad`
 * is compiled whole when it loads (Chrome 136+; other engines ignore the comment). Only files no page loads at
 * start get it: those load at idle (the action path's warm-up) or with an action, so the eager compile never
 * competes with the first paint, and the pages' budgets before interaction do not move.
 * (Node runs this file for the config: type-only imports.)
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  code: string;
  map?: { mappings: string } | null;
}
interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

/** The chunks no entry reaches through static imports: what loads only through `import()`. */
export function onDemandChunks(bundle: Record<string, ChunkLike | AssetLike>): ChunkLike[] {
  const atStart = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (atStart.has(fileName) || chunk?.type !== 'chunk') return;
    atStart.add(fileName);
    chunk.imports.forEach(visit);
  };
  const chunks = Object.values(bundle).filter((c): c is ChunkLike => c.type === 'chunk');
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return chunks.filter((c) => !atStart.has(c.fileName));
}

/** Prepends the hint to every on-demand chunk; a source map gets the added line. */
export function addCompileHints(bundle: Record<string, ChunkLike | AssetLike>): void {
  for (const chunk of onDemandChunks(bundle)) {
    if (chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = COMPILE_HINT + chunk.code;
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
    const mapAsset = bundle[`${chunk.fileName}.map`];
    if (mapAsset?.type === 'asset' && typeof mapAsset.source === 'string') {
      const map = JSON.parse(mapAsset.source) as { mappings: string };
      map.mappings = `;${map.mappings}`;
      mapAsset.source = JSON.stringify(map);
    }
  }
}

/** The browser build's plugin (astro.config.mjs). */
export function compileHints(): Plugin {
  return {
    name: 'portal:compile-hints',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      addCompileHints(bundle);
    },
  };
}
