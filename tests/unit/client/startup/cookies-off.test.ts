// @vitest-environment happy-dom
/** The notice for a browser that keeps no cookie for the portal (src/client/startup/cookies-off.ts). */
import { beforeEach, expect, it } from 'vitest';
import { showCookiesOff } from '../../../../src/client/startup/cookies-off';

const notice = () => document.querySelector<HTMLElement>('[data-cookies-off]');

beforeEach(() => {
  document.body.innerHTML = '<p class="banner" role="alert" data-cookies-off hidden>Cookies are turned off</p>';
});

it('shows the notice when the browser says cookies are off', () => {
  expect(showCookiesOff(false)).toBe(true);
  expect(notice()?.hidden).toBe(false);
});

it('leaves it hidden when cookies are on', () => {
  expect(showCookiesOff(true)).toBe(false);
  expect(notice()?.hidden).toBe(true);
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
