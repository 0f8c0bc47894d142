/** settings/social-link/{socialProvider}: the link call with the callback's code, its refusals shown here. */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { linkSocialAccount } from '../../client/api/social';
import { goTo } from '../../client/navigation/page';
import { SettingsSocialLink } from './SettingsSocialLink';

vi.mock('../../client/api/social');

function renderLink(search = '?code=abc&state=r.s') {
  onPage({ route: 'settings-social-link', search });
  render(
    <SettingsSocialLink
      strings={screenStrings('settings-social-link')}
      locale="en"
      provider="discord"
      linkedPath="/account/en/setting/linked-account"
    />,
  );
}

it('links with the code and state, then shows the tab', async () => {
  vi.mocked(linkSocialAccount).mockResolvedValue({ type: 'discord', email: 'd@example.com' });
  renderLink();
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/setting/linked-account?linked=discord', true));
  expect(linkSocialAccount).toHaveBeenCalledWith({ tpaType: 'discord', code: 'abc', state: 'r.s' });
  expect(location.search).toBe('');
});

// 20109 and 20088 share the texts of 20009 and 20087 (spec §8).
it.each([
  ['20009', '20009'],
  ['20109', '20009'],
  ['20087', '20087'],
  ['20088', '20087'],
  ['20010', '20010'],
])('shows the refusal %s with the way back', async (code, text) => {
  vi.mocked(linkSocialAccount).mockRejectedValue(apiError(code, 409));
  renderLink();
  expect(await screen.findByText(`error.modal.${text}.desc`)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'linkedAccounts.socialLink.back' })).toHaveAttribute(
    'href',
    '/account/en/setting/linked-account',
  );
  expect(goTo).not.toHaveBeenCalled();
});

it('calls nothing without a code', async () => {
  renderLink('');
  expect(await screen.findByRole('alert')).toHaveTextContent('linkedAccounts.socialLink.failed provider=Discord');
  expect(linkSocialAccount).not.toHaveBeenCalled();
});
