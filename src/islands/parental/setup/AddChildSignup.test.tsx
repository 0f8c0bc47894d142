/**
 * add-child-signup (issue 14): the parent creates a child account — the create form's fields with the live
 * password rules, the country fixed to the parent's, the child's email proven by the emailed code, then
 * childSignup; DOB_INVALID_FOR_CHILD is said on the birth date field; bad input calls nothing. Calls mocked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { fetchCountryList } from '../../../client/countries/country-list';
import { childSignup } from '../../../client/api/parental';
import { signupInit } from '../../../client/api/signup';
import { requestSignupEmailCode, validateSignupEmail, verifySignupEmailCode } from '../../../client/api/signup-email';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { dateFormatInfo } from '../../shared/date-parts';
import { AddChildSignup } from './AddChildSignup';

vi.mock('../../../client/countries/country-list');
vi.mock('../../../client/api/parental');
vi.mock('../../../client/api/signup');
vi.mock('../../../client/api/signup-email');
vi.mock('../../../client/stores/device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../client/stores/device')>()),
  getDeviceId: () => DEVICE_ID,
}));

const DEVICE_ID = '0b7e2f4a-9c1d-4e3b-8a6f-5d2c1b0a9e8d';
const EMAIL = 'kid@example.test';
const PASSWORD = 'Tq7#vLm2$Rw9';
type User = ReturnType<typeof userEvent.setup>;
let user: User;

beforeEach(() => {
  user = userEvent.setup();
  const countries = {
    countryList: [
      { countryCode: 'DE', name: 'Germany' },
      { countryCode: 'US', name: 'United States' },
    ],
    countryCode: 'DE',
  };
  vi.mocked(fetchCountryList).mockResolvedValue(countries);
  vi.mocked(validateSignupEmail).mockResolvedValue({});
  vi.mocked(requestSignupEmailCode).mockResolvedValue({});
  vi.mocked(verifySignupEmailCode).mockResolvedValue({});
  vi.mocked(signupInit).mockResolvedValue({ signUpSessionToken: 'session-token-1' });
});

function renderSignup() {
  onPage({ route: 'add-child-signup', search: '?parental_flow_mode=child' });
  setAccountFromServer(serverAccount({ countryCode: 'US' }));
  render(
    <AddChildSignup
      strings={screenStrings('add-child-signup')}
      locale="en"
      dateFormat={dateFormatInfo('en-US')}
      maxYear={2026}
    />,
  );
}

const submit = () => screen.getByRole('button', { name: 'parentalSetup.addChild.submit' });

async function fillDetails(year = '2015') {
  // The fields load with the form (page budget).
  await user.type(await screen.findByLabelText('parentalSetup.addChild.email'), EMAIL);
  await user.selectOptions(screen.getByLabelText('form.birthday.month'), '5');
  await user.selectOptions(screen.getByLabelText('form.birthday.day'), '17');
  await user.selectOptions(screen.getByLabelText('form.birthday.year'), year);
  await user.type(screen.getByLabelText('parentalSetup.addChild.password'), PASSWORD);
  await user.type(screen.getByLabelText('parentalSetup.addChild.confirm'), PASSWORD);
  await user.click(screen.getByRole('checkbox', { name: 'parentalSetup.addChild.terms' }));
}

async function enterCode() {
  await user.type(await screen.findByLabelText('parentalSetup.addChild.code'), '123456');
  await user.click(screen.getByRole('button', { name: 'parentalSetup.addChild.create' }));
}

it('shows the parent’s country, fixed (not the visitor’s)', async () => {
  renderSignup();
  const country = await screen.findByRole('combobox', { name: 'parentalSetup.addChild.country' });
  await waitFor(() => {
    expect(country).toHaveValue('US');
  });
  expect(country).toBeDisabled();
});

it('refuses an empty form without a call', async () => {
  renderSignup();
  await screen.findByLabelText('parentalSetup.addChild.email');
  await user.click(submit());
  await waitFor(() => {
    expect(screen.getByLabelText('parentalSetup.addChild.email')).toHaveAccessibleDescription(
      'error.input.email-required',
    );
  });
  expect(screen.getByRole('group', { name: 'parentalSetup.addChild.birthday' })).toHaveAccessibleDescription(
    'error.input.birthday-required',
  );
  expect(screen.getByText('parentalSetup.addChild.termsRequired')).toBeVisible();
  expect(validateSignupEmail).not.toHaveBeenCalled();
  expect(childSignup).not.toHaveBeenCalled();
});

it('refuses a weak password and a mismatched confirmation without a call', async () => {
  renderSignup();
  await user.type(await screen.findByLabelText('parentalSetup.addChild.password'), 'short');
  // The live rules say what is missing as the parent types.
  expect(screen.getByText('form.passwordRules.20194').closest('li')).toHaveClass('unmet');
  await user.type(screen.getByLabelText('parentalSetup.addChild.confirm'), 'other');
  await user.click(submit());
  await waitFor(() => {
    expect(screen.getByLabelText('parentalSetup.addChild.confirm')).toHaveAccessibleDescription(
      'error.input.confirm-mismatch',
    );
  });
  expect(validateSignupEmail).not.toHaveBeenCalled();
});

it('proves the child’s email with the code, creates the child in the parent’s country, then completes', async () => {
  vi.mocked(childSignup).mockResolvedValue({ globalUserNo: 900010 });
  renderSignup();
  await fillDetails();
  await user.click(submit());
  await enterCode();
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(
      '/account/en/setting/parental-controls/add-child/complete?parental_flow_mode=child&child=900010',
      false,
    );
  });
  expect(requestSignupEmailCode).toHaveBeenCalledWith({ email: EMAIL, language: 'en_US' }, { unified: false });
  expect(verifySignupEmailCode).toHaveBeenCalledWith({ email: EMAIL, code: '123456' }, { unified: false });
  expect(childSignup).toHaveBeenCalledWith('session-token-1', {
    email: EMAIL,
    password: PASSWORD,
    newsletter: false,
    language: 'en_US',
    countryCode: 'US',
    birthday: '2015-05-17',
    code: '123456',
    codeType: 'EMAIL',
    deviceId: DEVICE_ID,
  });
});

it('says DOB_INVALID_FOR_CHILD on the birth date field, and creates with the corrected date', async () => {
  vi.mocked(childSignup).mockRejectedValueOnce(apiError('DOB_INVALID_FOR_CHILD', 400));
  renderSignup();
  await fillDetails('1990');
  await user.click(submit());
  await enterCode();
  const group = await screen.findByRole('group', { name: 'parentalSetup.addChild.birthday' });
  await waitFor(() => {
    expect(group).toHaveAccessibleDescription('error.form.DOB_INVALID_FOR_CHILD');
  });
  expect(goTo).not.toHaveBeenCalled();
  vi.mocked(childSignup).mockResolvedValueOnce({ globalUserNo: 900011 });
  await user.selectOptions(screen.getByLabelText('form.birthday.year'), '2016');
  expect(group).not.toHaveAccessibleDescription('error.form.DOB_INVALID_FOR_CHILD');
  await user.click(submit());
  await waitFor(() => {
    expect(childSignup).toHaveBeenLastCalledWith(
      'session-token-1',
      expect.objectContaining({ birthday: '2016-05-17' }),
    );
  });
  // The code was proven already: no second code for the same address.
  expect(requestSignupEmailCode).toHaveBeenCalledTimes(1);
});

it('says a wrong code in the form and creates nothing', async () => {
  vi.mocked(verifySignupEmailCode).mockRejectedValue(apiError('20013', 400));
  renderSignup();
  await fillDetails();
  await user.click(submit());
  await enterCode();
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(childSignup).not.toHaveBeenCalled();
});
