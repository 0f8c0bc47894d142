/**
 * Settings refresh for routes whose meta says settings info must load
 * (spec §2): loaded on demand by the guard runner, so pages that do not need
 * it do not download the account schema.
 */
import region from '@region';
import { getAccount } from '../../shared/contract/settings';
import { logout } from '../../shared/contract/session';
import { isApiError } from '../http/api-error';
import { call } from '../http/client';
import { hostLogout } from '../host/launcher-bridge';
import { currentPath, navigate } from '../navigation/browser';
import { settingsRefreshFailure } from '../navigation/settings-refresh';
import { setAccountFromServer } from '../stores/account-parse';
import { $login } from '../stores/login';

/** Spec §2: 20100/20102 log out (telling the parent frame in app mode); other failures go to login. */
export async function refreshSettings(appMode: boolean): Promise<boolean> {
  if (region.unified) return true; // Spec §7: GET /account is skipped in the one region.
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
      navigate('login', { replace: true, query: { return_url: undefined } });
    } else {
      navigate('login', { replace: true, query: { return_url: currentPath() } });
    }
    return false;
  }
}
