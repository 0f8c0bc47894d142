/** login/callback/{socialProvider}: routes the provider's result on, or says the sign-in failed. */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { goTo } from '../../client/navigation/page';
import { CallbackIsland } from './CallbackIsland';

function state(values: object): string {
  const json = btoa(JSON.stringify(values)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `r4nd0m.${json}`;
}

it('forwards the code and state to the third-party login, replacing the history entry', async () => {
  const s = state({ actionType: 'login', mode: 'web', flow: 'portal', locale: 'en' });
  onPage({ route: 'login-callback', search: `?code=abc&state=${encodeURIComponent(s)}` });
  render(
    <CallbackIsland
      strings={screenStrings('login-callback')}
      locale="en"
      provider="google"
      loginPath="/account/en/login"
    />,
  );
  await vi.waitFor(() =>
    expect(goTo).toHaveBeenCalledWith(
      `/account/en/login/tpa/google?code=abc&state=${encodeURIComponent(s).replace(/%2E/g, '.')}`,
      true,
    ),
  );
  expect(screen.getByRole('status')).toHaveTextContent('social.callback.working provider=Google');
});

it('sends a link started from settings to settings/social-link', async () => {
  const s = state({ actionType: 'socialLink', mode: 'web', flow: 'portal', locale: 'en' });
  onPage({ route: 'login-callback', search: `?code=abc&state=${s}` });
  render(
    <CallbackIsland
      strings={screenStrings('login-callback')}
      locale="en"
      provider="discord"
      loginPath="/account/en/login"
    />,
  );
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
  expect(vi.mocked(goTo).mock.calls[0]?.[0]).toMatch(/^\/account\/en\/settings\/social-link\/discord\?code=abc&state=/);
});

it('says the sign-in was cancelled and offers the way back, leaving nowhere', async () => {
  const s = state({ actionType: 'login', mode: 'web', flow: 'portal', locale: 'en' });
  onPage({ route: 'login-callback', search: `?error=access_denied&state=${s}` });
  render(
    <CallbackIsland
      strings={screenStrings('login-callback')}
      locale="en"
      provider="apple"
      loginPath="/account/en/login"
    />,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('social.callback.cancelled provider=Apple');
  expect(screen.getByRole('link', { name: 'social.callback.back' })).toHaveAttribute('href', '/account/en/login');
  expect(goTo).not.toHaveBeenCalled();
});

it('refuses a state it did not make', async () => {
  onPage({ route: 'login-callback', search: '?code=abc&state=forged' });
  render(
    <CallbackIsland
      strings={screenStrings('login-callback')}
      locale="en"
      provider="google"
      loginPath="/account/en/login"
    />,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('social.callback.failed provider=Google');
  expect(goTo).not.toHaveBeenCalled();
});
