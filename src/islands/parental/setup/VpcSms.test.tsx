/**
 * vpc-sms (issue 14): consent by the parent's phone — the number checked before any call, the texted code, the
 * completion (20229, already complete, counts as success), a wrong code said in the form. Calls mocked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import {
  apiError,
  later,
  onPage,
  screenStrings,
  serverAccount,
  submitTwiceInOneTask,
} from '../../../../tests/components/helpers';
import { fetchPhoneCountryList } from '../../../client/countries/phone-country-list';
import { completeVpcSms, requestVpcSmsCode } from '../../../client/api/parental';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { VpcSms } from './VpcSms';

vi.mock('../../../client/countries/phone-country-list');
vi.mock('../../../client/api/parental');

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  user = userEvent.setup();
  vi.mocked(fetchPhoneCountryList).mockResolvedValue({
    countryCodeList: [
      { countryCode: 'US', name: 'United States', callingCode: '1' },
      { countryCode: 'CA', name: 'Canada', callingCode: '1' },
    ],
  });
});

async function renderSms() {
  onPage({ route: 'vpc-sms' });
  setAccountFromServer(serverAccount({ countryCode: 'US' }));
  render(<VpcSms strings={screenStrings('vpc-sms')} locale="en" />);
  await waitFor(() => {
    expect(screen.getByLabelText('mfa.sms.country')).toHaveValue('US');
  });
}

async function sendCode() {
  vi.mocked(requestVpcSmsCode).mockResolvedValue({});
  await user.type(screen.getByLabelText('mfa.sms.phone'), '415 555 0123');
  await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
  expect(await screen.findByText('mfa.sms.codeSent phone=+14155550123')).toBeVisible();
  expect(requestVpcSmsCode).toHaveBeenCalledWith({ phoneNo: '+14155550123', language: 'en_US' });
  // The code input loads once a code was sent.
  await screen.findByLabelText('mfa.code.label');
}

it('texts a code to a valid number and completes consent with it', async () => {
  await renderSms();
  await sendCode();
  vi.mocked(completeVpcSms).mockResolvedValue({});
  await user.type(screen.getByLabelText('mfa.code.label'), '654321');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpcSms.verify' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith('/account/en/setting/parental-controls/vpc/complete', true);
  });
  expect(completeVpcSms).toHaveBeenCalledWith({
    phoneNo: '+14155550123',
    verificationCode: '654321',
    consentLocation: 'WEB',
  });
});

it('treats 20229 (consent already complete) as success', async () => {
  await renderSms();
  await sendCode();
  vi.mocked(completeVpcSms).mockRejectedValue(apiError('20229'));
  await user.type(screen.getByLabelText('mfa.code.label'), '654321');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpcSms.verify' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith('/account/en/setting/parental-controls/vpc/complete', true);
  });
});

it('says a wrong code in the form and stays', async () => {
  await renderSms();
  await sendCode();
  vi.mocked(completeVpcSms).mockRejectedValue(apiError('20013'));
  await user.type(screen.getByLabelText('mfa.code.label'), '111111');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpcSms.verify' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(goTo).not.toHaveBeenCalled();
});

it('two submits of the code in one frame complete consent once', async () => {
  await renderSms();
  await sendCode();
  const { promise, answer } = later<Awaited<ReturnType<typeof completeVpcSms>>>();
  vi.mocked(completeVpcSms).mockReturnValue(promise);
  await user.type(screen.getByLabelText('mfa.code.label'), '654321');
  submitTwiceInOneTask(screen.getByRole('button', { name: 'parentalSetup.vpcSms.verify' }));
  answer({});
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledTimes(1);
  });
  expect(completeVpcSms).toHaveBeenCalledTimes(1);
});

it('texts the code again and says so; a refused resend shows its text', async () => {
  await renderSms();
  await sendCode();
  await user.click(screen.getByRole('button', { name: 'mfa.sms.resend' }));
  expect(await screen.findByText('mfa.sms.resent')).toBeInTheDocument();
  vi.mocked(requestVpcSmsCode).mockRejectedValue(apiError('20013'));
  await user.click(screen.getByRole('button', { name: 'mfa.sms.resend' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(screen.queryByText('mfa.sms.resent')).toBeNull();
  expect(requestVpcSmsCode).toHaveBeenCalledTimes(3);
});

it('refuses a short code without a call', async () => {
  await renderSms();
  await sendCode();
  await user.type(screen.getByLabelText('mfa.code.label'), '123');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.vpcSms.verify' }));
  expect(screen.getByLabelText('mfa.code.label')).toHaveAccessibleDescription('error.input.verificationCode');
  expect(completeVpcSms).not.toHaveBeenCalled();
});

it.each([
  ['a number starting with 0', '0415 555 0123', 'error.input.phone-leading-zero'],
  ['letters', 'call me', 'error.input.phone-invalid'],
])('refuses %s without a call', async (_label, typed, key) => {
  await renderSms();
  await user.type(screen.getByLabelText('mfa.sms.phone'), typed);
  await user.click(screen.getByRole('button', { name: 'mfa.sms.sendCode' }));
  await waitFor(() => {
    expect(screen.getByLabelText('mfa.sms.phone')).toHaveAccessibleDescription(`mfa.sms.phoneHint ${key}`);
  });
  expect(requestVpcSmsCode).not.toHaveBeenCalled();
});

it('loads what its submits await with the form, not on the click (docs/performance.md "first click")', async () => {
  // A fresh module graph: the modules the submits await are not yet loaded by the tests above.
  vi.resetModules();
  const loaded: string[] = [];
  vi.doMock('./consent-location', async (importOriginal) => {
    loaded.push('consent-location');
    return importOriginal();
  });
  vi.doMock('../../settings/handle-error', async (importOriginal) => {
    loaded.push('handle-error');
    return importOriginal();
  });
  try {
    const [fresh, countries, parental] = await Promise.all([
      import('./VpcSms'),
      import('../../../client/countries/phone-country-list'),
      import('../../../client/api/parental'),
    ]);
    vi.mocked(countries.fetchPhoneCountryList).mockResolvedValue({
      countryCodeList: [{ countryCode: 'US', name: 'United States', callingCode: '1' }],
    });
    onPage({ route: 'vpc-sms' });
    render(<fresh.VpcSms strings={screenStrings('vpc-sms')} locale="en" />);
    await user.click(screen.getByLabelText('mfa.sms.phone'));
    await waitFor(() => expect(loaded.sort()).toEqual(['consent-location', 'handle-error']));
    expect(parental.requestVpcSmsCode).not.toHaveBeenCalled();
    expect(parental.completeVpcSms).not.toHaveBeenCalled();
  } finally {
    vi.doUnmock('./consent-location');
    vi.doUnmock('../../settings/handle-error');
  }
});
