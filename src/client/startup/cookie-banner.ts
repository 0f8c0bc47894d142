/**
 * The cookie banner: shown until the visitor chooses; the choice is kept in a
 * first-party cookie and announced to the dataLayer (tags honour it). In app
 * mode or the one region it is auto-accepted after 500 ms (spec §2, §9).
 */
import region from '@region';
import { track } from '../host/analytics';
import { CONSENT_COOKIE, ONE_YEAR, readCookie, writeCookie } from './cookies';
import { COOKIE_AUTO_ACCEPT_MS, cookieAutoAccept } from './rules';
import { hook } from './dom';

export type Consent = 'all' | 'necessary';

export function storedConsent(): Consent | undefined {
  const value = readCookie(CONSENT_COOKIE);
  return value === 'all' || value === 'necessary' ? value : undefined;
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
    track({ event: 'cookie_consent', analytics: consent === 'all' ? 'granted' : 'denied' });
    return;
  }
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
