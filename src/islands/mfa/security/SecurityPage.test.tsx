/**
 * setting/security as one island: the two-factor section renders with the island, the passkeys and sessions
 * sections arrive with their code (React.lazy in the browser) and each fetches its own list. The calls are mocked
 * (tests/components/README.md).
 */
import { render, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { listActivity, listSessions } from '../../../client/api/account-security';
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
});

it('renders the two-factor section, then the passkeys and sessions sections, each loading its list', async () => {
  onPage({ route: 'security' });
  setAccountFromServer(serverAccount({ trustedDeviceCount: 1 }));
  render(<SecurityPage strings={screenStrings('security')} locale="en" />);
  expect(screen.getByRole('heading', { level: 1, name: 'mfa.security.heading' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'passkeys.title' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'settings.sessions.heading' })).toBeInTheDocument();
  expect(listPasskeys).toHaveBeenCalledTimes(1);
  expect(listSessions).toHaveBeenCalledTimes(1);
});
