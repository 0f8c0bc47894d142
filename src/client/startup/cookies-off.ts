/**
 * Cookies turned off for the portal (the browser's setting, a site exception, or a frame whose cookies the browser
 * blocks): the sign-in's session cookie would be dropped and the player sent back to sign-in with no word of why,
 * and no choice of the cookie banner could be kept. The Shell renders the notice hidden (`[data-cookies-off]`,
 * `role="alert"`); it shows when the browser says this page cannot keep cookies, and `<html>` is marked so the
 * forms that need cookies refuse to start without asking the browser again on the click (docs/app-shell.md).
 */
import { hook } from './dom';

/** On `<html>` when the browser keeps no cookie for the page (not the notice's hook: a hook is found by its attribute). */
export const NO_COOKIES_ATTRIBUTE = 'data-no-cookies';

/** Shows the notice when cookies are off; true when it did. */
export function showCookiesOff(cookiesEnabled: boolean = navigator.cookieEnabled): boolean {
  if (cookiesEnabled) return false;
  document.documentElement.setAttribute(NO_COOKIES_ATTRIBUTE, '');
  const notice = hook('cookies-off');
  if (notice) notice.hidden = false;
  return true;
}

/** What the start-up found: the browser keeps no cookie for this page. */
export function cookiesOff(): boolean {
  return document.documentElement.hasAttribute(NO_COOKIES_ATTRIBUTE);
}
