/**
 * Bundler chunk groups (docs/performance.md "How the bundle is shaped"),
 * declared by package and folder. A group's static imports join it (rolldown's
 * `includeDependenciesRecursively`, on by default) and what it loads with
 * `import()` stays out, so each group is one file holding what its pages run,
 * without walking the module graph ourselves. In priority order:
 *
 * - `startup`: the page start-up (src/client/startup/) with the stores, page
 *   helpers and region values it imports, in the shell script's own entry
 *   file, with Vite's preload helper. Every page runs it; it comes first, so
 *   a module both it and React's file need is in it, never the reverse (a
 *   page without islands loads no React).
 * - `react`: react, react-dom, the scheduler and Astro's React renderer. Every
 *   page with an island needs all of them and they change together (a React
 *   upgrade). With them the form kit every form island renders (fields,
 *   submit button, form error, the message lookup, the store hook, the
 *   action path's warm-up, the submit's transition): every
 *   island page loads both, so they are one file. The login page loads
 *   this, the start-up and its own island, nothing more.
 * - `base`: the few shared modules most islands use at start, by file: the
 *   message lookup's helpers, navigation (hrefs with the route registry),
 *   the stores, the result helper, the dialog queue, the error-text hook and
 *   the catalogue that resolves a code to its keys. Only what some page loads
 *   at start (`$initial`), so a module listed here but imported on demand
 *   stays out. Small by design: every island page loads all of it.
 * - `calls`: the shared code islands load on demand with their first call or
 *   error: zod, the contract's building blocks, the HTTP client and redaxios,
 *   the error handlers, the dialog bodies, the validation rules. One file
 *   instead of one per on-demand import site. Each API area's contract
 *   (mfa, session, staff…) is a file of its own beside it, so a page loads
 *   the areas its islands call, not all thirty. A page that imports any of it at start
 *   loads the whole file before interaction, which the page budgets catch
 *   (tests/unit/build/page-budgets.test.ts holds every page).
 *
 * - `settings`: the settings area's shared helpers at start (`$initial`).
 * - `two-step` and `pending-login`: the few small helpers the two-step
 *   screens share, and the pending sign-in (`$initial`), by file.
 * - `flow-end`: the end of a flow (redirect rules and allow-list), where a
 *   screen ends a flow or an on-demand handler needs it.
 *
 * Everything else (a screen's own modules, on-demand code) is split by the
 * bundler's defaults.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Rolldown } from 'vite';

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];

const REACT = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

/** React alone: the bench's floor page, so that its ratio compares our own code only. */
export function reactGroup(): Group {
  return { name: 'react', test: REACT, priority: 5 };
}

/**
 * The start-up's folder, the shell's script that imports it (the entry: without it here the page loaded a 34-byte
 * entry file, then the start-up's file, one round trip later) and Vite's preload helper, which the start-up's
 * on-demand imports call: left to the bundler it went into React's file, and every page without islands loaded
 * React for it. (Rolldown's own runtime is not offered to groups: it stays a file of its own.)
 */
const STARTUP = new RegExp(
  [
    /[\\/]src[\\/]client[\\/]startup[\\/]/,
    /[\\/]src[\\/]layouts[\\/]Shell\.astro\?astro&type=script/,
    /vite[\\/]preload-helper/,
  ]
    .map((r) => r.source)
    .join('|'),
);

