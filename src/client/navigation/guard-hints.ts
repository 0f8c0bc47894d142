/**
 * Guard hints (spec §2 "Navigation rules"): what the app shell must know at
 * start about the current route's guards. The Shell derives them from the
 * registry meta at build time and renders them on body[data-guard], so a page
 * whose guards can only let the visitor stay (a logged-out visitor on the
 * login page) never loads the route table; when a hint says a guard may act,
 * the shell loads the full guards (./guards, checked against these hints by
 * tests/unit/client/navigation/guard-hints.test.ts).
 */
import type { RouteDef } from '../../routes/registry';

/**
 * - requires-login / logged-out-only: the guard needs the login state;
 * - more: guard work whatever the login state (an alias redirect, the
 *   platform parameter IAL, parental consent);
 * - settings: the settings refresh, due once the visitor is signed in. It
 *   needs no route table: a settings page with no other hint that acts
 *   reads the account without the full guards (../shell/account-read).
 */
export type GuardHint = 'requires-login' | 'logged-out-only' | 'more' | 'settings';

/** The hints of a route, from its registry entry (build time). */
export function guardHints(route: RouteDef): GuardHint[] {
  const { meta } = route;
  const hints: GuardHint[] = [];
  if (meta.requiresLogin) hints.push('requires-login');
  if (meta.loggedOutOnly) hints.push('logged-out-only');
  const more = meta.redirectTo !== undefined || meta.parentalConsent !== undefined || route.path.includes('{platform');
  if (more) hints.push('more');
  if (meta.needsSettings === true) hints.push('settings');
  return hints;
}

/** Hints as rendered on the page (space-separated); unknown tokens are ignored. */
export function parseGuardHints(value: string | undefined): ReadonlySet<GuardHint> {
  const known: readonly GuardHint[] = ['requires-login', 'logged-out-only', 'more', 'settings'];
  return new Set(known.filter((hint) => value?.split(' ').includes(hint)));
}

/** Whether the guard needs the login state (the registry rule needsLoginState). */
export function hintsNeedLoginState(hints: ReadonlySet<GuardHint>): boolean {
  return hints.has('requires-login') || hints.has('logged-out-only');
}

/** False only when every guard of the route lets the visitor stay with this login state (the settings refresh aside). */
export function guardsMayAct(hints: ReadonlySet<GuardHint>, loggedIn: boolean | undefined): boolean {
  return (
    hints.has('more') ||
    (hints.has('logged-out-only') && loggedIn === true) ||
    (hints.has('requires-login') && loggedIn === false)
  );
}

/** Whether the settings refresh is due (the registry rule: needsSettings, signed in). */
export function settingsDue(hints: ReadonlySet<GuardHint>, loggedIn: boolean | undefined): boolean {
  return hints.has('settings') && loggedIn === true;
}

/** This page's hints (body[data-guard], rendered by the Shell). */
export function pageGuardHints(): ReadonlySet<GuardHint> {
  return parseGuardHints(document.body.dataset['guard']);
}
