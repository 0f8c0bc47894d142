/**
 * A sign-in during an account deletion's grace period (issue 12): the login
 * screen asks whether to cancel the deletion; yes cancels it with the answer's
 * ticket and signs in again, no leaves the form as it was.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { cancelAccountDeletion } from '../../client/api/account-lifecycle';
import { webEmailLogin } from '../../client/api/launcher-login';
import { getAccount } from '../../client/api/settings';
import { goTo } from '../../client/navigation/page';
import { readDeletionPending } from './deletion-offer';
import { LoginIsland } from './LoginIsland';

vi.mock('../../client/api/account-lifecycle');
vi.mock('../../client/api/launcher-login');
vi.mock('../../client/api/settings');

const PENDING = JSON.stringify({ purgeAt: '2026-12-21T10:00:00.000Z', ticket: 'T'.repeat(43) });

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  onPage({ route: 'login' });
  render(<LoginIsland strings={screenStrings('login')} locale="en" createPath="/c" recoveryPath="/r" />);
  await user.type(screen.getByLabelText('login.id.label'), 'player@example.com');
  await user.type(screen.getByLabelText('login.password.label'), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'login.submit' }));
}

describe('deletion offer at sign-in', () => {
  it('cancels the deletion with the ticket and signs in again', async () => {
    const user = userEvent.setup();
    vi.mocked(webEmailLogin)
      .mockRejectedValueOnce(apiError('ACCOUNT_DELETION_PENDING', 403, PENDING))
      .mockResolvedValue({ countryCode: 'US', hashedUserNo: 'a', hashedGlobalUserNo: 'b', autoLogin: false });
    vi.mocked(cancelAccountDeletion).mockResolvedValue({});
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ isVerified: true, skipMfaPromo: true }));
    await signIn(user);
    const dialog = await screen.findByRole('dialog', { name: 'login.deletion.title' });
    expect(dialog).toHaveAccessibleDescription('login.deletion.body date=December 21, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'login.deletion.confirm' }));
    await waitFor(() => expect(webEmailLogin).toHaveBeenCalledTimes(2));
    expect(cancelAccountDeletion).toHaveBeenCalledWith({ ticket: 'T'.repeat(43), language: 'en_US' });
    await waitFor(() => expect(goTo).toHaveBeenCalled());
  });

  it('keeps the deletion when the player declines', async () => {
    const user = userEvent.setup();
    vi.mocked(webEmailLogin).mockRejectedValue(apiError('ACCOUNT_DELETION_PENDING', 403, PENDING));
    await signIn(user);
    const dialog = await screen.findByRole('dialog', { name: 'login.deletion.title' });
    await user.click(within(dialog).getByRole('button', { name: 'login.deletion.decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelAccountDeletion).not.toHaveBeenCalled();
    expect(webEmailLogin).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'login.submit' })).toBeEnabled();
  });

  it('reads only the expected message', () => {
    expect(readDeletionPending(PENDING)).toEqual({ purgeAt: '2026-12-21T10:00:00.000Z', ticket: 'T'.repeat(43) });
    for (const bad of ['', 'null', '{"purgeAt":"x","ticket":"t"}', '{"purgeAt":"2026-12-21T10:00:00.000Z"}', '[1]'])
      expect(readDeletionPending(bad)).toBeNull();
  });
});
