/**
 * setting/security (spec §2, §4 "Two-factor"): the methods of the loaded
 * account and the dialogs each action opens, rendered with key stubs; the
 * account and MFA calls are mocked (tests/components/README.md).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { getMfaSmsCountryCodeList } from '../../../client/api/countries';
import { disableTotp, enableSms, requestSmsCode, setPrimaryAuthType } from '../../../client/api/mfa';
import { getAccount } from '../../../client/api/settings';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import type { AccountResponse } from '../../../shared/contract/settings';
import { Security } from './Security';

vi.mock('../../../client/api/countries');
vi.mock('../../../client/api/mfa');
vi.mock('../../../client/api/settings');
vi.mock('../../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../client/stores/device')>()),
  getDeviceId: () => DEVICE_ID,
}));

const DEVICE_ID = '3c9a1e7b-2d4f-4a6c-8e0b-1f3d5a7c9e2b';

const BOTH_ON: Partial<AccountResponse> = {
  authTypeList: ['TOTP', 'SMS'],
  primaryAuthType: 'TOTP',
  phoneNo: '+14155550123',
};

/** The account the app shell loaded into the store on this settings route, then the island. */
function renderSecurity(account: AccountResponse | null = serverAccount({ trustedDeviceCount: 2 })) {
  onPage({ route: 'security' });
  if (account !== null) setAccountFromServer(account);
  render(<Security strings={screenStrings('security')} locale="en" />);
}

/** The list item of a method, found by its heading. */
function method(key: string): HTMLElement {
  const item = screen
    .getByRole('heading', { level: 2, name: new RegExp(`^${key.replace(/\./g, '\\.')}`) })
    .closest('li');
  if (!item) throw new Error(`no item for ${key}`);
  return item;
}

