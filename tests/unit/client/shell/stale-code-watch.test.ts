// @vitest-environment happy-dom
/**
 * The watch as the start-up installs it (src/client/shell/stale-code.ts `watchForStaleCode`) where the browser
 * refuses the tab's storage (cookies and site data blocked): reading `sessionStorage` throws there, so the watch
 * must not read it until a failed load asks, and then reloads nothing (no guard against a loop without it).
 */
import { expect, it, vi } from 'vitest';
import { watchForStaleCode } from '../../../../src/client/shell/stale-code';

it('installs and answers a failed module load without touching a refused storage early, and reloads nothing', () => {
  const read = vi.fn(() => {
    throw new DOMException("Failed to read the 'sessionStorage' property from 'Window'", 'SecurityError');
  });
  const own = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
  Object.defineProperty(window, 'sessionStorage', { configurable: true, get: read });
  const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
  try {
    expect(() => {
      watchForStaleCode();
    }).not.toThrow();
    expect(read).not.toHaveBeenCalled();
    const gone = new TypeError('Failed to fetch dynamically imported module: https://x.test/account/_astro/a.js');
    window.dispatchEvent(new ErrorEvent('error', { error: gone }));
    expect(read).toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  } finally {
    reload.mockRestore();
    if (own) Object.defineProperty(window, 'sessionStorage', own);
  }
});
