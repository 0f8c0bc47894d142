/**
 * setting/security as one island: the two-factor section renders with the island, the passkeys, sessions and
 * connected apps sections arrive with their code (React.lazy in the browser) once the page's warm-up lets them go
 * (at idle after the page's own start), and each fetches its own list. The calls are mocked
 * (tests/components/README.md).
 */
import { render, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { listActivity, listConnectedApps, listSessions } from '../../../client/api/account-security';
import { listPasskeys } from '../../../client/api/passkeys';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { markPageStarted } from '../../../client/startup/page-started';
import { SecurityPage } from './SecurityPage';

vi.mock('../../../client/api/account-security');
vi.mock('../../../client/api/account-lifecycle');
vi.mock('../../../client/api/countries');
vi.mock('../../../client/api/mfa');
vi.mock('../../../client/api/passkeys');
vi.mock('../../../client/api/settings');

beforeEach(() => {
  vi.mocked(listPasskeys).mockResolvedValue({ passkeys: [] });
  vi.mocked(listSessions).mockResolvedValue({ sessions: [] });
  vi.mocked(listActivity).mockResolvedValue({ events: [] });
  vi.mocked(listConnectedApps).mockResolvedValue({ apps: [] });
});

it('renders the two-factor section, and after the page start the passkeys, sessions and connected apps, each loading its list', async () => {
  onPage({ route: 'security' });
  setAccountFromServer(serverAccount({ trustedDeviceCount: 1 }));
  render(<SecurityPage strings={screenStrings('security')} locale="en" />);
  expect(screen.getByRole('heading', { level: 1, name: 'mfa.security.heading' })).toBeInTheDocument();
  // Before the page's own start is done (the account read, the guards), the lower sections wait: no list is read.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.queryByRole('heading', { level: 2, name: 'passkeys.title' })).not.toBeInTheDocument();
  expect(listPasskeys).not.toHaveBeenCalled();
  expect(listSessions).not.toHaveBeenCalled();
  markPageStarted();
  expect(await screen.findByRole('heading', { level: 2, name: 'passkeys.title' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'settings.sessions.heading' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'settings.apps.heading' })).toBeInTheDocument();
  expect(await screen.findByText('settings.apps.none')).toBeInTheDocument();
  expect(listPasskeys).toHaveBeenCalledTimes(1);
  expect(listSessions).toHaveBeenCalledTimes(1);
  expect(listConnectedApps).toHaveBeenCalledTimes(1);
});
