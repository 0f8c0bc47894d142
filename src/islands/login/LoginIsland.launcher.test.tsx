/**
 * The sign-in form inside the launcher (app mode, docs/launcher.md): the launcher email login call instead of
 * the web one, then the hand-off to the host instead of the web redirects.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { launcherEmailLogin, steamTpaSessionCookie, webEmailLogin } from '../../client/api/launcher-login';
import { launcherAfterLogin } from '../../client/launcher/after-login';
import { goTo } from '../../client/navigation/page';
import { $launcherSettings } from '../../client/stores/launcher';
import { LoginIsland } from './LoginIsland';

vi.mock('../../client/api/launcher-login');
vi.mock('../../client/launcher/after-login', () => ({
  launcherAfterLogin: vi.fn(() => Promise.resolve('handed-off')),
}));
vi.mock('../../client/navigation/page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/navigation/page')>()),
  goTo: vi.fn(),
  isAppMode: () => true,
}));
vi.mock('../../client/host/launcher-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/host/launcher-bridge')>()),
  isAppMode: () => true,
}));

it('signs in with the launcher call and hands off to the host instead of redirecting', async () => {
  const user = userEvent.setup();
  vi.mocked(launcherEmailLogin).mockResolvedValue({
    countryCode: 'US',
    hashedUserNo: 'a1b2c3',
    hashedGlobalUserNo: 'd4e5f6',
    autoLogin: false,
  });
  onPage({ route: 'login' });
  render(
    <LoginIsland
      strings={screenStrings('login')}
      locale="en"
      createPath="/account/en/create"
      recoveryPath="/account/en/self-service"
    />,
  );
  await user.type(screen.getByLabelText('login.id.label'), 'player@example.com');
  await user.type(screen.getByLabelText('login.password.label'), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'login.submit' }));
  await waitFor(() => {
    expect(launcherAfterLogin).toHaveBeenCalledTimes(1);
  });
  expect(launcherEmailLogin).toHaveBeenCalledWith(
    expect.objectContaining({ id: 'player@example.com', captchaToken: 'dev-captcha-pass', autoLogin: false }),
  );
  expect(webEmailLogin).not.toHaveBeenCalled();
  // No web redirect (promo-2fa, settings): the hand-off decides where the frame goes.
  expect(goTo).not.toHaveBeenCalled();
});

it('in the store connector, the create link opens the connector sign-up in place', async () => {
  const user = userEvent.setup();
  vi.mocked(steamTpaSessionCookie).mockResolvedValue({ email: 'owner@example.com' });
  onPage({ route: 'login' });
  $launcherSettings.set({ client_id: 'lumenforge-launcher', connector: 'steam', steam_session_ticket: 'ticket-1' });
  render(
    <LoginIsland
      strings={screenStrings('login')}
      locale="en"
      createPath="/account/en/create"
      recoveryPath="/account/en/self-service"
    />,
  );
  await user.click(screen.getByRole('link', { name: 'login.create' }));
  expect(await screen.findByText('platformSignup.connectorLinked email=owner@example.com')).toBeVisible();
  expect(steamTpaSessionCookie).toHaveBeenCalledWith({
    clientId: 'lumenforge-launcher',
    steamSessionTicket: 'ticket-1',
  });
  expect(goTo).not.toHaveBeenCalled();
  // Back to the sign-in form.
  await user.click(screen.getByRole('button', { name: 'platformSignup.back' }));
  expect(await screen.findByRole('button', { name: 'login.submit' })).toBeVisible();
});