const FORMS = new RegExp(
  [
    /[\\/]src[\\/]islands[\\/]shared[\\/](?:TextField|PasswordField|Checkbox|SubmitButton|FormError)\.tsx$/,
    /[\\/]src[\\/]islands[\\/]shared[\\/](?:use-page-query|warm-path|submit-transition)\.ts$/,
    /[\\/]src[\\/]client[\\/]t\.ts$/,
    /[\\/]node_modules[\\/]@nanostores[\\/]react[\\/]/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * The contract's area modules: those that declare endpoints (`endpoint(`), one per API area (mfa, session, staff…).
 * Read from the folder, so a new area needs no entry here.
 */
export function contractAreas(): string[] {
  const dir = new URL('../shared/contract/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && /\bendpoint\(/.test(readFileSync(new URL(f, dir), 'utf8')))
    .map((f) => f.slice(0, -'.ts'.length));
}

/**
 * The contract modules `calls` does not take: the areas, each left to the bundler so that it loads with its
 * area's first call and a page takes only the areas its islands call (the staff console's contract was on every
 * player's page; measured by idle, 12-15 KB br less on login, create, reset password and a settings change:
 * docs/performance.md), and the schema-free modules a page reads at start (http, query-case, oidc-reauth).
 */
const CONTRACT_OUTSIDE_CALLS = [...contractAreas(), 'http', 'query-case', 'oidc-reauth'];

/**
 * Shared code loaded on demand, by folder and file: zod, the contract's building blocks (endpoint(), the shared
 * schemas, formats, ids: every area imports them), the HTTP client and redaxios, the error handlers and dialog
 * bodies, the account parser. Never needed to render a screen. (A group takes its members' static imports too: a
 * member importing a screen's module would put that module, and so this file, on the screen's page at start.
 * Keep members free of island imports.)
 */
const CALLS = new RegExp(
  [
    /[\\/]node_modules[\\/](?:zod|redaxios)[\\/]/,
    new RegExp(`[\\\\/]src[\\\\/]shared[\\\\/]contract[\\\\/](?!(?:${CONTRACT_OUTSIDE_CALLS.join('|')})\\.ts$)`),
    /[\\/]src[\\/]client[\\/]http[\\/]client\.ts$/,
    /[\\/]src[\\/]client[\\/]errors[\\/](?!texts\.ts$)/,
    /[\\/]src[\\/]client[\\/]dialogs[\\/](?!queue\.ts$)/,
    /[\\/]src[\\/]client[\\/]stores[\\/]account-parse\.ts$/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * Shared code islands use at start, by file: navigation and the route table, the stores that load no schema,
 * the API calls' loader (src/client/api/on-demand.ts), the result helper, the dialog queue, the error-text hook,
 * the plain password rules and code format. Listed by file, not by folder: every island
 * page loads this file, and a module here that imported zod would bring zod to every page. (A catch-all group
 * of everything islands import at start held 23 KB here.) What is not listed and loaded at start is split by the
 * bundler, unless an on-demand module of `calls` also imports it: a group takes its members' imports, so such a
 * module belongs here.
 */
const BASE = new RegExp(
  [
    // Not the end of a flow (its own group below).
    /[\\/]src[\\/]client[\\/]navigation[\\/](?!flow-end\.ts$|redirect-target\.ts$|routes\.ts$)/,
    // Not the API call stubs (a few hundred bytes an area, twenty areas): each page takes the ones its islands use.
    /[\\/]src[\\/]client[\\/]api[\\/]on-demand\.ts$/,
    // Not the verification purposes: only the settings verification screens read them at start (two-step).
    // Not the paths by name (with the end of a flow below); the route paths themselves are inlined where used.
    /[\\/]src[\\/]routes[\\/](?!verification-purposes\.ts$|route-names\.ts$)/,
    /[\\/]src[\\/]client[\\/]stores[\\/](?:account|captcha|device|entry|global|launcher|loading|login|stored-value)\.ts$/,
    /[\\/]src[\\/]client[\\/]http[\\/](?:settle|api-error)\.ts$/,
    /[\\/]src[\\/]client[\\/]dialogs[\\/]queue\.ts$/,
    /[\\/]src[\\/]client[\\/]errors[\\/]texts\.ts$/,
    /[\\/]src[\\/]shared[\\/]errors[\\/](?:codes|text-keys|healup-items)\.ts$/,
    // The code format: about 0.1 KB more on every island page, and 0.5 KB less on the authenticator's set-up, which
    // took the two-step screens' file for it (76,938 → 76,424 B br in the browser; session 23). The code screens
    // load one file less; the tightest page's headroom moved from 556 to 535 B (promo-2fa).
    /[\\/]src[\\/]shared[\\/]validation[\\/](?:password-rules|email-format|code-format)\.ts$/,
    /[\\/]src[\\/]islands[\\/]shared[\\/](?:error-message|refresh-account|LazyDialogHost)\.tsx?$/,
    /[\\/]node_modules[\\/]nanostores[\\/]/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * The settings area's shared helpers (the account view, the verified-email check, the error handler's loader,
 * the two-factor helpers), which every settings page loads at start: one file instead of one per set of
 * screens sharing a helper (13 files on the security page without it, over the budget of 12).
 */
// Not the error handler itself (settings-errors.ts: zod, the client, dialogs), which loads on demand through
// handle-error.ts; a screen importing it at start then pays for it alone, not every settings page.
const SETTINGS = /[\\/]src[\\/]islands[\\/]settings[\\/](?!settings-errors\.ts$)[^\\/]+\.ts$/;

/**
 * The two-step screens' small shared rules (sign-in and settings verification, the security page): each method's
 * screen, the methods' order, the masked phone, the verification purposes. A few hundred bytes that would otherwise
 * be one file each on every two-step page (up to 18 files there, over the budget of 12). Not the code format
 * (src/shared/validation/code-format.ts, in `base`): setting/authenticator-enable checks its code with it and
 * needs nothing else here.
 */
const TWO_STEP = new RegExp(
  [
    /[\\/]src[\\/]islands[\\/]mfa[\\/]login[\\/]routes\.ts$/,
    /[\\/]src[\\/]islands[\\/]mfa[\\/]code[\\/]methods\.ts$/,
    /[\\/]src[\\/]islands[\\/]mfa[\\/]security[\\/]mask-phone\.ts$/,
    // The purpose a settings verification is made for; the contract imports it too, so it needs a group.
    /[\\/]src[\\/]routes[\\/]verification-purposes\.ts$/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * The sign-in kept between the password step and what follows it (the second step, healup, sign-out): the stored
 * login and the stored values' checks, which those pages read at start.
 */
const PENDING_LOGIN =
  /[\\/]src[\\/](?:islands[\\/]shared[\\/]pending-login|client[\\/]stores[\\/]persisted-checks)\.ts$/;

/**
 * The end of a flow (src/client/navigation/flow-end.ts): the redirect rules and the allow-list, about 0.5 KB br,
 * with the route paths by name that route_to is read with (navigation/routes.ts, src/routes/route-names.ts, about
 * 0.9 KB br). Only screens that end a flow, the sign-in's end and the guards use them: one small file where they
 * do, not in `base` on every page. A group, because the error handlers in `calls` import the allow-list too.
 */
const FLOW_END = new RegExp(
  [
    /[\\/]src[\\/]client[\\/]navigation[\\/](?:flow-end|redirect-target|routes)\.ts$/,
    /[\\/]src[\\/]routes[\\/]route-names\.ts$/,
    /[\\/]src[\\/]shared[\\/]redirect\.ts$/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * The ownership form's fixed values (src/shared/validation/ownership-limits.ts, docs/support-cases.md), which the
 * form and the case outcome screens read at start and the support-case contract in `calls` imports too: a group,
 * so that `calls` does not take them onto those pages, and not `base`, which every island page loads (about 0.2 KB
 * br there for three screens).
 */
const OWNERSHIP = /[\\/]src[\\/]shared[\\/]validation[\\/]ownership-limits\.ts$/;

/**
 * The console screens' small shared helpers at start (src/islands/platform: the calls' loader, the §8 handling's
 * loader, the platform's name, the verify-linking routes, the pending link): one file on every platform page
 * instead of one each, which the social screens' on-demand modules importing some of them would otherwise split
 * apart (13 files on verify-linking without it, over the budget of 12). Their imports are type-only or already in
 * `base`/`react`.
 */
const PLATFORM = /[\\/]src[\\/]islands[\\/]platform[\\/](?:calls|failure|platform-name|verify-routes|use-linking)\.ts$/;

/**
 * Entry file names of the client build (`output.entryFileNames`, which replaces Astro's): Astro's own naming
 * (`cleanChunkName`: every character but word characters, `.`, `-` and `/` becomes `_`), except that the shell's
 * script, which the `startup` group makes the start-up's file, is named `startup` instead of
 * `Shell.astro_astro_type_script_index_0_lang`: every island file that imports a store from it names it.
 */
export function entryFileNames(assets: string): (chunk: { readonly name: string }) => string {
  return ({ name }) => {
    const clean = name.replace(/[^\w.\-/]/g, '_');
    return `${assets}/${SHELL_SCRIPT_ENTRY.test(clean) ? 'startup' : clean}.[hash].js`;
  };
}
const SHELL_SCRIPT_ENTRY = /^Shell\.astro_astro_type_script_index_\d+_lang$/;

/** The groups for `vite.build.rolldownOptions.output.codeSplitting.groups`. */
export function chunkGroups(): Group[] {
  return [
    // React and the form kit in one file: every island page loads both, so one file less on each (the budget
    // counts files) and nothing more on any. The price: a change to the form kit renames React's file too.
    { name: 'react', test: new RegExp(`${REACT.source}|${FORMS.source}`), priority: 5 },
    // Above React: see STARTUP.
    { name: 'startup', test: STARTUP, priority: 6 },
    // base before calls: a light module both import (navigation, the registry) goes where pages load it at start.
    { name: 'base', test: BASE, tags: ['$initial'], priority: 2 },
    { name: 'settings', test: SETTINGS, tags: ['$initial'], priority: 2 },
    { name: 'two-step', test: TWO_STEP, tags: ['$initial'], priority: 2 },
    { name: 'pending-login', test: PENDING_LOGIN, tags: ['$initial'], priority: 2 },
    { name: 'flow-end', test: FLOW_END, priority: 2 },
    { name: 'platform', test: PLATFORM, tags: ['$initial'], priority: 2 },
    { name: 'ownership', test: OWNERSHIP, tags: ['$initial'], priority: 2 },
    { name: 'calls', test: CALLS, priority: 1 },
  ];
}
