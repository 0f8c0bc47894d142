/**
 * login/sso (docs/launcher.md "Account pages in the browser: login/sso"): redeems the launcher's one-time code,
 * takes it off the URL and follows route_to; an expired, reused or unknown code says so with the normal sign-in.
 */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { redeemSsoCode } from '../../client/api/launcher-app';
import { goTo } from '../../client/navigation/page';
import { SsoIsland } from './SsoIsland';

vi.mock('../../client/api/launcher-app');

const CODE = 'C'.repeat(43);
const signedIn = { countryCode: 'US', hashedUserNo: 'a1b2c3', hashedGlobalUserNo: 'd4e5f6', autoLogin: false };

function renderSso(search: string) {
  onPage({ route: 'login-sso', search });
  render(<SsoIsland strings={screenStrings('login-sso')} locale="en" loginPath="/account/en/login" />);
}

it('redeems the code and goes to the page route_to names', async () => {
  vi.mocked(redeemSsoCode).mockResolvedValue(signedIn);
  renderSso(`?code=${CODE}&route_to=security`);
  expect(screen.getByRole('status')).toHaveTextContent('launcher.sso.working');
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/setting/security', true));
  expect(redeemSsoCode).toHaveBeenCalledWith({ code: CODE, deviceId: expect.any(String) as string });
  expect(new URLSearchParams(location.search).has('code')).toBe(false);
  expect(document.cookie).toContain('lf_huno=a1b2c3');
});

it('without route_to it follows an allowed return_url, else the default page', async () => {
  vi.mocked(redeemSsoCode).mockResolvedValue(signedIn);
  renderSso(`?code=${CODE}&return_url=${encodeURIComponent('https://evil.example/steal')}`);
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/setting/account-overview', true));
});

it('an expired or used code says so, with the sign-in keeping where the player was going', async () => {
  vi.mocked(redeemSsoCode).mockRejectedValue(apiError('20018'));
  renderSso(`?code=${CODE}&route_to=security`);
  const heading = await screen.findByRole('heading', { name: 'launcher.sso.expiredHeading' });
  // Focus moves in a passive effect, which React may run just after the commit the query saw.
  await vi.waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByRole('alert')).toHaveTextContent('launcher.sso.expiredBody');
  expect(screen.getByRole('link', { name: 'launcher.sso.login' })).toHaveAttribute(
    'href',
    '/account/en/login?route_to=security',
  );
  expect(goTo).not.toHaveBeenCalled();
});

it('no code or a malformed one is refused without a call', async () => {
  renderSso('?code=short');
  expect(await screen.findByRole('heading', { name: 'launcher.sso.expiredHeading' })).toBeInTheDocument();
  expect(redeemSsoCode).not.toHaveBeenCalled();
});

it('a blocked account shows its error text', async () => {
  vi.mocked(redeemSsoCode).mockRejectedValue(apiError('20100', 403, '7002'));
  renderSso(`?code=${CODE}`);
  const alert = await screen.findByRole('alert');
  await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'launcher.sso.heading' })).toHaveFocus());
  expect(alert).not.toHaveTextContent('launcher.sso.expiredBody');
  expect(screen.getByRole('alert').textContent).not.toBe('');
});
