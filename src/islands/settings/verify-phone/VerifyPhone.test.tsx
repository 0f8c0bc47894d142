/**
 * verify-phone (issue 12): the number from the SMS country list, checked with
 * libphonenumber before any call, the texted code, the recovery setting, the
 * server's refusals shown in the form, and needHealup's way on. Calls mocked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { fetchPhoneCountryList } from '../../../client/countries/phone-country-list';
import { requestPhoneCode, setPhoneReset, verifyPhone } from '../../../client/api/phone';
import { getAccount } from '../../../client/api/settings';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import type { AccountResponse } from '../../../shared/contract/settings';
import { VerifyPhone } from './VerifyPhone';

vi.mock('../../../client/countries/phone-country-list');
vi.mock('../../../client/api/phone');
vi.mock('../../../client/api/settings');

function renderIsland(account: Partial<AccountResponse> = {}, search = '') {
  onPage({ route: 'verify-phone', search });
  setAccountFromServer(serverAccount(account));
  render(<VerifyPhone strings={screenStrings('verify-phone')} locale="en" />);
}

describe('VerifyPhone', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    user = userEvent.setup();
    vi.mocked(fetchPhoneCountryList).mockResolvedValue({
      countryCodeList: [
        { countryCode: 'US', name: 'United States', callingCode: '1' },
        { countryCode: 'CA', name: 'Canada', callingCode: '1' },
      ],
    });
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ phoneNo: '+14155550123' }));
  });

  async function countryReady() {
    await waitFor(() => {
      expect(screen.getByLabelText('mfa.sms.country')).toHaveValue('US');
    });
  }

  it('offers a retry when the country list did not load, and loads it again', async () => {
    vi.mocked(fetchPhoneCountryList).mockResolvedValueOnce(undefined);
    renderIsland();
    await user.click(await screen.findByRole('button', { name: 'form.retry' }));
    await countryReady();
    expect(fetchPhoneCountryList).toHaveBeenCalledTimes(2);
    expect(fetchPhoneCountryList).toHaveBeenLastCalledWith(expect.any(Number), 'en_US');
  });

  it('texts a code to a valid number, then verifies it with the recovery choice', async () => {
    vi.mocked(requestPhoneCode).mockResolvedValue({});
    vi.mocked(verifyPhone).mockResolvedValue({});
    renderIsland();
    await countryReady();
    await user.type(screen.getByLabelText('mfa.sms.phone'), '415 555 0123');
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    expect(await screen.findByText('mfa.sms.codeSent phone=+14155550123')).toBeInTheDocument();
    expect(requestPhoneCode).toHaveBeenCalledWith({ phoneNo: '+14155550123', language: 'en_US' });
    await user.type(screen.getByLabelText('mfa.code.label'), '654321');
    await user.click(screen.getByRole('checkbox', { name: 'settings.verifyPhone.resetLabel' }));
    await user.click(screen.getByRole('button', { name: 'settings.verifyPhone.verify' }));
    await vi.waitFor(() => {
      expect(verifyPhone).toHaveBeenCalledWith({
        phoneNo: '+14155550123',
        verificationCode: '654321',
        resetEnabled: true,
      });
    });
    expect(await screen.findByText('settings.verifyPhone.verified phone=+•••••••0123')).toBeInTheDocument();
  });

  it.each([
    ['a number starting with 0', '0415 555 0123', 'error.input.phone-leading-zero'],
    ['too few digits', '415', 'error.input.phone-invalid'],
    ['letters', 'call me', 'error.input.phone-invalid'],
  ])('refuses %s without a call', async (_label, typed, key) => {
    renderIsland();
    await countryReady();
    await user.type(screen.getByLabelText('mfa.sms.phone'), typed);
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    await waitFor(() => {
      expect(screen.getByLabelText('mfa.sms.phone')).toHaveAccessibleDescription(`mfa.sms.phoneHint ${key}`);
    });
    expect(requestPhoneCode).not.toHaveBeenCalled();
  });

  it.each([['20134'], ['PHONE_CHANGE_LOCKED'], ['20205']])('shows the form text of %s', async (code) => {
    vi.mocked(requestPhoneCode).mockRejectedValue(apiError(code, 409));
    renderIsland();
    await countryReady();
    await user.type(screen.getByLabelText('mfa.sms.phone'), '415 555 0123');
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`error.form.${code}`);
  });

  it('refuses a short code without a call, and shows a wrong one', async () => {
    vi.mocked(requestPhoneCode).mockResolvedValue({});
    vi.mocked(verifyPhone).mockRejectedValue(apiError('20013'));
    renderIsland();
    await countryReady();
    await user.type(screen.getByLabelText('mfa.sms.phone'), '4155550123');
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    await user.type(await screen.findByLabelText('mfa.code.label'), '123');
    await user.click(screen.getByRole('button', { name: 'settings.verifyPhone.verify' }));
    expect(verifyPhone).not.toHaveBeenCalled();
    expect(screen.getByLabelText('mfa.code.label')).toHaveAccessibleDescription('error.input.verificationCode');
    await user.type(screen.getByLabelText('mfa.code.label'), '456');
    await user.click(screen.getByRole('button', { name: 'settings.verifyPhone.verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  });

  it('shows the phone on file and turns phone recovery on', async () => {
    vi.mocked(setPhoneReset).mockResolvedValue({});
    vi.mocked(getAccount).mockResolvedValue(serverAccount({ phoneNo: '+14155550123', enableUserPhoneReset: true }));
    renderIsland({ phoneNo: '+14155550123' });
    expect(await screen.findByText('settings.verifyPhone.current phone=+•••••••0123')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'settings.verifyPhone.resetLabel' }));
    await vi.waitFor(() => {
      expect(setPhoneReset).toHaveBeenCalledWith(true);
    });
    expect(await screen.findByText('settings.verifyPhone.resetOn')).toBeInTheDocument();
  });

  it('with needHealup, goes on to the communication preferences once verified', async () => {
    vi.mocked(requestPhoneCode).mockResolvedValue({});
    vi.mocked(verifyPhone).mockResolvedValue({});
    renderIsland({}, '?needHealup=true');
    expect(await screen.findByText('settings.verifyPhone.needed')).toBeInTheDocument();
    await countryReady();
    await user.type(screen.getByLabelText('mfa.sms.phone'), '4155550123');
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    await user.type(await screen.findByLabelText('mfa.code.label'), '654321');
    await user.click(screen.getByRole('button', { name: 'settings.verifyPhone.verify' }));
    await waitFor(() => {
      expect(goTo).toHaveBeenCalledWith('/account/en/setting/communication-preference', true);
    });
  });
});
