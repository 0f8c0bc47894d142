/**
 * setting/linked-account: the linked providers with their emails, links for the region's other providers, and
 * unlink after a confirmation; the last way to sign in is refused with NEED_TO_SET_PASSWORD.
 */
import region from '@region';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../tests/components/helpers';
import { getAccount } from '../../client/api/settings';
import { unlinkSocialAccount } from '../../client/api/social';
import { setAccountFromServer } from '../../client/stores/account-parse';
import { LinkedAccounts } from './LinkedAccounts';

vi.mock('../../client/api/social');
vi.mock('../../client/api/settings');

function renderTab(search = '') {
  onPage({ route: 'linked-account', search });
  setAccountFromServer(
    serverAccount({
      tpaAccountList: [
        { type: 'google', email: 'ada@gmail.example' },
        { type: 'discord', email: null },
      ],
    }),
  );
  render(<LinkedAccounts strings={screenStrings('linked-account')} locale="en" />);
}

it('lists the linked providers and links the region’s others through their sign-in', () => {
  renderTab();
  expect(screen.getByText('Google')).toBeInTheDocument();
  expect(screen.getByText('ada@gmail.example')).toBeInTheDocument();
  expect(screen.getByText('linkedAccounts.tab.noEmail')).toBeInTheDocument();
  const others = region.socialProviders.filter((p) => p !== 'google' && p !== 'discord');
  const links = screen.getAllByRole('link', { name: /^linkedAccounts\.tab\.link provider=/ });
  expect(links).toHaveLength(others.length);
  for (const link of links)
    expect(link.getAttribute('href')).toMatch(/\/no-auth\/tpa\/\w+\/start\?locale=en&actionType=socialLink$/);
});

it('unlinks after the confirmation and shows the remaining list', async () => {
  const user = userEvent.setup();
  vi.mocked(unlinkSocialAccount).mockResolvedValue({
    tpaAccountList: [{ type: 'google', email: 'ada@gmail.example' }],
  });
  vi.mocked(getAccount).mockResolvedValue(serverAccount());
  renderTab();
  await user.click(screen.getByRole('button', { name: 'linkedAccounts.tab.unlinkLabel provider=Discord' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('linkedAccounts.tab.unlinkConfirm.body provider=Discord');
  await user.click(within(dialog).getByRole('button', { name: 'linkedAccounts.tab.unlinkConfirm.confirm' }));
  await vi.waitFor(() => expect(unlinkSocialAccount).toHaveBeenCalledWith('discord'));
  expect(await screen.findByText('linkedAccounts.tab.unlinked provider=Discord')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'linkedAccounts.tab.unlinkLabel provider=Discord' })).toBeNull();
});

it('changes nothing when the player cancels', async () => {
  const user = userEvent.setup();
  renderTab();
  await user.click(screen.getByRole('button', { name: 'linkedAccounts.tab.unlinkLabel provider=Google' }));
  await screen.findByRole('dialog');
  await user.keyboard('{Escape}');
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(unlinkSocialAccount).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'linkedAccounts.tab.unlinkLabel provider=Google' })).toBeEnabled();
});

it('opens the create-password dialog when the last way to sign in would go (NEED_TO_SET_PASSWORD)', async () => {
  const user = userEvent.setup();
  vi.mocked(unlinkSocialAccount).mockRejectedValue(apiError('NEED_TO_SET_PASSWORD', 409));
  renderTab();
  await user.click(screen.getByRole('button', { name: 'linkedAccounts.tab.unlinkLabel provider=Google' }));
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'linkedAccounts.tab.unlinkConfirm.confirm' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'error.modal.NEED_TO_SET_PASSWORD.title' });
  expect(within(dialog).getByRole('button', { name: 'error.modal.NEED_TO_SET_PASSWORD.button' })).toBeInTheDocument();
  expect(screen.getByText('Google')).toBeInTheDocument();
});

it('says which provider was just linked', () => {
  renderTab('?linked=discord');
  expect(screen.getByRole('status')).toHaveTextContent('linkedAccounts.tab.linked provider=Discord');
});
