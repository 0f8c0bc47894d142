/**
 * Settings verification code screens (spec §4, issue 12): the code check names
 * the purpose of the screen the verification returns to (route_to), so the
 * server unlocks only that change, and the player then goes back there.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { verifySettingsCode } from '../../../client/api/mfa';
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
