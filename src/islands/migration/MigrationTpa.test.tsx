/**
 * login/migration-tpa: the migration state of the third-party session's legacy account, the offered email or
 * another one proved by code (create-legacy's steps), then migration-complete with the sign-in to finish.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { getTpaMigration, migrateTpa } from '../../client/api/migration';
import { requestSignupEmailCode } from '../../client/api/signup-email';
import { goTo } from '../../client/navigation/page';
import { getDeviceId } from '../../client/stores/device';
import type { TpaMigrationState } from '../../shared/contract/migration';
import { migratedAccountEmail, migratedAccountSigningIn } from './migrated-account';
import { MigrationTpa } from './MigrationTpa';

vi.mock('../../client/api/migration');
vi.mock('../../client/api/signup-email');
vi.mock('../../client/stores/device');

const legacyEmail: TpaMigrationState = {
  provider: 'google',
  legacyLoginID: 'oldhero',
  kind: 'email',
  legacyEmail: 'old@example.com',
  emailVerified: false,
};
const legacyId: TpaMigrationState = {
  provider: 'discord',
  legacyLoginID: 'nomail',
  kind: 'id',
  legacyEmail: 'player@provider.example',
  emailVerified: true,
};

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(getDeviceId).mockReturnValue('device-1');
});

function renderScreen(search = '') {
  onPage({ route: 'login-migration-tpa', search });
  render(<MigrationTpa strings={screenStrings('login-migration-tpa')} locale="en" />);
}

it('offers the legacy email, migrates with the session and goes on to migration-complete to sign in', async () => {
  const user = userEvent.setup();
  vi.mocked(getTpaMigration).mockResolvedValue(legacyEmail);
  vi.mocked(migrateTpa).mockResolvedValue({ email: 'old@example.com' });
  renderScreen();
  expect(await screen.findByText('migration.tpa.intro id=oldhero provider=Google')).toBeInTheDocument();
  expect(screen.getByText('migration.tpa.offer email=old@example.com')).toBeInTheDocument();
  // A legacy-email account moves to its own email only: no other address is offered.
  expect(screen.queryByRole('button', { name: 'migration.tpa.other' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'migration.tpa.confirm email=old@example.com' }));
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/login/migration-complete', true));
  const body = vi.mocked(migrateTpa).mock.calls[0]?.[0];
  expect(body).toMatchObject({ email: 'old@example.com', deviceId: 'device-1' });
  expect(typeof body?.timeOffset).toBe('number');
  expect(body).not.toHaveProperty('code');
  expect(goTo).toHaveBeenCalledWith('/account/en/login/migration-complete', true);
  expect(migratedAccountEmail()).toBe('old@example.com');
  expect(migratedAccountSigningIn()).toBe(true);
});

it('a legacy-ID account may choose another email, proved by the code as on create-legacy', async () => {
  const user = userEvent.setup();
  vi.mocked(getTpaMigration).mockResolvedValue(legacyId);
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  vi.mocked(migrateTpa).mockResolvedValue({ email: 'chosen@example.com' });
  renderScreen();
  await user.click(await screen.findByRole('button', { name: 'migration.tpa.other' }));
  await user.type(screen.getByLabelText(/createLegacy\.emailLabel/), ' chosen@example.com ');
  await user.click(screen.getByRole('button', { name: 'createLegacy.sendCode' }));
  expect(await screen.findByText('createLegacy.codeSent email=chosen@example.com')).toBeInTheDocument();
  expect(requestSignupEmailCode).toHaveBeenCalledWith({ email: 'chosen@example.com', language: 'en_US' });
  await user.type(screen.getByLabelText('createLegacy.codeLabel'), '123');
  await user.click(screen.getByRole('button', { name: 'createLegacy.submit' }));
  expect(await screen.findByText('error.input.verificationCode')).toBeInTheDocument();
  expect(migrateTpa).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('createLegacy.codeLabel'), '456');
  await user.click(screen.getByRole('button', { name: 'createLegacy.submit' }));
  await vi.waitFor(() =>
    expect(migrateTpa).toHaveBeenCalledWith(expect.objectContaining({ email: 'chosen@example.com', code: '123456' })),
  );
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/login/migration-complete', true));
});

it('without an email to offer, it asks for one at once and checks it before any call', async () => {
  const user = userEvent.setup();
  vi.mocked(getTpaMigration).mockResolvedValue({ ...legacyId, legacyEmail: null, emailVerified: false });
  renderScreen();
  await user.click(await screen.findByRole('button', { name: 'createLegacy.sendCode' }));
  expect(screen.getByText('error.input.email-required')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /migration\.tpa\.useOffered/ })).not.toBeInTheDocument();
  expect(requestSignupEmailCode).not.toHaveBeenCalled();
});

it('a wrong code stays on the code step with its text', async () => {
  const user = userEvent.setup();
  vi.mocked(getTpaMigration).mockResolvedValue({ ...legacyId, legacyEmail: null });
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  vi.mocked(migrateTpa).mockRejectedValue(apiError('20013'));
  renderScreen();
  await user.type(await screen.findByLabelText(/createLegacy\.emailLabel/), 'chosen@example.com');
  await user.click(screen.getByRole('button', { name: 'createLegacy.sendCode' }));
  await user.type(await screen.findByLabelText('createLegacy.codeLabel'), '123456');
  await user.click(screen.getByRole('button', { name: 'createLegacy.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(screen.getByLabelText('createLegacy.codeLabel')).toBeInTheDocument();
  expect(goTo).not.toHaveBeenCalled();
});

it('an expired third-party session shows its text and the way back to sign-in, carrying the query', async () => {
  vi.mocked(getTpaMigration).mockRejectedValue(apiError('20159', 401));
  renderScreen('?return_url=https%3A%2F%2Fwww.lumenforge.com%2Fx');
  // 20159 reads as 20018 (session expired, §8 catalogue).
  expect(await screen.findByRole('alert')).toHaveTextContent(/20018/);
  const back = screen.getByRole('link', { name: 'migration.tpa.back' });
  expect(back.getAttribute('href')).toMatch(/^\/account\/en\/login\?return_url=/);
});

it('a refused migration stays on the offer with its text', async () => {
  const user = userEvent.setup();
  vi.mocked(getTpaMigration).mockResolvedValue(legacyEmail);
  vi.mocked(migrateTpa).mockRejectedValue(apiError('20159', 401));
  renderScreen();
  await user.click(await screen.findByRole('button', { name: 'migration.tpa.confirm email=old@example.com' }));
  // 20159 reads as 20018 (session expired, §8 catalogue).
  expect(await screen.findByRole('alert')).toHaveTextContent(/20018/);
  expect(goTo).not.toHaveBeenCalled();
  expect(migratedAccountEmail()).toBeNull();
});
