/**
 * create-tpa: the age check and terms for a new provider identity, then the account (provider email), the email
 * step (no provider email), or the minor's refusal.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { twoCountries } from '../../../tests/components/fixtures';
import { getAccount } from '../../client/api/settings';
import { tpaSignup, tpaSignupEmailRequestCode, tpaSignupProfile } from '../../client/api/social';
import { fetchCountryList } from '../../client/countries/country-list';
import { collectBlackBox } from '../../client/fingerprint/black-box';
import { goTo } from '../../client/navigation/page';
import { dateFormatInfo } from '../shared/date-parts';
import { CreateTpaIsland } from './CreateTpaIsland';

vi.mock('../../client/countries/country-list');
vi.mock('../../client/api/social');
vi.mock('../../client/api/settings');
// The real collection imports the fingerprint library and retries for 3 s: each test says what it yields.
vi.mock('../../client/fingerprint/black-box');

type User = ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.mocked(fetchCountryList).mockResolvedValue(twoCountries());
});

function renderCreate(search = '?provider=google') {
  onPage({ route: 'create-tpa', search });
  render(
    <CreateTpaIsland
      strings={screenStrings('create-tpa')}
      locale="en"
      dateFormat={dateFormatInfo('en-US')}
      maxYear={new Date().getUTCFullYear()}
      loginPath="/account/en/login"
    />,
  );
}

async function fillProfile(user: User, terms = true) {
  const country = screen.getByLabelText('createTpa.profile.country');
  await waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'DE');
  await user.selectOptions(screen.getByLabelText('form.birthday.month'), '5');
  await user.selectOptions(screen.getByLabelText('form.birthday.day'), '17');
  await user.selectOptions(screen.getByLabelText('form.birthday.year'), '2000');
  if (terms) await user.click(screen.getByLabelText('createTpa.profile.terms'));
  await user.click(screen.getByRole('button', { name: 'createTpa.profile.submit' }));
}

it('refuses the step without country, birthday or terms, calling nothing', async () => {
  const user = userEvent.setup();
  renderCreate();
  expect(await screen.findByRole('heading', { name: 'createTpa.profile.heading provider=Google' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'createTpa.profile.submit' }));
  expect(screen.getByText('createTpa.profile.termsRequired')).toBeInTheDocument();
  await fillProfile(user, false);
  expect(tpaSignupProfile).not.toHaveBeenCalled();
});

it('sends the age check and terms, then creates the account and signs in', async () => {
  const user = userEvent.setup();
  vi.mocked(collectBlackBox).mockResolvedValue(undefined);
  vi.mocked(tpaSignupProfile).mockResolvedValue({ isMinor: false });
  vi.mocked(tpaSignup).mockResolvedValue({
    countryCode: 'DE',
    hashedUserNo: 'a1b2c3',
    hashedGlobalUserNo: 'd4e5f6',
    autoLogin: false,
  });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  renderCreate();
  await fillProfile(user);
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(tpaSignupProfile).toHaveBeenCalledWith(
    expect.objectContaining({ countryCode: 'DE', birthday: '2000-05-17', termsAccepted: true, newsletter: false }),
    { unified: false },
  );
  expect(tpaSignup).toHaveBeenCalledTimes(1);
  // No fingerprint after the retries (the mock yields undefined): the sign-up goes without it.
  expect(vi.mocked(tpaSignup).mock.calls[0]?.[0]).not.toHaveProperty('blackBox');
});

it('sends the device fingerprint with the sign-up when it was collected', async () => {
  const user = userEvent.setup();
  vi.mocked(collectBlackBox).mockResolvedValue('fp-visitor-0123456789');
  vi.mocked(tpaSignupProfile).mockResolvedValue({ isMinor: false });
  vi.mocked(tpaSignup).mockResolvedValue({
    countryCode: 'DE',
    hashedUserNo: 'a1b2c3',
    hashedGlobalUserNo: 'd4e5f6',
    autoLogin: false,
  });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  renderCreate();
  await fillProfile(user);
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(tpaSignup).toHaveBeenCalledWith(expect.objectContaining({ blackBox: 'fp-visitor-0123456789' }), {
    unified: false,
  });
});

it('tells a minor this sign-up is not for them', async () => {
  const user = userEvent.setup();
  vi.mocked(tpaSignupProfile).mockResolvedValue({ isMinor: true });
  renderCreate();
  await fillProfile(user);
  expect(await screen.findByRole('alert')).toHaveTextContent('createTpa.profile.minor');
  expect(tpaSignup).not.toHaveBeenCalled();
});

it('asks for an email when the provider gave none, and sends the code to it', async () => {
  const user = userEvent.setup();
  vi.mocked(tpaSignupProfile).mockResolvedValue({ isMinor: false });
  vi.mocked(tpaSignupEmailRequestCode).mockResolvedValue({});
  renderCreate('?provider=twitch&needsEmail=true');
  await fillProfile(user);
  const email = await screen.findByLabelText('createTpa.email.label');
  await user.type(email, 'not-an-email');
  await user.click(screen.getByRole('button', { name: 'createTpa.email.submit' }));
  expect(screen.getByText('createTpa.email.invalid')).toBeInTheDocument();
  expect(tpaSignupEmailRequestCode).not.toHaveBeenCalled();
  await user.clear(email);
  await user.type(email, 'new@example.com');
  await user.click(screen.getByRole('button', { name: 'createTpa.email.submit' }));
  await vi.waitFor(() =>
    expect(goTo).toHaveBeenCalledWith('/account/en/create/verify/code-tpa?email=new%40example.com&provider=twitch'),
  );
  expect(tpaSignupEmailRequestCode).toHaveBeenCalledWith(
    { email: 'new@example.com', language: 'en_US' },
    { unified: false },
  );
  expect(tpaSignup).not.toHaveBeenCalled();
});

it('shows a refused email in the form', async () => {
  const user = userEvent.setup();
  vi.mocked(tpaSignupProfile).mockResolvedValue({ isMinor: false });
  vi.mocked(tpaSignupEmailRequestCode).mockRejectedValue(apiError('BLOCKED_EMAIL_DOMAIN', 400));
  renderCreate('?provider=twitch&needsEmail=true');
  await fillProfile(user);
  await user.type(await screen.findByLabelText('createTpa.email.label'), 'x@blocked.example');
  await user.click(screen.getByRole('button', { name: 'createTpa.email.submit' }));
  expect(await screen.findByText(/BLOCKED_EMAIL_DOMAIN/)).toBeInTheDocument();
});
