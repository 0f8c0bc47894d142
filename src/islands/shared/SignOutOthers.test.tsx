/**
 * The reusable "sign out your other sessions?" step (./sign-out-others):
 * nothing to ask without other sessions; asked, it signs them out and says how
 * many; declined, it changes nothing; after a password change it only tells.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { keyStrings } from '../../../tests/components/helpers';
import { listSessions, revokeOtherSessions } from '../../client/api/account-security';
import type { SignedInSession } from '../../shared/contract/account-security';
import { LazyDialogHost } from './LazyDialogHost';
import { offerSignOutOthers } from './sign-out-others';

vi.mock('../../client/api/account-security');

const session = (current: boolean, id: string): SignedInSession => ({
  sessionId: id.repeat(32),
  browser: null,
  os: null,
  deviceType: 'UNDEFINED',
  country: null,
  signedInAt: '2026-11-21T10:00:00.000Z',
  lastActiveAt: '2026-11-21T10:00:00.000Z',
  current,
});

function host() {
  render(<LazyDialogHost strings={keyStrings(['settings.signOutOthers', 'dialog', 'error'])} />);
}

describe('offerSignOutOthers', () => {
  it('asks nothing when this is the only session', async () => {
    vi.mocked(listSessions).mockResolvedValue({ sessions: [session(true, 'a')] });
    host();
    expect(await offerSignOutOthers({ locale: 'en' })).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks, signs the others out and says how many', async () => {
    const user = userEvent.setup();
    vi.mocked(listSessions).mockResolvedValue({
      sessions: [session(true, 'a'), session(false, 'b'), session(false, 'c')],
    });
    vi.mocked(revokeOtherSessions).mockResolvedValue({ endedSessions: 2 });
    host();
    let result: Promise<number> = Promise.resolve(-1);
    act(() => {
      result = offerSignOutOthers({ locale: 'de' });
    });
    const offer = await screen.findByRole('dialog', { name: 'settings.signOutOthers.offerTitle' });
    expect(offer).toHaveAccessibleDescription('settings.signOutOthers.offerBody count=2');
    await user.click(within(offer).getByRole('button', { name: 'settings.signOutOthers.offerConfirm' }));
    const done = await screen.findByRole('dialog', { name: 'settings.signOutOthers.doneTitle' });
    expect(revokeOtherSessions).toHaveBeenCalledWith({ language: 'de_DE' });
    await user.click(within(done).getAllByRole('button')[0] as HTMLElement);
    expect(await result).toBe(2);
  });

  it('changes nothing when the player keeps them', async () => {
    const user = userEvent.setup();
    vi.mocked(listSessions).mockResolvedValue({ sessions: [session(true, 'a'), session(false, 'b')] });
    host();
    let result: Promise<number> = Promise.resolve(-1);
    act(() => {
      result = offerSignOutOthers({ locale: 'en' });
    });
    const offer = await screen.findByRole('dialog', { name: 'settings.signOutOthers.offerTitle' });
    await user.click(within(offer).getByRole('button', { name: 'settings.signOutOthers.offerDecline' }));
    expect(await result).toBe(0);
    expect(revokeOtherSessions).not.toHaveBeenCalled();
  });

  it('after a password change only says how many ended', async () => {
    const user = userEvent.setup();
    host();
    let result: Promise<number> = Promise.resolve(-1);
    act(() => {
      result = offerSignOutOthers({ locale: 'en', endedSessions: 3 });
    });
    const done = await screen.findByRole('dialog', { name: 'settings.signOutOthers.doneTitle' });
    expect(done).toHaveAccessibleDescription('settings.signOutOthers.passwordBody count=3');
    await user.click(within(done).getAllByRole('button')[0] as HTMLElement);
    expect(await result).toBe(3);
    expect(listSessions).not.toHaveBeenCalled();
  });
});
