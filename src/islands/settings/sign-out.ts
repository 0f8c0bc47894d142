/**
 * Signing out from settings: the session is ended server-side (already ended
 * is fine), the hashed user-number cookies are cleared, the launcher is told,
 * and the player lands on login without a return_url back into settings.
 */
import { logout } from '../../client/api/session';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { $account } from '../../client/stores/account';
import { $login } from '../../client/stores/login';
import { clearUserCookies } from '../shared/user-cookies';
import * as routes from '../../routes/refs';

export async function signOut(): Promise<void> {
  await settle(logout());
  clearUserCookies();
  // The bridge (and the schemas of the host's messages) loads on sign-out, not with every settings page.
  const { hostLogout } = await import('../../client/host/launcher-bridge');
  hostLogout();
  $login.setKey('isLoggedIn', false);
  $account.set(null);
  navigate(routes.login, { replace: true, query: { return_url: undefined, route_to: undefined } });
}
