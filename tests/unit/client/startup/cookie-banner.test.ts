// @vitest-environment happy-dom
/**
 * The cookie banner (src/client/startup/cookie-banner.ts) and the head script that keeps it out before the first
 * paint for a visitor who already chose (src/client/startup/head-script.ts).
 */
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCookieBanner, storedConsent } from '../../../../src/client/startup/cookie-banner';
import { CONSENT_CHOSEN_ATTRIBUTE, CONSENT_HEAD_SCRIPT } from '../../../../src/client/startup/head-script';

/** What the head script concludes for a cookie string: true when it marks <html>. */
function headScriptMarks(cookie: string): boolean {
  const marks: string[] = [];
  const fakeDocument = { cookie, documentElement: { setAttribute: (name: string) => marks.push(name) } };
  // The script as the Shell inlines it, run against a document with this cookie.
  runInNewContext(CONSENT_HEAD_SCRIPT, { document: fakeDocument });
  return marks.includes(CONSENT_CHOSEN_ATTRIBUTE);
}

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  document.documentElement.removeAttribute(CONSENT_CHOSEN_ATTRIBUTE);
  document.body.innerHTML = `
    <main id="main" tabindex="-1"></main>
    <section class="cookie-banner" data-cookie-banner>
      <button type="button" data-cookie-accept>Accept all</button>
      <button type="button" data-cookie-necessary>Necessary only</button>
    </section>`;
  window.dataLayer = [];
});
afterEach(() => {
  vi.useRealTimers();
});

const banner = () => document.querySelector<HTMLElement>('[data-cookie-banner]') as HTMLElement;

describe('the head script', () => {
  it.each([
    ['', false],
    ['lf_cookie_consent=all', true],
    ['lf_cookie_consent=necessary', true],
    ['a=1; lf_cookie_consent=all; b=2', true],
    ['a=1;lf_cookie_consent=necessary', true],
    ['lf_cookie_consent=', false],
    ['lf_cookie_consent=none', false],
    ['lf_cookie_consent=allx', false],
    ['xlf_cookie_consent=all', false],
    ['lf_cookie_consent_old=all', false],
  ])('on %j marks a choice: %s, as the start-up reads it', (cookie, chosen) => {
    expect(headScriptMarks(cookie)).toBe(chosen);
    clearCookies();
    // As the browser would hold them: the portal's cookies are written for the whole site (Path=/).
    if (cookie !== '') for (const pair of cookie.split(';')) document.cookie = `${pair.trim()}; Path=/`;
    expect(storedConsent() !== undefined).toBe(chosen);
  });
});

describe('the banner', () => {
  it('stays out for a visitor who chose, and the choice is announced', () => {
    document.cookie = 'lf_cookie_consent=all; Path=/';
    startCookieBanner(false);
    expect(banner().hidden).toBe(true);
    expect(window.dataLayer).toContainEqual({ event: 'cookie_consent', analytics: 'granted' });
  });

  it('shows for a visitor who has not chosen, even when the head script read a choice', () => {
    document.documentElement.setAttribute(CONSENT_CHOSEN_ATTRIBUTE, '');
    document.cookie = 'lf_cookie_consent=maybe; Path=/';
    startCookieBanner(false);
    expect(banner().hidden).toBe(false);
    expect(document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(false);
  });

  it('keeps the choice, hides and returns focus to the page', () => {
    startCookieBanner(false);
    const necessary = document.querySelector<HTMLButtonElement>('[data-cookie-necessary]') as HTMLButtonElement;
    necessary.focus();
    necessary.click();
    expect(banner().hidden).toBe(true);
    expect(storedConsent()).toBe('necessary');
    expect(document.activeElement?.id).toBe('main');
    expect(window.dataLayer).toContainEqual({ event: 'cookie_consent', analytics: 'denied' });
  });

  it('is accepted after 500 ms in app mode', () => {
    vi.useFakeTimers();
    startCookieBanner(true);
    expect(banner().hidden).toBe(false);
    vi.advanceTimersByTime(500);
    expect(banner().hidden).toBe(true);
    expect(storedConsent()).toBe('all');
  });
});
