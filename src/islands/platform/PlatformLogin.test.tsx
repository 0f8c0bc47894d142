import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { getRegionCountries } from '../../client/api/countries';
import {
  delinkMinorConsole,
  getLinkingState,
  inGameLogin,
  linkWithPassword,
  pfSessionCookie,
  submitEmailSignupCode,
  validateSignupEmail,
} from '../../client/api/platform';
import { goTo } from '../../client/navigation/page';
import { PlatformLogin } from './PlatformLogin';

vi.mock('../../client/api/platform');
vi.mock('../../client/api/countries');
vi.mock('../../client/fingerprint/black-box', () => ({ collectBlackBox: vi.fn(() => Promise.resolve('bb-1')) }));
vi.mock('../../client/stores/device', () => ({ getDeviceId: () => 'device-1' }));

const ACCOUNT_HREF = '/account/en/setting/account-overview';
type State = Awaited<ReturnType<typeof getLinkingState>>;
const state = (over: Partial<State> = {}): State => ({
  platform: 'playstation',
  accountType: 'adult',
  game: null,
  linked: false,
  minor: false,
  pending: null,
  ...over,
});

function renderLogin(search = '') {
  onPage({ route: 'platform-login', search });
  render(
    <PlatformLogin
      strings={screenStrings('platform-login')}
      locale="en"
      platform="playstation"
      accountHref={ACCOUNT_HREF}
      socialProviders={['google', 'apple']}
    />,
  );
}

it('exchanges the ticket, drops it from the address and signs a linked console in', async () => {
  vi.mocked(pfSessionCookie).mockResolvedValue({ email: 'p@example.com' });
  vi.mocked(getLinkingState).mockResolvedValue(state({ linked: true }));
  vi.mocked(inGameLogin).mockResolvedValue({ hashedGlobalUserNo: 'h1', email: 'p@example.com' });
  renderLogin('?ticket=abc.def.ghi&clientId=1888');
  expect(await screen.findByText(/^platform\.login\.signedIn email=p@example\.com/)).toHaveAttribute('role', 'status');
  expect(pfSessionCookie).toHaveBeenCalledWith('playstation', { clientId: '1888', sessionTicket: 'abc.def.ghi' });
  expect(inGameLogin).toHaveBeenCalledWith('playstation', { clientId: '1888', deviceId: 'device-1' });
  expect(location.search).toBe('?clientId=1888');
  // 1888 is a tracked in-game client (spec §9): the sign-in pushes its event, with no personal value.
  expect(window.dataLayer).toContainEqual({ event: 'in_game_login', clientId: '1888', platform: 'playstation' });
  expect(screen.getByRole('link', { name: 'platform.login.continue' })).toHaveAttribute('href', ACCOUNT_HREF);
});

it('sends a refused ticket to link-failed (INVALID_TICKET)', async () => {
  vi.mocked(pfSessionCookie).mockRejectedValue(apiError('INVALID_TICKET', 401));
  renderLogin('?ticket=forged');
  await waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/global/playstation/link-failed', false));
  expect(getLinkingState).not.toHaveBeenCalled();
});

it('says to start from the console without a ticket or platform session', async () => {
  vi.mocked(getLinkingState).mockRejectedValue(apiError('20159', 401));
  renderLogin();
  expect(await screen.findByText('platform.login.noSession platform=platform.names.playstation')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'platform.login.help' })).toHaveAttribute(
    'href',
    '/account/en/global/playstation/instruction',
  );
});

it('links an existing account: checks the fields first, then goes to its second factor', async () => {
  const user = userEvent.setup();
  vi.mocked(getLinkingState).mockResolvedValue(state());
  vi.mocked(linkWithPassword).mockResolvedValue({ authTypes: ['SMS'], primaryAuthType: 'SMS' });
  renderLogin();
  const submit = await screen.findByRole('button', { name: 'platform.login.linkSubmit' });
  await user.click(submit);
  expect(screen.getByText('error.input.email-required')).toBeInTheDocument();
  expect(screen.getByText('platform.login.passwordRequired')).toBeInTheDocument();
  await user.type(screen.getByLabelText('platform.login.email'), 'not-an-email');
  await user.click(submit);
  expect(screen.getByText('error.input.email-invalid')).toBeInTheDocument();
  expect(linkWithPassword).not.toHaveBeenCalled();

  await user.clear(screen.getByLabelText('platform.login.email'));
  await user.type(screen.getByLabelText('platform.login.email'), 'p@example.com');
  await user.type(screen.getByLabelText('platform.login.password'), 'Correct-Horse-9');
  await user.click(submit);
  await vi.waitFor(() => {
    expect(linkWithPassword).toHaveBeenCalledWith('playstation', {
      email: 'p@example.com',
      password: 'Correct-Horse-9',
    });
  });
  await waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/global/playstation/verify-linking/sms', false));
});

it("offers a social sign-in that finishes on this console's callback", async () => {
  vi.mocked(getLinkingState).mockResolvedValue(state());
  renderLogin();
  const google = await screen.findByRole('link', { name: 'social.buttons.continueWith provider=Google' });
  const href = new URL(google.getAttribute('href') ?? '', 'https://portal.test');
  expect(href.pathname).toMatch(/\/no-auth\/tpa\/google\/start$/);
  expect(Object.fromEntries(href.searchParams)).toEqual({ locale: 'en', flow: 'global', platform: 'playstation' });
  // No popup on a console: Apple opens in the page like the others.
  const apple = screen.getByRole('link', { name: 'social.buttons.continueWith provider=Apple' });
  expect(new URL(apple.getAttribute('href') ?? '', 'https://portal.test').searchParams.has('mode')).toBe(false);
});

