/** The provider buttons: one plain link per provider to the API's start URL, Apple in a popup. */
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cookiesTurnedOff, keyStrings } from '../../../tests/components/helpers';
import { CLICK_SCRIPT, ProviderButtons } from './ProviderButtons';

it('links each provider to its start URL and marks the popup provider', () => {
  render(
    <ProviderButtons
      providers={['google', 'apple', 'steam']}
      strings={keyStrings(['social.buttons'])}
      locale="de"
      unified
    />,
  );
  expect(screen.getByRole('heading', { name: 'social.buttons.heading' })).toBeInTheDocument();
  const google = screen.getByRole('link', { name: 'social.buttons.continueWith provider=Google' });
  expect(google).toHaveAttribute('href', '/api/account/v1/no-auth/tpa/google/start?locale=de&unified=1');
  const apple = screen.getByRole('link', { name: 'social.buttons.continueWith provider=Apple' });
  expect(apple).toHaveAttribute('href', '/api/account/v1/no-auth/tpa/apple/start?locale=de&mode=popup&unified=1');
  expect(apple).toHaveAttribute('data-tpa', 'popup');
  expect(screen.getByRole('link', { name: 'social.buttons.continueWith provider=Steam' })).toBeInTheDocument();
  // Each shows its brand's mark, decorative (the name above is the link's whole name), loaded after layout.
  for (const [provider, link] of [
    ['google', google],
    ['apple', apple],
  ] as const) {
    const mark = link.querySelector('img');
    expect(mark).toHaveAttribute('src', `/account/brands/${provider}.svg`);
    expect(mark).toHaveAttribute('alt', '');
    expect(mark).toHaveAttribute('loading', 'lazy');
  }
});

it('renders nothing for a region without providers', () => {
  const { container } = render(<ProviderButtons providers={[]} strings={keyStrings(['social.buttons'])} locale="en" />);
  expect(container).toBeEmptyDOMElement();
});

it('carries return_url and clientId onto the start URL on click, and keeps its script small', () => {
  // Its bytes count in the login page's budget; the popup hand-off channel (./popup.ts) is most of them.
  expect(CLICK_SCRIPT.length).toBeLessThan(560);
  history.replaceState(null, '', '/account/en/login?return_url=%2Fx&clientId=launcher&route_to=y');
  render(<ProviderButtons providers={['google']} strings={keyStrings(['social.buttons'])} locale="en" />);
  // The inline script runs in the page, not in React: run it here as the browser would.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the script ships as a string in the page's HTML; evaluating it is what the browser does
  new Function(CLICK_SCRIPT)();
  const link = screen.getByRole('link');
  link.addEventListener('click', (e) => e.preventDefault());
  link.click();
  expect(link.getAttribute('href')).toBe(
    `${location.origin}/api/account/v1/no-auth/tpa/google/start?locale=en&returnUrl=%2Fx&clientId=launcher`,
  );
});

it('goes nowhere where the browser keeps no cookie: the sign-in could not end', () => {
  history.replaceState(null, '', '/account/en/login?return_url=%2Fx');
  render(<ProviderButtons providers={['google']} strings={keyStrings(['social.buttons'])} locale="en" />);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- as above: the page's inline script
  new Function(CLICK_SCRIPT)();
  const link = screen.getByRole('link');
  const restore = cookiesTurnedOff();
  try {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    // The start URL was not touched: no return_url carried, nothing opened.
    expect(link.getAttribute('href')).toBe('/api/account/v1/no-auth/tpa/google/start?locale=en');
  } finally {
    restore();
  }
});

it('starts a child’s sign-in with actionType childLogin on add-child/login', () => {
  render(
    <ProviderButtons
      providers={['google']}
      strings={keyStrings(['social.buttons'])}
      locale="en"
      actionType="childLogin"
    />,
  );
  const google = screen.getByRole('link', { name: 'social.buttons.continueWith provider=Google' });
  expect(google).toHaveAttribute('href', '/api/account/v1/no-auth/tpa/google/start?locale=en&actionType=childLogin');
});
