/**
 * A page older than the deployment (docs/app-shell.md "A page older than the deployment"). The site's scripts are
 * named by content hash and a deployment replaces them, so a page opened before a deploy finds none of the code it
 * loads on demand (an action's next step, a dialog, an error's texts): the import fails, and the click does
 * nothing, or the island that rendered the lazy part goes blank (React has no error boundary above it and reports
 * the error to the window). When a script module fails to load while the browser is online, the page reloads
 * once, onto the new deployment's page and files. A second failure within a minute is left alone, so a broken
 * deployment cannot make the page loop. Offline, nothing reloads: the next try, online, does.
 *
 * Installed by the start-up ten seconds after start, at idle: a page's own files are the deployment's for the first
 * minutes of its life, and the watch does not compete with the page's start.
 */

/** How each browser words a failed `import()`: Chromium, Firefox, Safari. */
const FAILED_IMPORT =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/;

/** When the page last reloaded for stale code (this tab). */
export const STALE_RELOAD_KEY = 'lf_stale_reload';
export const STALE_RELOAD_GAP_MS = 60_000;

export interface StaleCodeHost {
  readonly online: () => boolean;
  readonly now: () => number;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly reload: () => void;
}

/** Whether `reason` is a failed module load; if so, reloads the page unless offline or it did within the gap. */
export function recoverFromStaleCode(reason: unknown, host: StaleCodeHost): boolean {
  if (!(reason instanceof TypeError) || !FAILED_IMPORT.test(reason.message)) return false;
  if (!host.online()) return true;
  try {
    const last = Number(host.storage.getItem(STALE_RELOAD_KEY));
    if (host.now() - last < STALE_RELOAD_GAP_MS) return true;
    host.storage.setItem(STALE_RELOAD_KEY, String(host.now()));
  } catch {
    // Storage refused (a privacy mode): without the guard a reload could repeat, so none.
    return true;
  }
  host.reload();
  return true;
}

export function watchForStaleCode(): void {
  const host: StaleCodeHost = {
    online: () => navigator.onLine,
    now: () => Date.now(),
    // Read when needed, inside recoverFromStaleCode's guard: the browser throws on reading it where storage is refused.
    get storage() {
      return sessionStorage;
    },
    reload: () => {
      location.reload();
    },
  };
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    recoverFromStaleCode(event.reason, host);
  });
  window.addEventListener('error', (event: ErrorEvent) => {
    recoverFromStaleCode(event.error, host);
  });
}
