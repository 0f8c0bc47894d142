/**
 * Account pages in the system browser (docs/launcher.md "Account pages in the browser: login/sso"), loaded in app
 * mode with the host's first `openInBrowser` request: the signed-in portal asks for a one-time SSO code and has the
 * host open `login/sso?code=…&route_to=…` in the system browser, which is then signed in without the password.
 * A refusal (not signed in on this device, a blocked account) is told to the host (`openInBrowserFailed`).
 */
import { requestSsoCode } from '../api/launcher-app';
import { errorDialog } from '../dialogs/queue';
import { hostOpenExternalLink, hostRequestToMain } from '../host/launcher-bridge';
import { settle } from '../http/settle';
import { routeHref } from '../navigation/href';
import { currentLocale } from '../navigation/page';
import { needsParams, routeNamed } from '../navigation/routes';
import { getDeviceId } from '../stores/device';
import * as routes from '../../routes/refs';

export const OPEN_IN_BROWSER_FAILED = 'openInBrowserFailed';
/** Where the browser lands without a (usable) route_to. */
const DEFAULT_ROUTE = 'account-overview';

export async function openInBrowser(routeTo: string | undefined): Promise<boolean> {
  const named = routeNamed(routeTo);
  const target = named !== undefined && !needsParams(named.path) ? named.name : DEFAULT_ROUTE;
  const [error, result] = await settle(requestSsoCode({ deviceId: getDeviceId() }));
  if (error) {
    hostRequestToMain(OPEN_IN_BROWSER_FAILED, { code: error.code });
    if (!error.navigating) await errorDialog(error.code);
    return false;
  }
  const href = routeHref(currentLocale(), { route: routes.loginSso, query: { code: result.code, route_to: target } });
  return hostOpenExternalLink(new URL(href, location.href).href);
}
