/**
 * global/{platform}/login/callback/social/{provider}: the provider's code and state go to social-session-cookie
 * (and leave the address bar); signed in → the platform login, second factor due → verify-linking, 20128 → the
 * console's social link, 20138 → link-failed, 20215 → sign-up on the console; nothing to finish → a way back.
 */
import { render, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { getTpaSessionEmail } from '../../client/api/launcher-login';
import { getLinkingState, socialSessionCookie } from '../../client/api/platform';
import { fetchCountryList } from '../../client/countries/country-list';
import { goTo } from '../../client/navigation/page';
import { dateFormatInfo } from '../shared/date-parts';
import { PlatformSocialCallback } from './PlatformSocialCallback';

vi.mock('../../client/api/platform');
vi.mock('../../client/api/launcher-login');
vi.mock('../../client/countries/country-list');

const PF = '/account/en/global/playstation';

beforeEach(() => {
  vi.mocked(fetchCountryList).mockResolvedValue({ countryList: [], countryCode: null });
});

function renderCallback(search = '?code=c0de&state=r4nd.eyJ9') {
  onPage({ route: 'platform-login-callback-social', search });
  history.replaceState(null, '', `${PF}/login/callback/social/google${search}`);
  render(
    <PlatformSocialCallback
      strings={screenStrings('platform-login-callback-social')}
      locale="en"
      platform="playstation"
      provider="google"
      loginPath={`${PF}/login`}
      dateFormat={dateFormatInfo('en-US')}
      maxYear={new Date().getUTCFullYear()}
    />,
  );
}

it('signs in with the linked identity: the code leaves the address, the platform login follows', async () => {
  vi.mocked(socialSessionCookie).mockResolvedValue({ hashedGlobalUserNo: 'h1', email: 'p@example.com' });
  renderCallback('?code=c0de&state=r4nd.eyJ9&clientId=1888');
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(`${PF}/login?clientId=1888`, true));
  expect(socialSessionCookie).toHaveBeenCalledWith('playstation', {
    socialType: 'google',
    code: 'c0de',
    state: 'r4nd.eyJ9',
  });
  expect(location.search).toBe('?clientId=1888');
});

it('hands an account with a second factor to verify-linking', async () => {
  vi.mocked(socialSessionCookie).mockResolvedValue({ email: 'p@example.com' });
  vi.mocked(getLinkingState).mockResolvedValue({
    platform: 'playstation',
    accountType: 'adult',
    game: null,
    linked: false,
    minor: false,
    pending: { email: 'p@example.com', authTypes: ['TOTP'], primaryAuthType: 'TOTP', phoneNo: null },
  });
  renderCallback();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(`${PF}/verify-linking/2fa`, true));
});

it("sends an account's email to the console's social link (20128) and a refusal to link-failed (20138)", async () => {
  vi.mocked(socialSessionCookie).mockRejectedValueOnce(apiError('20128', 409));
  renderCallback();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(`${PF}/social-link/5`, false));
});

it('sends a refused callback to link-failed (20138)', async () => {
  vi.mocked(socialSessionCookie).mockRejectedValue(apiError('20138', 400));
  renderCallback();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(`${PF}/link-failed`, false));
});

it('opens the sign-up on the console for an identity of no account (20215)', async () => {
  vi.mocked(socialSessionCookie).mockRejectedValue(apiError('20215', 404));
  vi.mocked(getTpaSessionEmail).mockResolvedValue({ email: null });
  renderCallback();
  expect(await screen.findByRole('heading', { name: 'createTpa.profile.heading provider=Google' })).toBeInTheDocument();
  expect(goTo).not.toHaveBeenCalled();
});

it('without a code says so and offers the way back, calling nothing', async () => {
  renderCallback('?error=access_denied&state=x');
  expect(await screen.findByRole('alert')).toHaveTextContent('social.callback.failed provider=Google');
  expect(screen.getByRole('link', { name: 'social.callback.back' })).toHaveAttribute('href', `${PF}/login`);
  expect(socialSessionCookie).not.toHaveBeenCalled();
});
