/**
 * Runs the registry guards of the current page (spec §2): asks the API for
 * the login state only where a guard needs it, then, only when a guard may
 * act on that state (the page's guard hints), loads the full guards
 * (../shell/guard-apply: redirects, parental consent, then the settings
 * refresh). A settings page whose guards let a signed-in player stay reads
 * the account without them (../shell/account-read). A failed state check
 * leaves the page to its own error handling, except the settings refresh,
 * whose failures have their own rule.
 */
import { guardsMayAct, hintsNeedLoginState, pageGuardHints, settingsDue } from '../navigation/guard-hints';
import { unifiedCalls } from '../navigation/page';
import { getDeviceId } from '../stores/device';
import { $login } from '../stores/login';
import { fetchAppLoginStatus, fetchWebLoginStatus } from './api';

/** The login state (web session, or the app session in app mode); undefined when the call failed. */
export async function loginState(appMode: boolean): Promise<boolean | undefined> {
  const status = appMode ? await fetchAppLoginStatus() : await fetchWebLoginStatus(unifiedCalls(), getDeviceId());
  if (status === undefined) return undefined;
  $login.setKey('isLoggedIn', status.isLoggedIn);
  return status.isLoggedIn;
}

/** Applies the guards; resolves with the login state it learned (undefined when not asked). */
export async function runGuards(
  routeName: string | undefined,
  relPath: string,
  appMode: boolean,
): Promise<boolean | undefined> {
  if (routeName === undefined) return undefined;
  const hints = pageGuardHints();
  const loggedIn = hintsNeedLoginState(hints) ? await loginState(appMode) : undefined;
  if (guardsMayAct(hints, loggedIn))
    await import('../shell/guard-apply').then((m) => m.applyGuards(routeName, relPath, appMode, loggedIn));
  else if (settingsDue(hints, loggedIn)) await import('../shell/account-read').then((m) => m.readAccount(appMode));
  return loggedIn;
}
