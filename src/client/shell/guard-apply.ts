/**
 * The full registry guards of the current page (spec §2), loaded by
 * ./guard-runner only when the page's guard hints say a guard may act: the
 * parental-consent state on parental routes, the redirect decision, and the
 * settings refresh on settings routes (those parts load on demand too).
 */
import { isRouteName, routeByName } from '../../routes/registry';
import { currentLocale, currentPath, currentQuery, goTo, redirectPolicy } from '../navigation/page';
import { guardRoute } from '../navigation/guards';
import { matchParams } from '../navigation/href';
import { AUTOLOGIN_ROUTES } from '../launcher/autologin-routes';

/** Applies the guards with the login state already asked for (undefined when not needed or unknown). */
export async function applyGuards(
  routeName: string,
  relPath: string,
  appMode: boolean,
  loggedIn: boolean | undefined,
): Promise<void> {
  if (!isRouteName(routeName)) return;
  const route = routeByName(routeName);
  // In the launcher a signed-in player on login is not sent away: the silent login hands the session to the
  // launcher (src/client/launcher/autologin.ts, docs/launcher.md).
  if (appMode && loggedIn === true && AUTOLOGIN_ROUTES.includes(routeName)) return;
  const parentalConsentSet =
    route.meta.parentalConsent !== undefined && loggedIn === true
      ? await (await import('./parental-check')).parentalConsentState()
      : undefined;
  const decision = guardRoute({
    route,
    params: matchParams(route.path, relPath) ?? {},
    locale: currentLocale(),
    query: currentQuery(),
    currentPath: currentPath(),
    policy: redirectPolicy(),
    loggedIn,
    parentalConsentSet,
  });
  if (decision.kind === 'redirect') {
    goTo(decision.href, true);
    return;
  }
  if (route.meta.needsSettings && loggedIn === true) await (await import('./account-read')).readAccount(appMode);
}
