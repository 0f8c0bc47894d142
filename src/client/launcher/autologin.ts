/**
 * Silent login in the launcher (spec §4 step 6, docs/launcher.md), loaded only in app mode on the login
 * page: once the host's settings arrive, the portal asks the silent login (the session, else the device's
 * autologin token when the launcher has autologin on). Signed in: the launcher hand-off follows. Refused
 * (20001: nothing to sign in with): the form stays, or s-mode goes to the n-mode form. A blocked account (20100) or another code is shown on
 * the form through its errorCode, as the 20257 path does, because no dialog host is mounted before the
 * first submit.
 */
import { launcherSilentLogin } from '../api/launcher-login';
import { localClock } from '../api/options';
import { settle } from '../http/settle';
import { hrefTo } from '../navigation/browser';
import { goTo } from '../navigation/page';
import { getDeviceId } from '../stores/device';
import { $launcher } from '../stores/launcher';
import * as routes from '../../routes/refs';
import type { HandOffOptions } from './after-login';
import { launcherSettingsReady } from './settings-ready';

export type AutologinOutcome = 'signed-in' | 'not-signed-in' | 'refused' | 'no-settings';

export interface AutologinOptions extends HandOffOptions {
  /** The form to go to when there is nothing to sign in with (s-mode → n-mode); the login page stays. */
  fallback?: typeof routes.loginNMode | undefined;
}

export async function tryAutologin(options: AutologinOptions = {}): Promise<AutologinOutcome> {
  const navigate = options.navigate ?? goTo;
  const settings = await launcherSettingsReady();
  if (settings === null) {
    if (options.fallback) navigate(hrefTo(options.fallback));
    return 'no-settings';
  }
  const autoLogin = settings.autologin === true;
  $launcher.setKey('autologin', autoLogin);
  const [error] = await settle(
    launcherSilentLogin({ autoLogin, clientId: settings.client_id, deviceId: getDeviceId(), ...localClock() }),
  );
  if (error) {
    if (error.navigating) return 'not-signed-in';
    if (error.code === '20001') {
      if (options.fallback) navigate(hrefTo(options.fallback));
      return 'not-signed-in';
    }
    navigate(hrefTo(options.fallback ?? routes.login, { query: { errorCode: error.code } }));
    return 'refused';
  }
  const { launcherAfterLogin } = await import('./after-login');
  await launcherAfterLogin({ ...options, accountType: 'EMAIL' });
  return 'signed-in';
}
