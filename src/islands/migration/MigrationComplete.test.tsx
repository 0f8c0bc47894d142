/** login/migration-complete: names the new ID kept in this tab, and links to sign-in with the carried query. */
import { render, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { rememberMigratedAccount } from './migrated-account';
import { MigrationComplete } from './MigrationComplete';

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
