/**
 * The app shell's app-mode part (spec §2, §7), loaded by ./main only inside
 * the launcher or store connector: starts the host bridge and shows the
 * developer region selector when the launcher's settings turn debug on.
 */
import { startLauncherBridge } from '../host/launcher-bridge';
import { $launcherSettings } from '../stores/launcher';

export function startAppHost(): void {
  startLauncherBridge();
  $launcherSettings.subscribe((settings) => {
    if (settings?.debug === true)
      void import('./region-selector').then(({ showRegionSelector }) => showRegionSelector());
  });
}
