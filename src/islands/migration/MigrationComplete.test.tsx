/** login/migration-complete: names the new ID kept in this tab, and links to sign-in with the carried query. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { loginComplete } from '../../client/api/launcher-login';
import { getAccount } from '../../client/api/settings';
import { goTo } from '../../client/navigation/page';
import { rememberMigratedAccount } from './migrated-account';
import { MigrationComplete } from './MigrationComplete';

vi.mock('../../client/api/launcher-login');
vi.mock('../../client/api/settings');
vi.mock('../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../client/stores/device')>()),
  getDeviceId: () => 'device-1',
}));

beforeEach(() => {
  sessionStorage.clear();
});

it('names the new email ID and links to sign-in, carrying return_url', async () => {
  rememberMigratedAccount('new-id@example.com');
  onPage({ route: 'login-migration-complete', search: '?return_url=https%3A%2F%2Fwww.lumenforge.com%2Fx' });
  render(<MigrationComplete strings={screenStrings('login-migration-complete')} locale="en" />);
  expect(await screen.findByText('migration.complete.body email=new-id@example.com')).toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'migration.complete.signIn' });
  expect(link.getAttribute('href')).toMatch(/^\/account\/en\/login\?return_url=/);
});

it('without a stored address (another tab, a tampered value) says it without one', async () => {
  sessionStorage.setItem('lf:migratedAccountEmail', '<script>');
  onPage({ route: 'login-migration-complete' });
  render(<MigrationComplete strings={screenStrings('login-migration-complete')} locale="en" />);
  expect(await screen.findByText('migration.complete.bodyNoEmail')).toBeInTheDocument();
});

it('after login/migration-tpa, Continue finishes the sign-in the migration started (§4)', async () => {
  const user = userEvent.setup();
  rememberMigratedAccount('old@example.com', true);
  vi.mocked(loginComplete).mockResolvedValue({
    countryCode: 'US',
    hashedUserNo: 'a',
    hashedGlobalUserNo: 'b',
    autoLogin: false,
  });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
  onPage({ route: 'login-migration-complete' });
  render(<MigrationComplete strings={screenStrings('login-migration-complete')} locale="en" />);
  expect(await screen.findByText('migration.complete.bodySignedIn email=old@example.com')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'migration.complete.signIn' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'migration.complete.continue' }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(loginComplete).toHaveBeenCalledWith({ deviceId: 'device-1' }, { unified: false });
});

it('a refused sign-in says so in its dialog, then offers the way to sign in', async () => {
  const user = userEvent.setup();
  rememberMigratedAccount('old@example.com', true);
  vi.mocked(loginComplete).mockRejectedValue(apiError('20099', 403));
  onPage({ route: 'login-migration-complete' });
  render(<MigrationComplete strings={screenStrings('login-migration-complete')} locale="en" />);
  await user.click(await screen.findByRole('button', { name: 'migration.complete.continue' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('error.modal.20099.desc');
  await user.keyboard('{Escape}');
  expect(screen.getByRole('link', { name: 'migration.complete.signIn' })).toBeInTheDocument();
  expect(goTo).not.toHaveBeenCalled();
});
