/**
 * Bundler chunk groups (docs/performance.md "How the bundle is shaped").
 *
 * Left alone, the bundler gives every set of modules shared by a different
 * set of entries its own chunk: the login page fetched ~30 small files, each
 * with its own module wrapper, imports and exports, which brotli cannot share
 * across files. Three groups put what every page (or every form) loads
 * anyway into one file each:
 *
 * - `zod`: zod core, used by every page (configuration, login status…);
 * - `shell`: the static import graph of the app-shell script
 *   (`src/layouts/Shell.astro` → `src/client/shell/main.ts`), which every
 *   page runs at start: stores, region config, HTTP client, cookies…;
 *   derived from the graph, so a module the shell starts importing joins it
 *   and a module it only loads on demand stays out;
 * - `fields`: the shared form fields every form island renders.
 */
import type { Rolldown } from 'vite';

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];
type ModuleInfo = NonNullable<
  ReturnType<Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1]['getModuleInfo']>
>;

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** Astro's id of the Shell layout's bundled <script>. */
const SHELL_SCRIPT = /[\\/]src[\\/]layouts[\\/]Shell\.astro\?astro&type=script/;
const FIELDS =
  /[\\/]src[\\/]islands[\\/]shared[\\/](?:TextField|PasswordField|Checkbox|SubmitButton|FormError)\.tsx$|[\\/]src[\\/]islands[\\/]shared[\\/]use-page-query\.ts$/;

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

/** The groups for `vite.build.rolldownOptions.output.codeSplitting.groups`; one instance per config. */
export function chunkGroups(): Group[] {
  // Rolldown calls `test` for every candidate of a group before the group's first `name`: `test` finds the
  // shell script and marks the graph stale, so each build (server, client) computes its own.
  let entry: string | undefined;
  let shell: Set<string> | undefined;
  return [
    { name: 'zod', test: ZOD, priority: 3 },
    { name: 'fields', test: FIELDS, priority: 2 },
    {
      name(id, ctx) {
        if (entry === undefined) return null;
        shell ??= staticGraph(entry, (m) => ctx.getModuleInfo(m));
        return shell.has(id) ? 'shell' : null;
      },
      test(id) {
        shell = undefined;
        if (SHELL_SCRIPT.test(id)) entry = id;
        return !ZOD.test(id);
      },
      priority: 1,
    },
  ];
}
