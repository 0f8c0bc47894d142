import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { steamTpaSessionCookie } from '../../client/api/launcher-login';
import { submitEmailSignupCode, validateSignupEmail } from '../../client/api/platform';
import { getGlobalCountries, getRegionCountries } from '../../client/api/countries';
import { hostSignupCompleted } from '../../client/host/launcher-bridge';
import { $launcherSettings } from '../../client/stores/launcher';
import { createT } from '../../client/t';
import { launcherTpaSignIn } from '../launcher/tpa-app-run';
import { ConnectorSignup, resetConnectorExchange } from './ConnectorSignup';

vi.mock('../../client/api/launcher-login');
vi.mock('../../client/api/platform');
vi.mock('../../client/api/countries');
vi.mock('../../client/fingerprint/black-box', () => ({ collectBlackBox: vi.fn(() => Promise.resolve('bb-1')) }));
vi.mock('../../client/stores/device', () => ({ getDeviceId: () => 'device-1' }));
vi.mock('../../client/host/launcher-bridge', () => ({ hostSignupCompleted: vi.fn(() => true) }));
// The launcher's provider sign-in on the session the ticket opened (its own tests: src/islands/launcher).
vi.mock('../launcher/tpa-app-run', () => ({ launcherTpaSignIn: vi.fn() }));

afterEach(() => resetConnectorExchange());

const EMAIL = 'store-player@example.com';

function renderConnector(ticket: string | null = 'store.ticket.value') {
  onPage({ route: 'login' });
  $launcherSettings.set({
    client_id: 'lumenforge-launcher',
    connector: 'steam',
    ...(ticket === null ? {} : { steam_session_ticket: ticket }),
  });
  const countryList = {
    countryList: [{ countryCode: 'US', name: 'United States' }],
    countryCode: null,
  };
  vi.mocked(getGlobalCountries).mockResolvedValue(countryList);
  vi.mocked(getRegionCountries).mockResolvedValue(countryList);
  const strings = screenStrings('login');
  const onCancel = vi.fn();
  render(<ConnectorSignup t={createT(strings)} strings={strings} locale="en" onCancel={onCancel} />);
  return { onCancel };
}

it('exchanges the store ticket, signs up through the connector calls and tells the host', async () => {
  const user = userEvent.setup();
  vi.mocked(steamTpaSessionCookie).mockResolvedValue({ email: null });
  vi.mocked(validateSignupEmail).mockResolvedValue({});
  vi.mocked(submitEmailSignupCode).mockResolvedValue({ email: EMAIL, hashedGlobalUserNo: 'h1' });
  renderConnector();
  expect(screen.getByRole('status')).toHaveTextContent('platformSignup.connectorStarting');
  expect(await screen.findByText('platformSignup.connectorIntro')).toBeVisible();
  expect(steamTpaSessionCookie).toHaveBeenCalledWith({
    clientId: 'lumenforge-launcher',
    steamSessionTicket: 'store.ticket.value',
  });
  await user.type(screen.getByLabelText('platformSignup.email'), EMAIL);
  await user.type(screen.getByLabelText('platformSignup.password'), 'Forge-Light-2049!');
  const country = screen.getByLabelText('platformSignup.country');
  await vi.waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'US');
  await user.type(screen.getByLabelText('platformSignup.birthday'), '1990-01-15');
  await user.click(screen.getByRole('button', { name: 'platformSignup.submit' }));
  await vi.waitFor(() => {
    expect(validateSignupEmail).toHaveBeenCalledWith('steam', 'connector', expect.objectContaining({ email: EMAIL }));
  });
  await user.type(await screen.findByLabelText('platformSignup.code'), '123456');
  await user.click(screen.getByRole('button', { name: 'platformSignup.create' }));
  expect(await screen.findByRole('heading', { name: 'platformSignup.doneHeading' })).toBeVisible();
  expect(screen.getByRole('status')).toHaveTextContent(`platformSignup.connectorDone email=${EMAIL}`);
  await vi.waitFor(() => expect(hostSignupCompleted).toHaveBeenCalledWith({ email: EMAIL }));
  expect(submitEmailSignupCode).toHaveBeenCalledWith(
    'steam',
    { inGame: false },
    expect.objectContaining({ clientId: 'lumenforge-launcher', blackBox: 'bb-1' }),
  );
});

it('a store account linked already is told to sign in, and goes back', async () => {
  const user = userEvent.setup();
  vi.mocked(steamTpaSessionCookie).mockResolvedValue({ email: 'owner@example.com' });
  const { onCancel } = renderConnector();
  expect(await screen.findByText('platformSignup.connectorLinked email=owner@example.com')).toHaveAttribute(
    'role',
    'status',
  );
  expect(screen.queryByLabelText('platformSignup.email')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'platformSignup.back' }));
  await vi.waitFor(() => {
    expect(onCancel).toHaveBeenCalled();
  });
});

it('a store account linked already signs in with the session its ticket opened', async () => {
  const user = userEvent.setup();
  vi.mocked(steamTpaSessionCookie).mockResolvedValue({ email: 'owner@example.com' });
  vi.mocked(launcherTpaSignIn).mockResolvedValue({ kind: 'leaving' });
  renderConnector();
  await user.click(await screen.findByRole('button', { name: 'platformSignup.connectorSignIn' }));
  await vi.waitFor(() => {
    expect(launcherTpaSignIn).toHaveBeenCalledWith('en');
  });
  expect(screen.getByRole('button', { name: 'platformSignup.connectorSigningIn' })).toBeDisabled();
});

it('a refused sign-in of the linked account shows its text and lets the player try again', async () => {
  const user = userEvent.setup();
  vi.mocked(steamTpaSessionCookie).mockResolvedValue({ email: 'owner@example.com' });
  vi.mocked(launcherTpaSignIn).mockResolvedValue({ kind: 'form-error', code: '20159' });
  renderConnector();
  await user.click(await screen.findByRole('button', { name: 'platformSignup.connectorSignIn' }));
  // 20159 (the session expired) shares 20018's §8 text.
  expect(await screen.findByRole('alert')).toHaveTextContent('error.modal.20018.desc');
  expect(screen.getByRole('button', { name: 'platformSignup.connectorSignIn' })).toBeEnabled();
});

// INVALID_TICKET reads as 20138, a refused provider or platform answer (src/shared/errors/catalogue.ts, sameAs).
const INVALID_TICKET_TEXT = 'error.modal.20138.desc';

it('a refused ticket, or none, shows the INVALID_TICKET text and no form', async () => {
  vi.mocked(steamTpaSessionCookie).mockRejectedValue(apiError('INVALID_TICKET', 401));
  renderConnector();
  expect(await screen.findByText(INVALID_TICKET_TEXT)).toBeVisible();
  expect(screen.queryByLabelText('platformSignup.email')).toBeNull();
});

it('without a ticket in the settings nothing is called', async () => {
  renderConnector(null);
  expect(await screen.findByText(INVALID_TICKET_TEXT)).toBeVisible();
  expect(steamTpaSessionCookie).not.toHaveBeenCalled();
});
