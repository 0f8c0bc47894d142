/**
 * What a failed settings refresh does (spec §2): 20100 (blocked) and 20102 (reactivation required) sign the
 * player out, telling the parent frame in app mode; any other failure goes to login, back here after. Loaded by
 * ./account-read only when the read failed: signing out needs the HTTP client, which a page whose read succeeds
 * does not load at start.
 */
import { logout } from '../../shared/contract/session';
import { call } from '../http/client';
import { hostLogout } from '../host/launcher-bridge';
import { currentPath, navigate } from '../navigation/browser';
import { settingsRefreshFailure } from '../navigation/settings-refresh';
import { $login } from '../stores/login';

/** Leaves the page after the account read failed with `code` (an error code, or a named client error). */
export async function leaveAfterFailedRead(code: string, appMode: boolean): Promise<void> {
  const action = settingsRefreshFailure(code, appMode);
  if (action.kind === 'logout') {
    await call(logout, { body: {} }).catch(() => undefined); // Already signed out server-side is fine.
    if (action.notifyParent) hostLogout();
    $login.setKey('isLoggedIn', false);
    navigate('login', { replace: true, query: { return_url: undefined } });
  } else {
    navigate('login', { replace: true, query: { return_url: currentPath() } });
  }
}
