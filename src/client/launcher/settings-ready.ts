/**
 * The launcher's settings arrive by message after the page announced itself (docs/launcher.md): flows that
 * need them (the device id, the client id, the version) wait for them, a bounded time.
 */
import { $launcherSettings, type LauncherSettings } from '../stores/launcher';

/** A host that has not answered in this time is not going to: the flow goes on without its settings. */
export const SETTINGS_WAIT_MS = 3000;

export function launcherSettingsReady(timeoutMs = SETTINGS_WAIT_MS): Promise<LauncherSettings | null> {
  const now = $launcherSettings.get();
  if (now !== null) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(null);
    }, timeoutMs);
    const unsubscribe = $launcherSettings.listen((settings) => {
      if (settings === null) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(settings);
    });
  });
}
