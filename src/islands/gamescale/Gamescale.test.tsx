/**
 * gamescale/verify-sms and gamescale/verify-code: the number checked before any call, the code texted, the
 * number handed to the code screen in this tab, the code verified with the account's phone call, refusals shown
 * in the form, the flow's end by the redirect rules.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { fetchPhoneCountryList } from '../../client/countries/phone-country-list';
import { requestPhoneCode, verifyPhone } from '../../client/api/phone';
import { goTo } from '../../client/navigation/page';
import { gamescalePhone, rememberGamescalePhone } from './gamescale-phone';
import { VerifyCode } from './VerifyCode';
import { VerifySms } from './VerifySms';

vi.mock('../../client/countries/phone-country-list');
vi.mock('../../client/api/phone');

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(fetchPhoneCountryList).mockResolvedValue({
    countryCodeList: [
      { countryCode: 'US', name: 'United States', callingCode: '1' },
      { countryCode: 'DE', name: 'Germany', callingCode: '49' },
    ],
  });
});

describe('gamescale/verify-sms', () => {
  function renderSms() {
    onPage({ route: 'gamescale-verify-sms', search: '?clientId=1888' });
    render(<VerifySms strings={screenStrings('gamescale-verify-sms')} locale="en" />);
  }

  it('texts a code to a valid number and goes on to verify-code with the number kept in this tab', async () => {
    const user = userEvent.setup();
    vi.mocked(requestPhoneCode).mockResolvedValue({});
    renderSms();
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'United States (+1)' })).toBeInTheDocument();
    });
    await user.selectOptions(screen.getByLabelText('mfa.sms.country'), 'US');
    await user.type(screen.getByLabelText('mfa.sms.phone'), '415 555 0123');
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    await waitFor(() => {
      expect(goTo).toHaveBeenCalledWith('/account/en/gamescale/verify-code?clientId=1888', false);
    });
    expect(requestPhoneCode).toHaveBeenCalledWith({ phoneNo: '+14155550123', language: 'en_US' });
    expect(gamescalePhone()).toBe('+14155550123');
  });

  it('refuses a number without a country, or a bad number, without a call', async () => {
    const user = userEvent.setup();
    renderSms();
    await user.type(screen.getByLabelText('mfa.sms.phone'), '415 555 0123');
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    expect(await screen.findByText('error.input.phone-country')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'United States (+1)' })).toBeInTheDocument();
    });
    await user.selectOptions(screen.getByLabelText('mfa.sms.country'), 'US');
    await user.clear(screen.getByLabelText('mfa.sms.phone'));
    await user.type(screen.getByLabelText('mfa.sms.phone'), '0415 555 0123');
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    expect(await screen.findByText('error.input.phone-leading-zero')).toBeInTheDocument();
    expect(requestPhoneCode).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal (4 accounts per number) in the form and stays', async () => {
    const user = userEvent.setup();
    vi.mocked(requestPhoneCode).mockRejectedValue(apiError('20134'));
    renderSms();
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'United States (+1)' })).toBeInTheDocument();
    });
    await user.selectOptions(screen.getByLabelText('mfa.sms.country'), 'US');
    await user.type(screen.getByLabelText('mfa.sms.phone'), '415 555 0123');
    await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20134');
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('gamescale/verify-code', () => {
  function renderCode(search = '') {
    onPage({ route: 'gamescale-verify-code', search });
    render(<VerifyCode strings={screenStrings('gamescale-verify-code')} locale="en" />);
  }

  it('verifies the texted code for the kept number and offers to continue', async () => {
    const user = userEvent.setup();
    rememberGamescalePhone('+14155550123');
    vi.mocked(verifyPhone).mockResolvedValue({});
    renderCode();
    expect(await screen.findByText('mfa.sms.codeSent phone=+14155550123')).toBeInTheDocument();
    await user.type(screen.getByLabelText('gamescale.code.label'), '654321');
    await user.click(screen.getByRole('button', { name: 'gamescale.code.submit' }));
    expect(await screen.findByText('gamescale.code.verified')).toBeInTheDocument();
    expect(verifyPhone).toHaveBeenCalledWith({
      phoneNo: '+14155550123',
      verificationCode: '654321',
      resetEnabled: false,
    });
    expect(screen.getByRole('link', { name: 'gamescale.code.continue' })).toHaveAttribute('href');
    expect(gamescalePhone()).toBeNull();
  });

  it('a short code is refused without a call; a wrong one shows its text', async () => {
    const user = userEvent.setup();
    rememberGamescalePhone('+14155550123');
    vi.mocked(verifyPhone).mockRejectedValue(apiError('20013'));
    renderCode();
    await user.type(await screen.findByLabelText('gamescale.code.label'), '123');
    await user.click(screen.getByRole('button', { name: 'gamescale.code.submit' }));
    expect(screen.getByText('error.input.verificationCode')).toBeInTheDocument();
    expect(verifyPhone).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('gamescale.code.label'), '456');
    await user.click(screen.getByRole('button', { name: 'gamescale.code.submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  });

  it('resends the code to the kept number', async () => {
    const user = userEvent.setup();
    rememberGamescalePhone('+14155550123');
    vi.mocked(requestPhoneCode).mockResolvedValue({});
    renderCode();
    await user.click(await screen.findByRole('button', { name: 'mfa.sms.resend' }));
    await vi.waitFor(() => {
      expect(requestPhoneCode).toHaveBeenCalledWith({ phoneNo: '+14155550123', language: 'en_US' });
    });
    expect(await screen.findByText('mfa.sms.resent')).toBeInTheDocument();
  });

  it('without a kept number (or a tampered one) sends the player back to the number step', async () => {
    sessionStorage.setItem('lf:gamescalePhone', 'javascript:alert(1)');
    renderCode('?clientId=1888');
    const link = await screen.findByRole('link', { name: 'gamescale.code.enterNumber' });
    expect(link).toHaveAttribute('href', '/account/en/gamescale/verify-sms?clientId=1888');
    expect(screen.queryByLabelText('gamescale.code.label')).not.toBeInTheDocument();
  });
});
