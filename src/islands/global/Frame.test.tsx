/** frame: the account state from the login-status call, every way on in a new tab with the carried query. */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { loginState } from '../../client/startup/guard-runner';
import { Frame } from './Frame';

vi.mock('../../client/startup/guard-runner');

function renderFrame(search = '') {
  onPage({ route: 'frame', search });
  render(<Frame strings={screenStrings('frame')} locale="en" />);
}

it('signed out: a sign-in link that opens the portal in a new tab, carrying return_url', async () => {
  vi.mocked(loginState).mockResolvedValue(false);
  renderFrame('?return_url=https%3A%2F%2Fwww.lumenforge.com%2Fnews');
  expect(await screen.findByText('global.frame.signedOut')).toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'global.frame.signIn' });
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener');
  expect(link.getAttribute('href')).toMatch(/^\/account\/en\/login\?return_url=/);
  expect(loginState).toHaveBeenCalledWith(false);
});

it('signed in: links to the account settings and to sign out, no sign-in', async () => {
  vi.mocked(loginState).mockResolvedValue(true);
  renderFrame();
  expect(await screen.findByText('global.frame.signedIn')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'global.frame.manage' })).toHaveAttribute(
    'href',
    '/account/en/setting/account-overview',
  );
  expect(screen.getByRole('link', { name: 'global.frame.signOut' })).toHaveAttribute('href', '/account/en/logout');
  expect(screen.queryByRole('link', { name: 'global.frame.signIn' })).not.toBeInTheDocument();
});

it('a failed status call says so and still offers sign-in', async () => {
  vi.mocked(loginState).mockResolvedValue(undefined);
  renderFrame();
  expect(await screen.findByText('global.frame.unknown')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'global.frame.signIn' })).toBeInTheDocument();
});
