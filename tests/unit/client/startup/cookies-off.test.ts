// @vitest-environment happy-dom
/** The notice for a browser that keeps no cookie for the portal (src/client/startup/cookies-off.ts). */
import { beforeEach, expect, it } from 'vitest';
import { cookiesOff, showCookiesOff } from '../../../../src/client/startup/cookies-off';

const notice = () => document.querySelector<HTMLElement>('[data-cookies-off]');

beforeEach(() => {
  document.documentElement.removeAttribute('data-no-cookies');
  document.body.innerHTML = '<p class="banner" role="alert" data-cookies-off hidden>Cookies are turned off</p>';
});

it('shows the notice when the browser says cookies are off, and marks the page for the forms', () => {
  expect(cookiesOff()).toBe(false);
  expect(showCookiesOff(false)).toBe(true);
  expect(notice()?.hidden).toBe(false);
  expect(cookiesOff()).toBe(true);
  // The mark is not the notice's hook: the notice is still the one element the hook finds.
  expect(document.querySelectorAll('[data-cookies-off]')).toHaveLength(1);
});

it('leaves it hidden when cookies are on', () => {
  expect(showCookiesOff(true)).toBe(false);
  expect(notice()?.hidden).toBe(true);
  expect(cookiesOff()).toBe(false);
});

it('reads the browser when not told, and a page without the notice does not break', () => {
  Object.defineProperty(navigator, 'cookieEnabled', { configurable: true, get: () => false });
  try {
    document.body.innerHTML = '';
    expect(showCookiesOff()).toBe(true);
  } finally {
    Reflect.deleteProperty(navigator, 'cookieEnabled');
  }
  expect(navigator.cookieEnabled).toBe(true);
});
