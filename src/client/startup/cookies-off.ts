/**
 * Cookies turned off for the portal (the browser's setting, a site exception, or a frame whose cookies the browser
 * blocks): the sign-in's session cookie would be dropped and the player sent back to sign-in with no word of why,
 * and no choice of the cookie banner could be kept. The Shell renders the notice hidden (`[data-cookies-off]`,
 * `role="alert"`); it shows when the browser says this page cannot keep cookies (docs/app-shell.md).
 */
import { hook } from './dom';

/** Shows the notice when cookies are off; true when it did. */
export function showCookiesOff(cookiesEnabled: boolean = navigator.cookieEnabled): boolean {
  if (cookiesEnabled) return false;
  const notice = hook('cookies-off');
  if (notice) notice.hidden = false;
  return true;
}