describe('Security', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
  });

  it('waits for the account the shell loads, then shows it', () => {
    renderSecurity(null);
    expect(screen.getByText('settings.common.loading')).toBeInTheDocument();
    act(() => {
      setAccountFromServer(serverAccount({ trustedDeviceCount: 2 }));
    });
    expect(screen.queryByText('settings.common.loading')).not.toBeInTheDocument();
    expect(screen.getByText('mfa.security.statusOff')).toBeInTheDocument();
  });

  it('lists both methods as off with their set-up actions when none is on', () => {
    renderSecurity();
    const totp = method('mfa.method.TOTP');
    expect(within(totp).getByText('settings.common.off')).toBeInTheDocument();
    expect(within(totp).getByRole('link', { name: 'mfa.security.TOTP.setUp' })).toHaveAttribute(
      'href',
      '/account/en/setting/authenticator-enable',
    );
    const sms = method('mfa.method.SMS');
    expect(within(sms).getByText('settings.common.off')).toBeInTheDocument();
    expect(within(sms).getByRole('button', { name: 'mfa.security.SMS.turnOn' })).toBeInTheDocument();
    // Backup codes need a method first.
    expect(screen.getByText('mfa.security.backup.needsMethod')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'mfa.security.backup.show' })).not.toBeInTheDocument();
    expect(screen.getByText('mfa.security.devices.about count=2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'mfa.security.devices.manage' })).toHaveAttribute(
      'href',
      '/account/en/setting/manage-trusted-devices',
    );
  });

  it('lists the enabled methods, the default first-asked one and the masked phone', () => {
    renderSecurity(serverAccount(BOTH_ON));
    expect(screen.getByText('mfa.security.statusOn method=mfa.method.TOTP')).toBeInTheDocument();
    const totp = method('mfa.method.TOTP');
    expect(within(totp).getByText('mfa.security.default')).toBeInTheDocument();
    expect(within(totp).queryByRole('button', { name: 'mfa.security.makeDefault' })).not.toBeInTheDocument();
    const sms = method('mfa.method.SMS');
    expect(within(sms).getByText('mfa.security.secondary')).toBeInTheDocument();
    expect(within(sms).getByText('mfa.security.SMS.onAbout phone=+•••••••0123')).toBeInTheDocument();
    expect(within(sms).getByRole('button', { name: 'mfa.security.makeDefault' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'mfa.security.backup.show' })).toBeInTheDocument();
  });

  it('asks before turning a method off; Escape closes the dialog, calls nothing and returns focus', async () => {
    renderSecurity(serverAccount(BOTH_ON));
    const turnOff = screen.getByRole('button', { name: 'mfa.security.turnOffNamed method=mfa.method.TOTP' });
    await user.click(turnOff);

    const dialog = await screen.findByRole('dialog', { name: 'mfa.security.TOTP.offTitle' });
    expect(dialog).toHaveAccessibleDescription('mfa.security.TOTP.offBody');
    // The least destructive choice has focus.
    expect(within(dialog).getByRole('button', { name: 'dialog.cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(turnOff).toHaveFocus();
    expect(disableTotp).not.toHaveBeenCalled();
  });

  it('turns a method off on confirm, reloads the account and says so', async () => {
    vi.mocked(disableTotp).mockResolvedValue({});
    vi.mocked(getAccount).mockResolvedValue(
      serverAccount({ ...BOTH_ON, authTypeList: ['SMS'], primaryAuthType: 'SMS' }),
    );
    renderSecurity(serverAccount(BOTH_ON));
    await user.click(screen.getByRole('button', { name: 'mfa.security.turnOffNamed method=mfa.method.TOTP' }));
    const dialog = await screen.findByRole('dialog', { name: 'mfa.security.TOTP.offTitle' });
    await user.click(within(dialog).getByRole('button', { name: 'mfa.security.turnOff' }));

    expect(await screen.findByRole('status')).toHaveTextContent('mfa.security.turnedOff method=mfa.method.TOTP');
    expect(disableTotp).toHaveBeenCalledTimes(1);
    expect(within(method('mfa.method.TOTP')).getByText('settings.common.off')).toBeInTheDocument();
    expect(within(method('mfa.method.SMS')).getByText('mfa.security.default')).toBeInTheDocument();
  });

  it('shows a refused change by its code in the form', async () => {
    vi.mocked(disableTotp).mockRejectedValue(apiError('20134'));
    renderSecurity(serverAccount(BOTH_ON));
    await user.click(screen.getByRole('button', { name: 'mfa.security.turnOffNamed method=mfa.method.TOTP' }));
    const dialog = await screen.findByRole('dialog', { name: 'mfa.security.TOTP.offTitle' });
    await user.click(within(dialog).getByRole('button', { name: 'mfa.security.turnOff' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20134');
    expect(getAccount).not.toHaveBeenCalled();
  });

  it('sends a player with an unverified email to verify it first instead of changing anything', async () => {
    renderSecurity(serverAccount({ ...BOTH_ON, isVerified: false }));
    await user.click(screen.getByRole('button', { name: 'mfa.security.turnOffNamed method=mfa.method.SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'settings.emailFirst.title' });
    await user.click(within(dialog).getByRole('button', { name: 'settings.emailFirst.confirm' }));
    await waitFor(() => {
      expect(goTo).toHaveBeenCalledWith('/account/en/setting/account-overview', false);
    });
    expect(screen.queryByRole('dialog', { name: 'mfa.security.SMS.offTitle' })).not.toBeInTheDocument();
  });

  it('makes the other method the default through the set-primary dialog', async () => {
    vi.mocked(setPrimaryAuthType).mockResolvedValue({});
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ ...BOTH_ON, primaryAuthType: 'SMS' }));
    renderSecurity(serverAccount(BOTH_ON));
    await user.click(within(method('mfa.method.SMS')).getByRole('button', { name: 'mfa.security.makeDefault' }));

    const dialog = await screen.findByRole('dialog', { name: 'mfa.primary.title' });
    const current = within(dialog).getByRole('radio', { name: 'mfa.method.TOTP' });
    expect(current).toBeChecked();
    expect(current).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: 'mfa.method.SMS' }));
    await user.click(within(dialog).getByRole('button', { name: 'mfa.primary.save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('mfa.security.primaryChanged method=mfa.method.SMS');
    expect(setPrimaryAuthType).toHaveBeenCalledWith({ authType: 'SMS' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('turns SMS on through the enable-SMS dialog: phone, texted code, then the success dialog', async () => {
    vi.mocked(getMfaSmsCountryCodeList).mockResolvedValue({
      countryCodeList: [{ countryCode: 'US', name: 'United States', callingCode: '1' }],
    });
    vi.mocked(requestSmsCode).mockResolvedValue({});
    vi.mocked(enableSms).mockResolvedValue({});
    vi.mocked(getAccount).mockResolvedValue(
      serverAccount({ authTypeList: ['SMS'], primaryAuthType: 'SMS', phoneNo: '+14155550123' }),
    );
    renderSecurity();
    const turnOn = screen.getByRole('button', { name: 'mfa.security.SMS.turnOn' });
    await user.click(turnOn);

    const dialog = await screen.findByRole('dialog', { name: 'mfa.sms.enableTitle' });
    const phone = within(dialog).getByLabelText('mfa.sms.phone');
    expect(phone).toHaveFocus();
    // The account's country is preselected once the (mocked) list arrives.
    await waitFor(() => {
      expect(within(dialog).getByLabelText('mfa.sms.country')).toHaveValue('US');
    });
    await user.click(within(dialog).getByRole('button', { name: 'mfa.sms.sendCode' }));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('error.input.phone-invalid'));
    expect(requestSmsCode).not.toHaveBeenCalled();

    await user.type(phone, '415 555 0123');
    await user.click(within(dialog).getByRole('button', { name: 'mfa.sms.sendCode' }));
    expect(await within(dialog).findByText('mfa.sms.codeSent phone=+14155550123')).toBeInTheDocument();
    expect(requestSmsCode).toHaveBeenCalledWith(
      { phoneNo: '+14155550123', language: 'en_US', deviceId: DEVICE_ID },
      { unified: false },
    );
    await user.type(within(dialog).getByLabelText('mfa.code.label'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'mfa.sms.turnOn' }));
    // The only method becomes the default.
    expect(enableSms).toHaveBeenCalledWith({ phoneNo: '+14155550123', verificationCode: '654321', primary: true });

    const success = await screen.findByRole('dialog', { name: 'mfa.success.title' });
    await user.click(within(success).getByRole('button', { name: 'mfa.success.later' }));
    expect(await screen.findByRole('status')).toHaveTextContent('mfa.security.turnedOn method=mfa.method.SMS');
    expect(within(method('mfa.method.SMS')).getByText('mfa.security.default')).toBeInTheDocument();
  });

  it('closes the enable-SMS dialog on Escape without a call and returns focus to its button', async () => {
    vi.mocked(getMfaSmsCountryCodeList).mockResolvedValue({ countryCodeList: [] });
    renderSecurity();
    const turnOn = screen.getByRole('button', { name: 'mfa.security.SMS.turnOn' });
    await user.click(turnOn);
    await screen.findByRole('dialog', { name: 'mfa.sms.enableTitle' });
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(turnOn).toHaveFocus();
    expect(requestSmsCode).not.toHaveBeenCalled();
  });
});
