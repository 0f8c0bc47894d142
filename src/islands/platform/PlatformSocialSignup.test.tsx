/**
 * A console's social sign-up: create-tpa's steps with the platform's calls — the age check, then the account with
 * the provider's email (or, without one, a typed email proven by code), ending at link-success; a provider email it
 * does not vouch for (20013) asks for an email; an email that is an account's goes to the console's social link.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import {
  getLinkingState,
  socialSignup,
  submitSignupEmailCode,
  validateSocialSignupEmail,
} from '../../client/api/platform';
import { tpaSignupProfile } from '../../client/api/social';
import { fetchCountryList } from '../../client/countries/country-list';
import { collectBlackBox } from '../../client/fingerprint/black-box';
import { goTo } from '../../client/navigation/page';
import { dateFormatInfo } from '../shared/date-parts';
import { PlatformSocialSignup } from './PlatformSocialSignup';

vi.mock('../../client/countries/country-list');
vi.mock('../../client/api/social');
vi.mock('../../client/api/platform');
vi.mock('../../client/fingerprint/black-box');
vi.mock('../../client/stores/device', () => ({ getDeviceId: () => 'device-1' }));

type User = ReturnType<typeof userEvent.setup>;
const LINKED = '/account/en/global/playstation/link-success';

beforeEach(() => {
  vi.mocked(fetchCountryList).mockResolvedValue({
    countryList: [{ countryCode: 'DE', name: 'Germany' }],
    countryCode: null,
  });
  vi.mocked(collectBlackBox).mockResolvedValue('fp-console');
  vi.mocked(tpaSignupProfile).mockResolvedValue({ isMinor: false });
});

function renderSignup(providerEmail: string | null) {
  onPage({ route: 'platform-login-callback-social', search: '?clientId=1888' });
  render(
    <PlatformSocialSignup
      strings={screenStrings('platform-login-callback-social')}
      locale="en"
      platform="playstation"
      provider="google"
      providerEmail={providerEmail}
      dateFormat={dateFormatInfo('en-US')}
      maxYear={new Date().getUTCFullYear()}
      loginPath="/account/en/global/playstation/login"
    />,
  );
}

async function fillProfile(user: User) {
  const country = screen.getByLabelText('createTpa.profile.country');
  await waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'DE');
  await user.selectOptions(screen.getByLabelText('form.birthday.month'), '5');
  await user.selectOptions(screen.getByLabelText('form.birthday.day'), '17');
  await user.selectOptions(screen.getByLabelText('form.birthday.year'), '2000');
  await user.click(screen.getByLabelText('createTpa.profile.newsletter'));
  await user.click(screen.getByLabelText('createTpa.profile.terms'));
  await user.click(screen.getByRole('button', { name: 'createTpa.profile.submit' }));
}

it("signs up with the provider's email on the console and ends at link-success", async () => {
  const user = userEvent.setup();
  vi.mocked(socialSignup).mockResolvedValue({ hashedGlobalUserNo: 'h1', email: 'new@example.com' });
  renderSignup('new@example.com');
  expect(screen.getByRole('status')).toHaveTextContent(
    'platform.socialSignup.intro provider=Google platform=platform.names.playstation',
  );
  await fillProfile(user);
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(`${LINKED}?clientId=1888&email=new%40example.com`, false));
  expect(tpaSignupProfile).toHaveBeenCalledWith(
    expect.objectContaining({ countryCode: 'DE', birthday: '2000-05-17', newsletter: true }),
    { unified: false },
  );
  expect(socialSignup).toHaveBeenCalledWith(
    'playstation',
    { inGame: true, withEmail: false },
    {
      clientId: '1888',
      language: 'en_US',
      email: 'new@example.com',
      newsletter: true,
      deviceId: 'device-1',
      blackBox: 'fp-console',
    },
  );
});

it('without a provider email: a typed email, its code, then the account', async () => {
  const user = userEvent.setup();
  vi.mocked(validateSocialSignupEmail).mockResolvedValue({});
  vi.mocked(submitSignupEmailCode).mockResolvedValue({ email: 'typed@example.com' });
  vi.mocked(socialSignup).mockResolvedValue({ hashedGlobalUserNo: 'h1', email: 'typed@example.com' });
  renderSignup(null);
  await fillProfile(user);
  await user.type(await screen.findByLabelText('createTpa.email.label'), 'typed@example.com');
  await user.click(screen.getByRole('button', { name: 'createTpa.email.submit' }));
  await vi.waitFor(() => {
    expect(validateSocialSignupEmail).toHaveBeenCalledWith('playstation', {
      newsletter: true,
      email: 'typed@example.com',
      language: 'en_US',
    });
  });
  const code = await screen.findByLabelText('createTpa.verify.code');
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(`${LINKED}?clientId=1888&email=typed%40example.com`, false));
  expect(submitSignupEmailCode).toHaveBeenCalledWith(
    'playstation',
    { social: true, inGame: true },
    { email: 'typed@example.com', code: '123456', codeType: 'EMAIL', deviceId: 'device-1', blackBox: 'fp-console' },
  );
  expect(socialSignup).toHaveBeenCalledWith(
    'playstation',
    { inGame: true, withEmail: true },
    expect.objectContaining({ email: 'typed@example.com', newsletter: true }),
  );
  expect(getLinkingState).not.toHaveBeenCalled();
});

it('asks for an email when the provider email is not one it vouches for (20013)', async () => {
  const user = userEvent.setup();
  vi.mocked(socialSignup).mockRejectedValue(apiError('20013', 400));
  renderSignup('unverified@example.com');
  await fillProfile(user);
  expect(await screen.findByLabelText('createTpa.email.label')).toBeInTheDocument();
  expect(goTo).not.toHaveBeenCalled();
});

it("sends an email that is an account's to the console's social link (20128)", async () => {
  const user = userEvent.setup();
  vi.mocked(validateSocialSignupEmail).mockResolvedValue({});
  vi.mocked(submitSignupEmailCode).mockRejectedValue(apiError('20128', 409));
  renderSignup(null);
  await fillProfile(user);
  await user.type(await screen.findByLabelText('createTpa.email.label'), 'taken@example.com');
  await user.click(screen.getByRole('button', { name: 'createTpa.email.submit' }));
  await user.type(await screen.findByLabelText('createTpa.verify.code'), '123456');
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  await vi.waitFor(() =>
    expect(goTo).toHaveBeenCalledWith('/account/en/global/playstation/social-link/5?clientId=1888', false),
  );
  expect(socialSignup).not.toHaveBeenCalled();
});

it('shows a wrong code in the form and a lost console session goes to link-failed', async () => {
  const user = userEvent.setup();
  vi.mocked(validateSocialSignupEmail).mockResolvedValue({});
  vi.mocked(submitSignupEmailCode).mockRejectedValueOnce(apiError('20013', 400));
  vi.mocked(submitSignupEmailCode).mockRejectedValueOnce(apiError('20159', 401));
  renderSignup(null);
  await fillProfile(user);
  await user.type(await screen.findByLabelText('createTpa.email.label'), 'typed@example.com');
  await user.click(screen.getByRole('button', { name: 'createTpa.email.submit' }));
  const code = await screen.findByLabelText('createTpa.verify.code');
  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  expect(await screen.findByText('error.form.20013')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'createTpa.verify.submit' }));
  await vi.waitFor(() =>
    expect(goTo).toHaveBeenCalledWith('/account/en/global/playstation/link-failed?clientId=1888&notice=20159', false),
  );
});
