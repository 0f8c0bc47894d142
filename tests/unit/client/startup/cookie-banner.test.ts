// @vitest-environment happy-dom
/**
 * The cookie banner (src/client/startup/cookie-banner.ts) and the head script that keeps it out before the first
 * paint for a visitor who already chose (src/client/startup/head-script.ts).
 */
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyChoice, startCookieBanner, storedConsent } from '../../../../src/client/startup/cookie-banner';
import {
  CONSENT_CHOSEN_ATTRIBUTE,
  CONSENT_HEAD_SCRIPT,
  EARLY_CHOICE_HEAD_SCRIPT,
} from '../../../../src/client/startup/head-script';

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

/**
 * The head script's early-choice listener, as the Shell inlines it, with its window listener handed to the test
 * (a listener on the test's window would outlive the test): clicking `target` before the start-up ran.
 */
function clickBeforeStart(target: Element): void {
  let listener: ((event: { target: EventTarget }) => void) | undefined;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the inlined script itself, run with a stand-in for its one global call
  const run = new Function('addEventListener', EARLY_CHOICE_HEAD_SCRIPT) as (
    add: (type: string, fn: typeof listener) => void,
  ) => void;
  run((_type, fn) => {
    listener = fn;
  });
  listener?.({ target });
}

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

describe('a choice made before the start-up ran', () => {
  it.each([
    ['Necessary only', '[data-cookie-necessary]', 'necessary', 'denied'],
    ['Accept all', '[data-cookie-accept]', 'all', 'granted'],
  ] as const)('%s hides the banner at once and is kept when the start-up starts', (_, button, consent, analytics) => {
    const target = document.querySelector(button) as HTMLElement;
    target.focus();
    clickBeforeStart(target);
    // Hidden at once by shell.css (:root[data-cookie-consent]); nothing is written before the start-up.
    expect(document.documentElement.getAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(consent);
    expect(earlyChoice()).toBe(consent);
    expect(storedConsent()).toBeUndefined();
    expect(window.dataLayer).toEqual([]);
    // The button hid with the banner: the browser moved the focus to the page.
    target.blur();
    startCookieBanner(false);
    expect(storedConsent()).toBe(consent);
    expect(window.dataLayer).toContainEqual({ event: 'cookie_consent', analytics });
    expect(banner().hidden).toBe(true);
    expect(document.activeElement?.id).toBe('main');
  });

  it('leaves the focus where the visitor took it after the choice', () => {
    clickBeforeStart(document.querySelector('[data-cookie-necessary]') as HTMLElement);
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    startCookieBanner(false);
    expect(storedConsent()).toBe('necessary');
    expect(document.activeElement).toBe(field);
  });

  it('is only a banner button: a click elsewhere marks nothing, and the banner shows', () => {
    clickBeforeStart(document.getElementById('main') as HTMLElement);
    expect(document.documentElement.hasAttribute(CONSENT_CHOSEN_ATTRIBUTE)).toBe(false);
    startCookieBanner(false);
    expect(banner().hidden).toBe(false);
    expect(storedConsent()).toBeUndefined();
  });

  it('gives way to a choice already kept: the kept one stays', () => {
    document.cookie = 'lf_cookie_consent=all; Path=/';
    clickBeforeStart(document.querySelector('[data-cookie-necessary]') as HTMLElement);
    startCookieBanner(false);
    expect(storedConsent()).toBe('all');
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
