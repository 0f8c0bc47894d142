/**
 * The security page's connected apps: the list (name, site, what it may see, since when), removing one after a
 * confirmation (with what is sent, and the list loaded again), a cancelled removal that sends nothing, the empty
 * list, and a refusal.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { listConnectedApps, revokeConnectedApp } from '../../../client/api/account-security';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import type { ConnectedApp } from '../../../shared/contract/account-security';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { ConnectedApps } from './ConnectedApps';

vi.mock('../../../client/api/account-security');
vi.mock('../../../client/api/settings');

const GAME: ConnectedApp = {
  clientId: 'game-site',
  name: 'Skyforge Companion',
  site: 'https://companion.example',
  scopes: ['openid', 'profile', 'email', 'guild:read'],
  grantedAt: '2026-11-20T10:00:00.000Z',
};
const FORUM: ConnectedApp = { ...GAME, clientId: 'forum', name: 'Forum', scopes: ['openid'] };

function renderApps(apps: ConnectedApp[]) {
  onPage({ route: 'security' });
  setAccountFromServer(serverAccount({}));
  vi.mocked(listConnectedApps).mockResolvedValue({ apps });
  const strings = screenStrings('security');
  render(
    <>
      <ConnectedApps strings={strings} locale="en" />
      <LazyDialogHost strings={strings} />
    </>,
  );
}

it('lists each app with its site, what it may see and since when', async () => {
  renderApps([GAME, FORUM]);
  const list = await screen.findByRole('list', { name: 'settings.apps.listLabel' });
  const [game] = within(list).getAllByRole('listitem');
  expect(game).toHaveTextContent('Skyforge Companion');
  expect(game).toHaveTextContent('https://companion.example');
  // Known scopes in words, any other by its name.
  expect(game).toHaveTextContent(
    'settings.apps.scope.openid, settings.apps.scope.profile, settings.apps.scope.email, guild:read',
  );
  expect(game).toHaveTextContent('Nov 20, 2026');
  expect(
    within(game as HTMLElement).getByRole('button', { name: 'settings.apps.removeNamed app=Skyforge Companion' }),
  ).toBeInTheDocument();
});

it('removes an app once confirmed, says so and loads the list again', async () => {
  const user = userEvent.setup();
  renderApps([GAME, FORUM]);
  vi.mocked(revokeConnectedApp).mockResolvedValue({ revoked: true });
  await user.click(await screen.findByRole('button', { name: 'settings.apps.removeNamed app=Skyforge Companion' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('settings.apps.removeBody app=Skyforge Companion');
  vi.mocked(listConnectedApps).mockResolvedValue({ apps: [FORUM] });
  await user.click(within(dialog).getByRole('button', { name: 'settings.apps.removeConfirm' }));
  expect(await screen.findByRole('status')).toHaveTextContent('settings.apps.removed app=Skyforge Companion');
  expect(revokeConnectedApp).toHaveBeenCalledWith({ clientId: 'game-site', language: 'en_US' });
  await vi.waitFor(() =>
    expect(within(screen.getByRole('list', { name: 'settings.apps.listLabel' })).getAllByRole('listitem')).toHaveLength(
      1,
    ),
  );
  await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'settings.apps.heading' })).toHaveFocus());
});

it('sends nothing when the removal is cancelled', async () => {
  const user = userEvent.setup();
  renderApps([GAME]);
  await user.click(await screen.findByRole('button', { name: 'settings.apps.removeNamed app=Skyforge Companion' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'dialog.cancel' }));
  expect(revokeConnectedApp).not.toHaveBeenCalled();
});

it('says when no app is connected', async () => {
  renderApps([]);
  expect(await screen.findByText('settings.apps.none')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'settings.apps.listLabel' })).toBeNull();
});

it('a refused removal is told as the settings pages tell errors, and the app stays listed', async () => {
  const user = userEvent.setup();
  renderApps([GAME]);
  vi.mocked(revokeConnectedApp).mockRejectedValue(apiError('BAD_INPUT', 400));
  await user.click(await screen.findByRole('button', { name: 'settings.apps.removeNamed app=Skyforge Companion' }));
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'settings.apps.removeConfirm' }),
  );
  // The confirmation gives way to the error dialog (spec §8 handling of settings calls).
  await vi.waitFor(() => expect(screen.getByRole('dialog')).not.toHaveTextContent('settings.apps.removeBody'));
  expect(screen.queryByRole('status')).toBeNull();
  expect(within(screen.getByRole('list', { name: 'settings.apps.listLabel' })).getAllByRole('listitem')).toHaveLength(
    1,
  );
});
