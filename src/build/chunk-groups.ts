/**
 * Bundler chunk groups (docs/performance.md "How the bundle is shaped"),
 * declared by package and folder. A group's static imports join it (rolldown's
 * `includeDependenciesRecursively`, on by default) and what it loads with
 * `import()` stays out, so each group is one file holding what its pages run,
 * without walking the module graph ourselves. In priority order:
 *
 * - `react`: react, react-dom, the scheduler and Astro's React renderer. Every
 *   page with an island needs all of them and they change together (a React
 *   upgrade): one file the browser keeps across pages.
 * - `startup`: the page start-up (src/client/startup/) with the stores, page
 *   helpers and region values it imports. Every page runs it.
 * - `forms`: the form kit every form island renders (fields, submit button,
 *   form error, the message lookup, the store hook). The login page loads
 *   this and its own island, nothing more.
 * - `kit`: the shared code islands load at start (`$initial`: reached by a
 *   static import from an entry): the HTTP client, zod and the contract,
 *   error handling, dialogs, navigation, the shared island parts. One file
 *   instead of one per set of pages sharing a module (30 and more on a form
 *   page, each with its own wrapper and imports that brotli cannot share);
 *   modules only loaded on demand stay in their own chunks.
 *
 * Everything else (a screen's own modules, on-demand code) is split by the
 * bundler's defaults.
 */
import type { Rolldown } from 'vite';

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];

/** Shared with the bench's floor page, so that its ratio compares our own code only. */
export function reactGroup(): Group {
  return {
    name: 'react',
    test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
    priority: 4,
  };
}

const STARTUP = /[\\/]src[\\/]client[\\/]startup[\\/]/;

const FORMS = new RegExp(
  [
    /[\\/]src[\\/]islands[\\/]shared[\\/](?:TextField|PasswordField|Checkbox|SubmitButton|FormError)\.tsx$/,
    /[\\/]src[\\/]islands[\\/]shared[\\/]use-page-query\.ts$/,
    /[\\/]src[\\/]client[\\/]t\.ts$/,
    /[\\/]node_modules[\\/]@nanostores[\\/]react[\\/]/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/** Shared code: src/client (the start-up excepted), src/shared, the shared island parts, and their libraries. */
const KIT =
  /[\\/]src[\\/](?:client[\\/](?!startup[\\/])|shared[\\/]|islands[\\/]shared[\\/])|[\\/]node_modules[\\/](?:zod|redaxios|hono)[\\/]/;

/** The groups for `vite.build.rolldownOptions.output.codeSplitting.groups`. */
export function chunkGroups(): Group[] {
  return [
    reactGroup(),
    { name: 'startup', test: STARTUP, priority: 3 },
    { name: 'forms', test: FORMS, priority: 2 },
    { name: 'kit', test: KIT, tags: ['$initial'], priority: 1 },
  ];
}
