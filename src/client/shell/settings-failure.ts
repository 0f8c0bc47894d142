/**
 * The settings refresh after the plain read failed (./account-read): the account asked again through the islands'
 * client, whose answer decides (spec §2): the account; 20100 (blocked) and 20102 (reactivation required) sign the
 * player out, telling the parent frame in app mode; any other failure goes to login, back here after. Loaded only
 * then: it brings the HTTP client, zod and the settings contract.
 */
import { getAccount } from '../../shared/contract/settings';
import { logout } from '../../shared/contract/session';
import { isApiError } from '../http/api-error';
import { call } from '../http/client';
import { hostLogout } from '../host/launcher-bridge';
import { currentPath, navigate } from '../navigation/browser';
import { settingsRefreshFailure } from '../navigation/settings-refresh';
import { setAccountFromServer } from '../stores/account-parse';
import { $login } from '../stores/login';
import * as routes from '../../routes/refs';

/** Reads the account through the client; false when the page leaves instead. */
export async function readWithClient(appMode: boolean): Promise<boolean> {
  try {
    setAccountFromServer(await call(getAccount));
    return true;
  } catch (error) {
    if (isApiError(error) && error.navigating) return false;
    const action = settingsRefreshFailure(isApiError(error) ? error.code : 'SERVER_ERROR', appMode);
    if (action.kind === 'logout') {
      await call(logout, { body: {} }).catch(() => undefined); // Already signed out server-side is fine.
      if (action.notifyParent) hostLogout();
      $login.setKey('isLoggedIn', false);
      navigate(routes.login, { replace: true, query: { return_url: undefined } });
    } else {
      navigate(routes.login, { replace: true, query: { return_url: currentPath() } });
    }
    return false;
  }
}
