/**
 * The cookie banner: shown until the visitor chooses; the choice is kept in a
 * first-party cookie and announced to the dataLayer (tags honour it). In app
 * mode or the one region it is auto-accepted after 500 ms (spec §2, §9).
 *
 * The Shell renders the banner visible, so it paints with the page; for a
 * visitor who already chose, ./head-script keeps it out before the first
 * paint. This decides for good: it hides the banner when the choice is kept
 * and shows it when not.
 */
import region from '@region';
import { track } from '../host/analytics';
import { CONSENT_COOKIE, ONE_YEAR, readCookie, writeCookie } from './cookies';
import { CONSENT_CHOSEN_ATTRIBUTE } from './head-script';
import { COOKIE_AUTO_ACCEPT_MS, cookieAutoAccept } from './rules';
import { hook } from './dom';

export type Consent = 'all' | 'necessary';

/** A choice the portal accepts, or undefined for anything else. */
function asConsent(value: string | null | undefined): Consent | undefined {
  return value === 'all' || value === 'necessary' ? value : undefined;
}

export function storedConsent(): Consent | undefined {
  return asConsent(readCookie(CONSENT_COOKIE));
}

/** The choice a banner button made before the start-up ran (./head-script `EARLY_CHOICE_HEAD_SCRIPT`). */
export function earlyChoice(): Consent | undefined {
  return asConsent(document.documentElement.getAttribute(CONSENT_CHOSEN_ATTRIBUTE));
}

function choose(banner: HTMLElement, consent: Consent): void {
  writeCookie(CONSENT_COOKIE, consent, ONE_YEAR);
  track({ event: 'cookie_consent', analytics: consent === 'all' ? 'granted' : 'denied' });
  const hadFocus = banner.contains(document.activeElement);
  banner.hidden = true;
  if (hadFocus) document.getElementById('main')?.focus();
}

export function startCookieBanner(appMode: boolean): void {
  const banner = hook('cookie-banner');
  if (!banner) return;
  const consent = storedConsent();
  if (consent !== undefined) {
    banner.hidden = true;
    track({ event: 'cookie_consent', analytics: consent === 'all' ? 'granted' : 'denied' });
    return;
  }
  const early = earlyChoice();
  if (early !== undefined) {
    // Chosen before this code arrived: kept as if the button were clicked now. The banner hid at once, which took
    // the focus from its button to the page: it goes to the main content, as after a click (unless the visitor
    // has moved on to a field since).
    const lostFocus = document.activeElement === null || document.activeElement === document.body;
    choose(banner, early);
    if (lostFocus) document.getElementById('main')?.focus();
    return;
  }
  // The head script may have read a choice in a cookie the portal does not accept: the banner shows.
  document.documentElement.removeAttribute(CONSENT_CHOSEN_ATTRIBUTE);
  banner.hidden = false;
  banner.querySelector('[data-cookie-accept]')?.addEventListener('click', () => {
    choose(banner, 'all');
  });
  banner.querySelector('[data-cookie-necessary]')?.addEventListener('click', () => {
    choose(banner, 'necessary');
  });
  if (cookieAutoAccept(appMode, region.id)) {
    setTimeout(() => {
      if (!banner.hidden) choose(banner, 'all');
    }, COOKIE_AUTO_ACCEPT_MS);
  }
}
