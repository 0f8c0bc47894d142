/**
 * setting/security's lower sections for a player quicker than the idle moment: a scroll towards them (or a tap, a
 * key) lets them go before the page's own start is done. A file of its own: the sections' release is the page's,
 * once (./SecurityPage.test.tsx holds the wait for the page's start).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { listActivity, listConnectedApps, listSessions } from '../../../client/api/account-security';
import { listPasskeys } from '../../../client/api/passkeys';
import { setAccountFromServer } from '../../../client/stores/account-parse';
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

it('loads the lower sections and their lists at the first scroll, before the page start', async () => {
  onPage({ route: 'security' });
  setAccountFromServer(serverAccount({ trustedDeviceCount: 1 }));
  render(<SecurityPage strings={screenStrings('security')} locale="en" />);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(listPasskeys).not.toHaveBeenCalled();
  fireEvent.scroll(window);
  expect(await screen.findByRole('heading', { level: 2, name: 'passkeys.title' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'settings.apps.heading' })).toBeInTheDocument();
  expect(await screen.findByText('settings.apps.none')).toBeInTheDocument();
  expect(listPasskeys).toHaveBeenCalledTimes(1);
  expect(listSessions).toHaveBeenCalledTimes(1);
});
