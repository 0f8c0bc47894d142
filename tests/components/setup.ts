/**
 * Setup of the `components` vitest project (tests/components/README.md):
 * jest-dom matchers, cleanup between tests, a fresh state of the shared
 * stores, and guards so that nothing an island does leaves the test: every
 * API module a test forgets to mock fails loudly instead of reaching the
 * network, and so does a translation key that en.json does not have.
 */
import '@testing-library/jest-dom/vitest';
// Aliased: a `use…` name outside a component reads as a React hook to linters; this is nanostores' test engine.
import { cleanTestStorage, useTestStorageEngine as memoryStorageEngine } from '@nanostores/persistent';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { $dialogs } from '../../src/client/dialogs/queue';
import { $errorTexts } from '../../src/client/errors/texts';
import { $account } from '../../src/client/stores/account';
import { $captcha } from '../../src/client/stores/captcha';
import { $launcherSettings } from '../../src/client/stores/launcher';
import { $login, initialLoginState } from '../../src/client/stores/login';

// Islands load their later parts on demand (a step, the checks, the error handling: docs/performance.md); the
// first import of such a module is transformed then, which on a busy machine takes longer than findBy's 1 s.
configure({ asyncUtilTimeout: 5_000 });

/*
 * The HTTP client is the one way to the network. Tests mock the API modules (src/client/api/*) above it; a call
 * that still gets here is an API function the test did not mock, so it throws (not an ApiError, so `settle`
 * rethrows it and the test fails with the endpoint's name). The one file it serves is the page's error-texts file
 * (src/client/errors/texts.ts), as key stubs: islands resolve §8 texts through it as on the page.
 */
vi.mock('../../src/client/http/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/client/http/client')>();
  return {
    ...actual,
    call: (endpoint: { id: string }) =>
      Promise.reject(new Error(`unmocked API call ${endpoint.id}: vi.mock its src/client/api module`)),
    // Imported when called: the factory runs while the modules that import the client are still loading.
    getJson: async (url: string) => {
      const { ERROR_TEXTS_FILE } = await import('../../src/client/errors/texts');
      if (!url.endsWith(`/${ERROR_TEXTS_FILE}`)) throw new Error(`unmocked getJson ${url}`);
      return (await import('./keys')).errorTextStubs();
    },
  };
});

/*
 * Leaving the page (location.assign/replace) is the navigation module's goTo; a spy records the target instead,
 * so tests assert on where the island sends the player (`vi.mocked(goTo)`).
 */
vi.mock('../../src/client/navigation/page', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/client/navigation/page')>();
  return { ...actual, goTo: vi.fn() };
});

/*
 * happy-dom's <dialog> sets `open` on showModal but has no close request: a browser fires a cancelable
 * `cancel` event on Escape (the dialog host handles it) and closes the dialog when it is not prevented, and
 * focuses the first focusable control on showModal. Both are added here as the HTML spec says, so the dialog
 * host's own focus handling (data-autofocus, focus returning to the opener) is what the tests check.
 */
const FOCUSABLE = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, a[href]';
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
  const first = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE);
  first?.focus();
};
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
  if (!(dialog instanceof HTMLDialogElement)) return;
  const cancel = new Event('cancel', { cancelable: true });
  if (dialog.dispatchEvent(cancel)) dialog.close();
});

/*
 * The persisted stores (src/client/stores/persisted*) keep their values in nanostores' in-memory test engine, not
 * in happy-dom's localStorage (whose `delete` of a missing key throws where a browser's does not); tests read it
 * with getTestStorage() from @nanostores/persistent.
 */
memoryStorageEngine();

/** `[i18n] missing key …` warnings of createT (src/client/t.ts) during the current test. */
let missingKeys: string[] = [];
const warn = console.warn.bind(console);

beforeEach(() => {
  missingKeys = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    const [first] = args;
    if (typeof first === 'string' && first.startsWith('[i18n] missing key')) missingKeys.push(first);
    else warn(...args);
  });
});

afterEach(() => {
  cleanup();
  // Stores are module state shared by every test of a file: each test starts from the page's first state.
  $dialogs.set([]);
  $errorTexts.set({ status: 'idle' });
  $account.set(null);
  $captcha.set({ showCaptcha: false, v2WidgetId: null, v2Token: null, v3Token: null });
  $launcherSettings.set(null);
  cleanTestStorage();
  $login.set({ ...initialLoginState });
  document.body.removeAttribute('data-route');
  document.body.removeAttribute('data-locale');
  history.replaceState(null, '', '/');
  // Spies go back to the original; mocks of API modules forget their calls and the answers a test gave them.
  vi.restoreAllMocks();
  vi.resetAllMocks();
  // A key en.json does not have would show a bare key to players (the build would fail on it): fail the test.
  if (missingKeys.length > 0)
    throw new Error(`island asked for keys en.json does not have:\n${missingKeys.join('\n')}`);
});
