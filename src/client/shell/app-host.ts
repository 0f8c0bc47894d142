/**
 * The app shell's app-mode part (spec §2, §7), loaded by ./main only inside
 * the launcher or store connector: starts the host bridge and shows the
 * developer region selector when the launcher's settings turn debug on,
 * on the login page the silent login (autologin), and the host's requests to
 * open an account page in the system browser (login/sso).
 */
import { startLauncherBridge } from '../host/launcher-bridge';
import { bindLauncherLinks } from '../launcher/host-links';
import { listenForOpenInBrowser } from '../launcher/open-in-browser';
import { pageRouteName } from '../navigation/page';
import { $launcherSettings } from '../stores/launcher';
import { AUTOLOGIN_FALLBACK, AUTOLOGIN_ROUTES } from '../launcher/autologin-routes';

export function startAppHost(): void {
  // Links and the host's account menu are bound in the same task that announces the page (`ready`), not in a
  // chunk of their own: a provider button pressed once the host has seen `ready` already goes to the system browser
  // (login/tpa/{provider}?app=1), never to the provider's pages inside the frame.
  bindLauncherLinks();
  listenForOpenInBrowser();
  startLauncherBridge();
  $launcherSettings.subscribe((settings) => {
    if (settings?.debug === true)
      void import('./region-selector').then(({ showRegionSelector }) => showRegionSelector());
  });
  // The launcher's login page first tries the silent login (autologin), once the host's settings arrive.
  const route = pageRouteName();
  if (route !== undefined && AUTOLOGIN_ROUTES.includes(route))
    void import('../launcher/autologin').then(({ tryAutologin }) =>
      tryAutologin({ fallback: AUTOLOGIN_FALLBACK[route] }),
    );
}
