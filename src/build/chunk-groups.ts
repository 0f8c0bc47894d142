/**
 * Bundler chunk groups (docs/performance.md "How the bundle is shaped").
 *
 * Left alone, the bundler gives every set of modules shared by a different
 * set of entries its own chunk: the login page fetched ~30 small files, each
 * with its own module wrapper, imports and exports, which brotli cannot share
 * across files. Three groups put what every page (or every form) loads
 * anyway into one file each:
 *
 * - `react`: react, react-dom, the scheduler and Astro's React renderer;
 * - `shell`: zod and the static import graph of the app-shell script
 *   (`src/layouts/Shell.astro` → `src/client/shell/main.ts`), which every
 *   page runs at start: configuration, login status, stores, region config,
 *   HTTP client, cookies…; derived from the graph, so a module the shell
 *   starts importing joins it and a module it only loads on demand stays
 *   out. zod is here because every page parses at start;
 * - `fields`: the shared form fields every form island renders, the message
 *   lookup, and the store hook they use (`@nanostores/react`, with the
 *   nanostores parts only it needs).
 */
import type { Rolldown } from 'vite';

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];
type ModuleInfo = NonNullable<
  ReturnType<Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1]['getModuleInfo']>
>;

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/**
 * nanostores' entry re-exports every part, so all of them sit in the shell's static graph; these parts serve only
 * `@nanostores/react` (key listening) and `@nanostores/persistent` (mount events), which load with islands.
 */
const NANOSTORES_FOR_HOOKS = /[\\/]node_modules[\\/]nanostores[\\/](?:listen-keys|deep-map)[\\/]/;
const NANOSTORES_NOT_AT_START = /[\\/]node_modules[\\/]nanostores[\\/](?:listen-keys|deep-map|lifecycle)[\\/]/;
/** Astro's id of the Shell layout's bundled <script>. */
const SHELL_SCRIPT = /[\\/]src[\\/]layouts[\\/]Shell\.astro\?astro&type=script/;
const FIELDS = new RegExp(
  [
    /[\\/]src[\\/]islands[\\/]shared[\\/](?:TextField|PasswordField|Checkbox|SubmitButton|FormError)\.tsx$/,
    /[\\/]src[\\/]islands[\\/]shared[\\/]use-page-query\.ts$/,
    /[\\/]src[\\/]client[\\/]t\.ts$/,
    NANOSTORES_FOR_HOOKS,
    /[\\/]node_modules[\\/]@nanostores[\\/]react[\\/]/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/** Every module the entry imports statically, directly or not (dynamic imports excluded), without the entry. */
export function staticGraph(entry: string, info: (id: string) => Pick<ModuleInfo, 'importedIds'> | null): Set<string> {
  const seen = new Set<string>();
  const pending = [...(info(entry)?.importedIds ?? [])];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || id === entry) continue;
    seen.add(id);
    pending.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * React, react-dom, the scheduler and Astro's React renderer in one file: every page with an island loads all of
 * them, and they change together (a React upgrade). Shared with the bench's floor page, so that its ratio compares
 * our own code only.
 */
export function reactGroup(): Group {
  return {
    name: 'react',
    test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
    priority: 4,
  };
}

/** The groups for `vite.build.rolldownOptions.output.codeSplitting.groups`; one instance per config. */
export function chunkGroups(): Group[] {
  // Rolldown calls `test` for every candidate of a group before the group's first `name`: `test` finds the
  // shell script and marks the graph stale, so each build (server, client) computes its own.
  let entry: string | undefined;
  let shell: Set<string> | undefined;
  return [
    reactGroup(),
    { name: 'fields', test: FIELDS, priority: 2 },
    {
      name(id, ctx) {
        if (entry === undefined) return null;
        shell ??= staticGraph(entry, (m) => ctx.getModuleInfo(m));
        return ZOD.test(id) || (shell.has(id) && !NANOSTORES_NOT_AT_START.test(id)) ? 'shell' : null;
      },
      test(id) {
        shell = undefined;
        if (SHELL_SCRIPT.test(id)) entry = id;
        return true;
      },
      priority: 1,
    },
  ];
}
