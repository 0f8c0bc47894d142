/**
 * The security page's sessions and activity island: the list (this device
 * first and marked, device, country name, times), sign out one and all
 * others with what is sent, the activity list, and the password links.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { listActivity, listSessions, revokeOtherSessions, revokeSession } from '../../../client/api/account-security';
import { exportAccountData, requestAccountDeletion } from '../../../client/api/account-lifecycle';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import type { SignedInSession } from '../../../shared/contract/account-security';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { AccountSessions } from './AccountSessions';

vi.mock('../../../client/api/account-security');
vi.mock('../../../client/api/account-lifecycle');
vi.mock('../../../client/api/settings');

const HERE: SignedInSession = {
  sessionId: 'a'.repeat(32),
  browser: 'Firefox',
  os: 'Linux',
  deviceType: 'PC',
  country: 'DE',
  signedInAt: '2026-11-20T10:00:00.000Z',
  lastActiveAt: '2026-11-21T10:00:00.000Z',
  current: true,
};
const PHONE: SignedInSession = {
  ...HERE,
  sessionId: 'b'.repeat(32),
  browser: 'Safari',
  os: 'iOS',
  deviceType: 'MOBILE',
  country: null,
  current: false,
};

function renderIsland(hasSetPassword = true, sessions: SignedInSession[] = [HERE, PHONE]) {
  onPage({ route: 'security' });
  setAccountFromServer(serverAccount({ hasSetPassword }));
  vi.mocked(listSessions).mockResolvedValue({ sessions });
  vi.mocked(listActivity).mockResolvedValue({
    events: [{ event: 'password.changed', at: HERE.signedInAt, browser: 'Firefox', os: 'Linux', country: 'DE' }],
  });
  const strings = screenStrings('security');
  render(
    <>
      <AccountSessions strings={strings} locale="en" />
      <LazyDialogHost strings={strings} />
    </>,
  );
}

describe('AccountSessions', () => {
  it('lists the sessions, this device first and marked, with device, country and a sign-out for the others', async () => {
    renderIsland();
    const list = await screen.findByRole('list', { name: 'settings.sessions.listLabel' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('settings.sessions.deviceOn browser=Firefox os=Linux');
    expect(within(items[0] as HTMLElement).getByText('settings.sessions.thisDevice')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Germany');
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('settings.sessions.unknownLocation');
    expect(
      within(items[1] as HTMLElement).getByRole('button', {
        name: 'settings.sessions.signOutNamed device=settings.sessions.deviceOn browser=Safari os=iOS',
      }),
    ).toBeInTheDocument();
  });

  it('says the browser is unknown when only the system is (headless Chromium: "Linux" alone)', async () => {
    renderIsland(true, [HERE, { ...PHONE, browser: null, os: 'Linux' }]);
    const list = await screen.findByRole('list', { name: 'settings.sessions.listLabel' });
    const items = within(list).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('settings.sessions.unknownBrowserOn os=Linux');
  });

  it('signs one session out and reloads the list', async () => {
    const user = userEvent.setup();
    vi.mocked(revokeSession).mockResolvedValue({ signedOut: true });
    renderIsland();
    await user.click(await screen.findByRole('button', { name: /^settings\.sessions\.signOutNamed/ }));
    await vi.waitFor(() => {
      expect(revokeSession).toHaveBeenCalledWith({ sessionId: PHONE.sessionId, language: 'en_US' });
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('settings.sessions.signedOut'));
    expect(listSessions).toHaveBeenCalledTimes(2);
  });

  it('signs all others out after confirming', async () => {
    const user = userEvent.setup();
    vi.mocked(revokeOtherSessions).mockResolvedValue({ endedSessions: 1 });
    renderIsland();
    await user.click(await screen.findByRole('button', { name: 'settings.sessions.signOutOthers' }));
    const dialog = await screen.findByRole('dialog', { name: 'settings.sessions.othersTitle' });
    await user.click(within(dialog).getByRole('button', { name: 'settings.sessions.othersConfirm' }));
    await vi.waitFor(() => {
      expect(revokeOtherSessions).toHaveBeenCalledWith({ language: 'en_US' });
    });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('settings.sessions.signedOutOthers count=1'),
    );
  });

  it('does nothing when the player keeps the other sessions', async () => {
    const user = userEvent.setup();
    renderIsland();
    await user.click(await screen.findByRole('button', { name: 'settings.sessions.signOutOthers' }));
    await screen.findByRole('dialog', { name: 'settings.sessions.othersTitle' });
    await user.keyboard('{Escape}');
    expect(revokeOtherSessions).not.toHaveBeenCalled();
  });

  it('shows the activity and a "this wasn’t me" link to change the password', async () => {
    renderIsland();
    const list = await screen.findByRole('list', { name: 'settings.activity.listLabel' });
    expect(list).toHaveTextContent('settings.activity.event.password.changed');
    expect(screen.getByRole('link', { name: 'settings.activity.notMeLink' })).toHaveAttribute(
      'href',
      '/account/en/setting/password/change',
    );
  });

  it('offers to create a password when the account has none', async () => {
    renderIsland(false);
    expect(await screen.findByRole('link', { name: 'settings.sessions.createPassword' })).toHaveAttribute(
      'href',
      '/account/en/setting/password/create',
    );
  });

  it('downloads the account data as a JSON file', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.mocked(exportAccountData).mockResolvedValue({
      format: 'lumenforge-account-export/1',
      exportedAt: '2026-11-21T10:00:00.000Z',
      accountId: 7,
      tables: { accounts: [{ id: 7 }] },
    });
    renderIsland();
    await user.click(await screen.findByRole('button', { name: 'settings.data.download' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('settings.data.downloaded'));
    expect(created).toHaveLength(1);
    expect(JSON.parse(await (created[0] as Blob).text())).toMatchObject({ accountId: 7 });
  });

  it('deletes the account after confirming, says when, and goes to login', async () => {
    const user = userEvent.setup();
    vi.mocked(requestAccountDeletion).mockResolvedValue({ purgeAt: '2026-12-21T10:00:00.000Z' });
    renderIsland();
    await user.click(await screen.findByRole('button', { name: 'settings.deletion.button' }));
    const confirm = await screen.findByRole('dialog', { name: 'settings.deletion.confirmTitle' });
    await user.click(within(confirm).getByRole('button', { name: 'settings.deletion.confirm' }));
    await vi.waitFor(() => {
      expect(requestAccountDeletion).toHaveBeenCalledWith({ language: 'en_US' });
    });
    const done = await screen.findByRole('dialog', { name: 'settings.deletion.doneTitle' });
    expect(done).toHaveAccessibleDescription('settings.deletion.doneBody date=December 21, 2026');
    await user.click(within(done).getAllByRole('button')[0] as HTMLElement);
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/login', true));
  });

  it('shows why a parent cannot delete the account (ACCOUNT_HAS_CHILDREN)', async () => {
    const user = userEvent.setup();
    vi.mocked(requestAccountDeletion).mockRejectedValue(apiError('ACCOUNT_HAS_CHILDREN', 409));
    renderIsland();
    await user.click(await screen.findByRole('button', { name: 'settings.deletion.button' }));
    const confirm = await screen.findByRole('dialog', { name: 'settings.deletion.confirmTitle' });
    await user.click(within(confirm).getByRole('button', { name: 'settings.deletion.confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.ACCOUNT_HAS_CHILDREN');
  });
});
