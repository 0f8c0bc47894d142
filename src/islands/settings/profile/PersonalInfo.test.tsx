/**
 * setting/personal-info: the account's facts, the full-name edit (rules checked before the call, the server's
 * 20216 shown in the form), the resend action and the verify-first notice of an unverified email.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import {
  apiError,
  later,
  onPage,
  screenStrings,
  serverAccount,
  submitTwiceInOneTask,
} from '../../../../tests/components/helpers';
import { updateFullName } from '../../../client/api/profile';
import { getAccount, requestVerifyEmail } from '../../../client/api/settings';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import type { AccountResponse } from '../../../shared/contract/settings';
import { PersonalInfo } from './PersonalInfo';

vi.mock('../../../client/api/profile');
vi.mock('../../../client/api/settings');

function renderInfo(fields: Partial<AccountResponse> = {}) {
  onPage({ route: 'personal-info' });
  setAccountFromServer(serverAccount(fields));
  render(<PersonalInfo strings={screenStrings('personal-info')} locale="en" />);
}

/** Opens the full-name form and types `name` in place of the current one; gives back the field. */
async function typeNewName(user: ReturnType<typeof userEvent.setup>, name: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'settings.personalInfo.editName' }));
  const field = await screen.findByLabelText('settings.personalInfo.newName');
  await user.clear(field);
  await user.type(field, name);
  return field;
}

it('shows what the account holds', () => {
  renderInfo({ playerTag: { name: 'Nova', number: '0420' }, membershipNo: 1, countryCode: 'DE' });
  expect(screen.getByText('Alex Player')).toBeInTheDocument();
  expect(screen.getByText('Nova#0420')).toBeInTheDocument();
  expect(screen.getByText('settings.personalInfo.renamesLeft n=2')).toBeInTheDocument();
  expect(screen.getByText('player@example.com')).toBeInTheDocument();
  expect(screen.getByText('settings.personalInfo.verified')).toBeInTheDocument();
  expect(screen.getByText('Germany')).toBeInTheDocument();
  expect(screen.getByText('May 1990')).toBeInTheDocument();
  expect(screen.getByText('1')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'settings.personalInfo.changeEmail' })).toHaveAttribute(
    'href',
    '/account/en/setting/change-email',
  );
  expect(screen.getByRole('link', { name: 'settings.personalInfo.changePlayerTag' })).toBeInTheDocument();
});

it('links to the saved payment cards', () => {
  renderInfo();
  expect(screen.getByText('settings.personalInfo.paymentMethods')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'settings.personalInfo.managePaymentMethods' })).toHaveAttribute(
    'href',
    '/account/en/setting/manage-payment-methods',
  );
});

it('saves a valid full name and reloads the account', async () => {
  const user = userEvent.setup();
  vi.mocked(updateFullName).mockResolvedValue({ fullName: 'Jane Doe' });
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ name: 'Jane Doe' }));
  renderInfo();
  await typeNewName(user, 'Jane Doe');
  await user.click(screen.getByRole('button', { name: 'settings.personalInfo.save' }));
  await vi.waitFor(() => expect(updateFullName).toHaveBeenCalledWith({ fullName: 'Jane Doe', language: 'en_US' }));
  expect(await screen.findByText('settings.personalInfo.nameSaved')).toBeInTheDocument();
  expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
});

it.each([
  ['J', 'settings.personalInfo.nameLength'],
  ['John3', 'settings.personalInfo.nameCharacters'],
  ['John--Doe', 'settings.personalInfo.namePunctuation'],
])('refuses %s before any call', async (name, key) => {
  const user = userEvent.setup();
  renderInfo();
  const field = await typeNewName(user, name);
  await user.click(screen.getByRole('button', { name: 'settings.personalInfo.save' }));
  expect(await screen.findByText(key)).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(updateFullName).not.toHaveBeenCalled();
});

it('shows the text of a name the server refuses (20216)', async () => {
  const user = userEvent.setup();
  vi.mocked(updateFullName).mockRejectedValue(apiError('20216'));
  renderInfo();
  await user.click(screen.getByRole('button', { name: 'settings.personalInfo.editName' }));
  await user.click(screen.getByRole('button', { name: 'settings.personalInfo.save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20216');
});

it('two saves in one frame send the name once', async () => {
  const user = userEvent.setup();
  const { promise, answer } = later<Awaited<ReturnType<typeof updateFullName>>>();
  vi.mocked(updateFullName).mockReturnValue(promise);
  vi.mocked(getAccount).mockResolvedValue(serverAccount({ name: 'Jane Doe' }));
  renderInfo();
  const field = await typeNewName(user, 'Jane Doe');
  submitTwiceInOneTask(field);
  answer({ fullName: 'Jane Doe' });
  expect(await screen.findByText('settings.personalInfo.nameSaved')).toBeInTheDocument();
  expect(updateFullName).toHaveBeenCalledTimes(1);
});

it('an unverified email: the notice and the resend action instead of the changes', async () => {
  const user = userEvent.setup();
  vi.mocked(requestVerifyEmail).mockResolvedValue({});
  renderInfo({ isVerified: false });
  expect(screen.getByText('settings.personalInfo.verifyFirst')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'settings.personalInfo.editName' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'settings.personalInfo.changeEmail' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'settings.personalInfo.sendVerification' }));
  await vi.waitFor(() => {
    expect(requestVerifyEmail).toHaveBeenCalledWith({ language: 'en_US' });
  });
  expect(
    await screen.findByText('settings.personalInfo.verificationSent email=player@example.com'),
  ).toBeInTheDocument();
});

it('two taps in one task on the resend action send one mail', async () => {
  const { promise, answer } = later<Awaited<ReturnType<typeof requestVerifyEmail>>>();
  vi.mocked(requestVerifyEmail).mockReturnValue(promise);
  renderInfo({ isVerified: false });
  const button = screen.getByRole('button', { name: 'settings.personalInfo.sendVerification' });
  act(() => {
    fireEvent.click(button);
    fireEvent.click(button);
  });
  answer({});
  expect(
    await screen.findByText('settings.personalInfo.verificationSent email=player@example.com'),
  ).toBeInTheDocument();
  expect(requestVerifyEmail).toHaveBeenCalledTimes(1);
});

it('after a refused resend the action can be taken again', async () => {
  const user = userEvent.setup();
  vi.mocked(requestVerifyEmail).mockRejectedValueOnce(apiError('20157', 429)).mockResolvedValueOnce({});
  renderInfo({ isVerified: false });
  const button = screen.getByRole('button', { name: 'settings.personalInfo.sendVerification' });
  await user.click(button);
  await vi.waitFor(() => {
    expect(button).not.toHaveAttribute('aria-disabled');
  });
  expect(screen.queryByText(/settings\.personalInfo\.verificationSent/)).toBeNull();
  await user.click(button);
  expect(
    await screen.findByText('settings.personalInfo.verificationSent email=player@example.com'),
  ).toBeInTheDocument();
  expect(requestVerifyEmail).toHaveBeenCalledTimes(2);
});
