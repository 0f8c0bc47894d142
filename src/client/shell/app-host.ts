/**
 * The app shell's app-mode part (spec §2, §7), loaded by ./main only inside
 * the launcher or store connector: starts the host bridge and shows the
 * developer region selector when the launcher's settings turn debug on,
 * and on the login page the silent login (autologin).
 */
import { startLauncherBridge } from '../host/launcher-bridge';
import { pageRouteName } from '../navigation/page';
import { $launcherSettings } from '../stores/launcher';
import { AUTOLOGIN_FALLBACK, AUTOLOGIN_ROUTES } from '../launcher/autologin-routes';

export function startAppHost(): void {
  startLauncherBridge();
  $launcherSettings.subscribe((settings) => {
    if (settings?.debug === true)
      void import('./region-selector').then(({ showRegionSelector }) => showRegionSelector());
  });
  void import('../launcher/host-links').then(({ bindLauncherLinks }) => bindLauncherLinks());
  // The launcher's login page first tries the silent login (autologin), once the host's settings arrive.
  const route = pageRouteName();
  if (route !== undefined && AUTOLOGIN_ROUTES.includes(route))
    void import('../launcher/autologin').then(({ tryAutologin }) =>
      tryAutologin({ fallback: AUTOLOGIN_FALLBACK[route] }),
    );
}