it('shows a wrong password in the login-failed dialog (20002)', async () => {
  const user = userEvent.setup();
  vi.mocked(getLinkingState).mockResolvedValue(state());
  vi.mocked(linkWithPassword).mockRejectedValue(apiError('20002', 401));
  renderLogin();
  await user.type(await screen.findByLabelText('platform.login.email'), 'p@example.com');
  await user.type(screen.getByLabelText('platform.login.password'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'platform.login.linkSubmit' }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog).toHaveTextContent('error.form.20002'));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'platform.login.linkSubmit' })).toBeEnabled();
  expect(goTo).not.toHaveBeenCalled();
});

it("opens the minor-linking dialog for a minor's console: notice, then delink", async () => {
  const user = userEvent.setup();
  vi.mocked(getLinkingState).mockResolvedValue(state({ linked: true, minor: true }));
  vi.mocked(delinkMinorConsole).mockResolvedValue({});
  renderLogin();
  const notice = await screen.findByRole('dialog', { name: 'minorLinking.notice.title' });
  expect(notice).toHaveTextContent('minorLinking.notice.body platform=platform.names.playstation');
  expect(inGameLogin).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'minorLinking.notice.delink' }));
  await screen.findByRole('dialog', { name: 'minorLinking.delink.title' });
  await user.click(screen.getByRole('button', { name: 'minorLinking.delink.confirm' }));
  await vi.waitFor(() => {
    expect(delinkMinorConsole).toHaveBeenCalledTimes(1);
  });
  expect(await screen.findByText('minorLinking.delink.done')).toBeInTheDocument();
  expect(screen.getByLabelText('platform.login.email')).toBeInTheDocument();
});

it('the minor-linking notice sends a parent to parent-consent-required; Escape just closes it', async () => {
  const user = userEvent.setup();
  vi.mocked(getLinkingState).mockResolvedValue(state({ linked: true, minor: true }));
  renderLogin();
  await screen.findByRole('dialog', { name: 'minorLinking.notice.title' });
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(goTo).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'platform.login.minorOptions' }));
  await screen.findByRole('dialog', { name: 'minorLinking.notice.title' });
  await user.click(screen.getByRole('button', { name: 'minorLinking.notice.parent' }));
  await waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/create/parent-consent-required', false));
});

it('creates an account linked to the console from the link form, ending on link-success', async () => {
  const user = userEvent.setup();
  vi.mocked(getLinkingState).mockResolvedValue(state());
  vi.mocked(getRegionCountries).mockResolvedValue({
    countryList: [{ countryCode: 'US', name: 'United States' }],
    countryCode: null,
  });
  vi.mocked(validateSignupEmail).mockResolvedValue({});
  vi.mocked(submitEmailSignupCode).mockResolvedValue({ email: 'new@example.com', hashedGlobalUserNo: 'h1' });
  renderLogin('?clientId=1888');
  await user.click(await screen.findByRole('button', { name: 'platformSignup.open' }));
  expect(await screen.findByRole('heading', { name: 'platformSignup.heading' })).toBeVisible();
  expect(screen.getByText('platformSignup.inGameIntro')).toBeVisible();
  await user.type(screen.getByLabelText('platformSignup.email'), 'new@example.com');
  await user.type(screen.getByLabelText('platformSignup.password'), 'Forge-Light-2049!');
  const country = screen.getByLabelText('platformSignup.country');
  await waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'US');
  await user.type(screen.getByLabelText('platformSignup.birthday'), '1990-01-15');
  await user.click(screen.getByRole('button', { name: 'platformSignup.submit' }));
  await vi.waitFor(() => {
    expect(validateSignupEmail).toHaveBeenCalledWith(
      'playstation',
      'in-game',
      expect.objectContaining({ clientId: '1888' }),
    );
  });
  await user.type(await screen.findByLabelText('platformSignup.code'), '123456');
  await user.click(screen.getByRole('button', { name: 'platformSignup.create' }));
  await waitFor(() =>
    expect(goTo).toHaveBeenCalledWith(
      '/account/en/global/playstation/link-success?clientId=1888&email=new%40example.com',
      false,
    ),
  );
}, 20_000);

it('a refused in-game sign-up (20159) goes to link-failed like the other platform calls', async () => {
  const user = userEvent.setup();
  vi.mocked(getLinkingState).mockResolvedValue(state());
  vi.mocked(getRegionCountries).mockResolvedValue({
    countryList: [{ countryCode: 'US', name: 'United States' }],
    countryCode: null,
  });
  vi.mocked(validateSignupEmail).mockRejectedValue(apiError('20159', 401));
  renderLogin();
  await user.click(await screen.findByRole('button', { name: 'platformSignup.open' }));
  await user.type(await screen.findByLabelText('platformSignup.email'), 'new@example.com');
  await user.type(screen.getByLabelText('platformSignup.password'), 'Forge-Light-2049!');
  const country = screen.getByLabelText('platformSignup.country');
  await waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'US');
  await user.type(screen.getByLabelText('platformSignup.birthday'), '1990-01-15');
  await user.click(screen.getByRole('button', { name: 'platformSignup.submit' }));
  await waitFor(() =>
    expect(goTo).toHaveBeenCalledWith('/account/en/global/playstation/link-failed?notice=20159', false),
  );
}, 20_000);
