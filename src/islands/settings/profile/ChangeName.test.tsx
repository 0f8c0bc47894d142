/** setting/change-name: the player tag form, its rules, the changes left and the server's refusal. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { changePlayerTag } from '../../../client/api/profile';
import { getAccount } from '../../../client/api/settings';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import type { AccountResponse } from '../../../shared/contract/settings';
import { ChangeName } from './ChangeName';

vi.mock('../../../client/api/profile');
vi.mock('../../../client/api/settings');

function renderForm(fields: Partial<AccountResponse> = {}) {
  onPage({ route: 'change-name' });
  setAccountFromServer(serverAccount(fields));
  render(<ChangeName strings={screenStrings('change-name')} locale="en" />);
}

it('changes the tag and says what it is now', async () => {
  const user = userEvent.setup();
  vi.mocked(changePlayerTag).mockResolvedValue({ playerTag: { name: 'Nova', number: '1234' }, renamesRemaining: 1 });
  vi.mocked(getAccount).mockResolvedValue(
    serverAccount({ playerTag: { name: 'Nova', number: '1234' }, renamesRemaining: 1 }),
  );
  renderForm({ playerTag: { name: 'Old', number: '0001' } });
  expect(screen.getByText('Old#0001')).toBeInTheDocument();
  await user.type(screen.getByLabelText('settings.changeName.label'), 'Nova');
  await user.click(screen.getByRole('button', { name: 'settings.changeName.submit' }));
  await vi.waitFor(() => expect(changePlayerTag).toHaveBeenCalledWith({ name: 'Nova', language: 'en_US' }));
  expect(await screen.findByText('settings.changeName.saved name=Nova#1234')).toBeInTheDocument();
});

it.each([
  ['ab', 'settings.changeName.nameLength'],
  ['No va', 'settings.changeName.nameCharacters'],
  ['Zoë', 'settings.changeName.nameCharacters'],
])('refuses %s before any call', async (name, key) => {
  const user = userEvent.setup();
  renderForm();
  await user.type(screen.getByLabelText('settings.changeName.label'), name);
  await user.click(screen.getByRole('button', { name: 'settings.changeName.submit' }));
  expect(await screen.findByText(key)).toBeInTheDocument();
  expect(changePlayerTag).not.toHaveBeenCalled();
});

it('shows 20216 from the server in the form', async () => {
  const user = userEvent.setup();
  vi.mocked(changePlayerTag).mockRejectedValue(apiError('20216'));
  renderForm();
  await user.type(screen.getByLabelText('settings.changeName.label'), 'Rude99');
  await user.click(screen.getByRole('button', { name: 'settings.changeName.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20216');
});

it('no changes left: no form', () => {
  renderForm({ playerTag: { name: 'Nova', number: '1234' }, renamesRemaining: 0 });
  expect(screen.getByText('settings.changeName.noneLeft')).toBeInTheDocument();
  expect(screen.queryByLabelText('settings.changeName.label')).toBeNull();
});

it('the first name is free: the form says so', () => {
  renderForm({ playerTag: null, renamesRemaining: 2 });
  expect(screen.getByText('settings.changeName.firstFree')).toBeInTheDocument();
  expect(screen.getByText('settings.changeName.renamesLeft n=2')).toBeInTheDocument();
});

it('an unverified email: the notice, no form', () => {
  renderForm({ isVerified: false });
  expect(screen.getByText('settings.changeName.verifyFirst')).toBeInTheDocument();
  expect(screen.queryByLabelText('settings.changeName.label')).toBeNull();
});
