/**
 * Helpers of island component tests (tests/components/README.md): the key
 * stubs, contract-checked answers of mocked calls, the API error an island
 * gets from a mocked call, and the page the island believes it is on.
 */
import { act, fireEvent } from '@testing-library/react';
import { ApiError } from '../../src/client/http/api-error';

export { serverAccount } from './fixtures';
export { errorTextStubs, keyStrings, screenStrings } from './keys';

/** The error a mocked API function rejects with, as the HTTP client builds it from `x-error-code` (spec §8). */
export function apiError(code: string, status = 400, serverMessage = ''): ApiError {
  return new ApiError(code, status, { serverMessage });
}

export interface PageOptions {
  /** The registry route name the Shell renders on body[data-route]. */
  readonly route?: string;
  readonly locale?: string;
  /** The query string, e.g. `?return_url=%2Fx`. */
  readonly search?: string;
}

/**
 * Puts the test on a page as the Shell renders it: route and locale on <body>, the path and query in the URL.
 * The setup resets both after each test.
 */
export function onPage({ route, locale = 'en', search = '' }: PageOptions = {}): void {
  if (route !== undefined) document.body.dataset['route'] = route;
  document.body.dataset['locale'] = locale;
  history.replaceState(null, '', `/account/${locale}/${route ?? ''}${search}`);
}

/**
 * The browser keeps no cookie for the page (`navigator.cookieEnabled` is false), as a player's setting or a site
 * exception makes it; gives back the function that undoes it.
 */
export function cookiesTurnedOff(): () => void {
  Object.defineProperty(navigator, 'cookieEnabled', { configurable: true, get: () => false });
  return () => {
    Reflect.deleteProperty(navigator, 'cookieEnabled');
  };
}

/** An answer the test gives when it chooses: the promise a mocked call returns, and the function that settles it. */
export function later<T>(): { readonly promise: Promise<T>; readonly answer: (value: T) => void } {
  let answer: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

/**
 * Submits the form that holds `inside` twice in one task, as a double tap does: no render comes between them, so a
 * busy flag kept in state lets the second through (useSubmit's ref does not).
 */
export function submitTwiceInOneTask(inside: HTMLElement): void {
  const form = inside.closest('form');
  if (form === null) throw new Error('not inside a form');
  act(() => {
    fireEvent.submit(form);
    fireEvent.submit(form);
  });
}
