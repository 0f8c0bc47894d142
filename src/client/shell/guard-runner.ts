/**
 * Runs the registry guards of the current page (spec §2): asks the API for
 * the login state only where a guard needs it, for the parental-consent
 * state on parental routes, and refreshes settings info on settings routes.
 * The parental and settings parts load on demand. A failed state check
 * leaves the page to its own error handling, except the settings refresh,
 * whose failures have their own rule.
 */
import { routeByName, type RouteName } from '../../routes/registry';
import { getAppLoginStatus, getWebLoginStatus } from '../../shared/contract/launcher-login';
import { call } from '../http/client';
import { currentLocale, currentPath, currentQuery, goTo, redirectPolicy, unifiedCalls } from '../navigation/browser';
import { guardRoute, needsLoginState } from '../navigation/guards';
import { matchParams } from '../navigation/href';
import { getDeviceId } from '../stores/device';
import { $login } from '../stores/login';

export async function loginState(appMode: boolean): Promise<boolean | undefined> {
  try {
    const status = appMode
      ? await call(getAppLoginStatus)
      : await call(getWebLoginStatus, { query: { deviceId: getDeviceId() }, unified: unifiedCalls() });
    $login.setKey('isLoggedIn', status.isLoggedIn);
    return status.isLoggedIn;
  } catch {
    return undefined;
  }
}

/** Applies the guards; resolves with the login state it learned (undefined when not asked). */
export async function runGuards(
  routeName: RouteName | undefined,
  relPath: string,
  appMode: boolean,
): Promise<boolean | undefined> {
  if (routeName === undefined) return undefined;
  const route = routeByName(routeName);
  const loggedIn = needsLoginState(route) ? await loginState(appMode) : undefined;
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
    return loggedIn;
  }
  if (route.meta.needsSettings && loggedIn === true) await (await import('./settings-runner')).refreshSettings(appMode);
  return loggedIn;
}
