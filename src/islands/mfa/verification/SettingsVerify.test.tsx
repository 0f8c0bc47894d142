/**
 * Settings verification code screens (spec §4, issue 12): the code check names
 * the purpose of the screen the verification returns to (route_to), so the
 * server unlocks only that change, and the player then goes back there.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { requestSmsCode, verifySettingsCode } from '../../../client/api/mfa';
import { requestEmailCode } from '../../../client/api/settings';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { SettingsVerify } from './SettingsVerify';

vi.mock('../../../client/api/mfa');
vi.mock('../../../client/api/settings');
vi.mock('../../../client/navigation/page', async (original) => ({
  ...(await original<typeof import('../../../client/navigation/page')>()),
  goTo: vi.fn(),
}));

async function verifyFrom(routeTo: string | undefined) {
  vi.mocked(verifySettingsCode).mockResolvedValue({});
  onPage({ route: 'verify-account', search: routeTo === undefined ? '' : `?route_to=${routeTo}` });
  setAccountFromServer(serverAccount());
  render(<SettingsVerify strings={screenStrings('verify-account')} locale="en" method="EMAIL" />);
  await userEvent.type(screen.getByLabelText('mfa.code.label'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'mfa.settings.submit' }));
  await waitFor(() => expect(verifySettingsCode).toHaveBeenCalledTimes(1));
}

it.each([
  ['manage-payment-methods', 'payment'],
  ['security', 'mfa'],
  ['verify-phone', 'change-phone'],
  ['manage-trusted-devices', 'trusted-device'],
] as const)('verifying for %s names the purpose %s and goes back there', async (routeTo, purpose) => {
  await verifyFrom(routeTo);
  expect(verifySettingsCode).toHaveBeenCalledWith({ authType: 'EMAIL', code: '123456', purpose });
  await waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(String(vi.mocked(goTo).mock.calls.at(-1)?.[0])).toContain(
    routeTo === 'security' ? 'setting/security' : routeTo,
  );
});

it("verifies for 'mfa' (the security section's purpose) when no target is given", async () => {
  await verifyFrom(undefined);
  expect(verifySettingsCode).toHaveBeenCalledWith({ authType: 'EMAIL', code: '123456', purpose: 'mfa' });
});

it('a refused code is told in the form, the player stays and can try again', async () => {
  vi.mocked(verifySettingsCode).mockRejectedValue(apiError('20068'));
  onPage({ route: 'verify-code-2fa-settings', search: '?route_to=security' });
  setAccountFromServer(serverAccount());
  render(<SettingsVerify strings={screenStrings('verify-code-2fa-settings')} locale="en" method="TOTP" />);
  await userEvent.type(screen.getByLabelText('mfa.code.label'), '123456');
  const button = screen.getByRole('button', { name: 'mfa.settings.submit' });
  await userEvent.click(button);
  expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
  expect(goTo).not.toHaveBeenCalled();
  expect(button).toBeEnabled();
  vi.mocked(verifySettingsCode).mockResolvedValue({});
  await userEvent.click(button);
  await waitFor(() => expect(goTo).toHaveBeenCalled());
  expect(verifySettingsCode).toHaveBeenCalledTimes(2);
});

it('a second click while the code is checked sends nothing more', async () => {
  let answer: () => void = () => undefined;
  vi.mocked(verifySettingsCode).mockReturnValue(
    new Promise((resolve) => {
      answer = () => {
        resolve({});
      };
    }),
  );
  onPage({ route: 'verify-account', search: '?route_to=security' });
  setAccountFromServer(serverAccount());
  render(<SettingsVerify strings={screenStrings('verify-account')} locale="en" method="EMAIL" />);
  await userEvent.type(screen.getByLabelText('mfa.code.label'), '123456');
  const button = screen.getByRole('button', { name: 'mfa.settings.submit' });
  await userEvent.click(button);
  await userEvent.click(button);
  answer();
  await waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
  expect(verifySettingsCode).toHaveBeenCalledTimes(1);
});

it('resending the emailed code says so; a bypassed request goes on to the change', async () => {
  vi.mocked(requestEmailCode).mockResolvedValue({});
  onPage({ route: 'verify-account', search: '?route_to=security' });
  setAccountFromServer(serverAccount());
  render(<SettingsVerify strings={screenStrings('verify-account')} locale="en" method="EMAIL" />);
  await userEvent.click(screen.getByRole('button', { name: 'mfa.settings.EMAIL.resend' }));
  expect(await screen.findByRole('status')).toHaveTextContent('mfa.settings.EMAIL.resent');
  expect(vi.mocked(requestEmailCode).mock.calls[0]?.[0]).toBe('mfa');
  expect(goTo).not.toHaveBeenCalled();
  vi.mocked(requestEmailCode).mockResolvedValue({ isBypassed: true });
  await userEvent.click(screen.getByRole('button', { name: 'mfa.settings.EMAIL.resend' }));
  await waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
});

it('a refused resend is told in the form', async () => {
  vi.mocked(requestSmsCode).mockRejectedValue(apiError('20068'));
  onPage({ route: 'verify-code-sms-settings', search: '?route_to=security' });
  setAccountFromServer(serverAccount());
  render(<SettingsVerify strings={screenStrings('verify-code-sms-settings')} locale="en" method="SMS" />);
  await userEvent.click(screen.getByRole('button', { name: 'mfa.sms.resend' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
  expect(screen.getByRole('status')).toHaveTextContent('');
  expect(requestSmsCode).toHaveBeenCalledTimes(1);
});
