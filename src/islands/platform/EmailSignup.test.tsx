import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import { requestPlatformEmailCode, submitEmailSignupCode, validateSignupEmail } from '../../client/api/platform';
import { getGlobalCountries, getRegionCountries } from '../../client/api/countries';
import { collectBlackBox } from '../../client/fingerprint/black-box';
import { createT } from '../../client/t';
import { EmailSignup, type EmailSignupTarget } from './EmailSignup';

vi.mock('../../client/api/platform');
vi.mock('../../client/api/countries');
vi.mock('../../client/fingerprint/black-box', () => ({ collectBlackBox: vi.fn() }));
vi.mock('../../client/stores/device', () => ({ getDeviceId: () => 'device-1' }));

const EMAIL = 'new@example.com';
const PASSWORD = 'Forge-Light-2049!';

function renderSignup(target: EmailSignupTarget = { mode: 'in-game', platform: 'playstation' }) {
  onPage({ route: 'platform-login' });
  const countryList = {
    countryList: [
      { countryCode: 'US', name: 'United States' },
      { countryCode: 'DE', name: 'Germany' },
    ],
    countryCode: null,
  };
  vi.mocked(getGlobalCountries).mockResolvedValue(countryList);
  vi.mocked(getRegionCountries).mockResolvedValue(countryList);
  const strings = screenStrings('platform-login');
  const onCreated = vi.fn();
  const onCancel = vi.fn();
  render(
    <EmailSignup
      t={createT(strings)}
      strings={strings}
      locale="en"
      target={target}
      clientId="1888"
      onCreated={onCreated}
      onCancel={onCancel}
    />,
  );
  return { onCreated, onCancel };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, birthday = '1994-06-02') {
  await user.type(screen.getByLabelText('platformSignup.email'), EMAIL);
  await user.type(screen.getByLabelText('platformSignup.password'), PASSWORD);
  const country = screen.getByLabelText('platformSignup.country');
  await vi.waitFor(() => expect(country).toBeEnabled());
  await user.selectOptions(country, 'US');
  await user.type(screen.getByLabelText('platformSignup.birthday'), birthday);
  await user.click(screen.getByRole('button', { name: 'platformSignup.submit' }));
}

it('refuses an empty form without a call, naming each field', async () => {
  const user = userEvent.setup();
  renderSignup();
  await user.click(screen.getByRole('button', { name: 'platformSignup.submit' }));
  expect(screen.getByLabelText('platformSignup.email')).toHaveAccessibleDescription('error.input.email-required');
  expect(screen.getByLabelText('platformSignup.password')).toHaveAccessibleDescription(
    'platformSignup.passwordRequired',
  );
  expect(screen.getByLabelText('platformSignup.birthday')).toHaveAccessibleDescription(
    'platformSignup.birthdayInvalid',
  );
  expect(validateSignupEmail).not.toHaveBeenCalled();
  expect(collectBlackBox).not.toHaveBeenCalled();
});

it('names a password the policy refuses with its §8 form text, and sends nothing', async () => {
  const user = userEvent.setup();
  renderSignup();
  await user.type(screen.getByLabelText('platformSignup.email'), EMAIL);
  // Letters only: the mix rule (20195) refuses it before any call.
  await user.type(screen.getByLabelText('platformSignup.password'), 'onlyletterspassword');
  await user.click(screen.getByRole('button', { name: 'platformSignup.submit' }));
  // The text comes from the page's error-texts file (the screen ships no error.form strings), a moment later.
  await vi.waitFor(() =>
    expect(screen.getByLabelText('platformSignup.password')).toHaveAccessibleDescription('error.form.20195'),
  );
  expect(validateSignupEmail).not.toHaveBeenCalled();
});

it('tells a minor to ask a parent, and sends nothing', async () => {
  const user = userEvent.setup();
  renderSignup();
  await fillDetails(user, `${String(new Date().getUTCFullYear() - 9)}-03-01`);
  expect(screen.getByRole('alert')).toHaveTextContent('platformSignup.minor');
  expect(validateSignupEmail).not.toHaveBeenCalled();
});

it('in-game: sends the code, then creates the account with the details and the blackBox', async () => {
  const user = userEvent.setup();
  vi.mocked(validateSignupEmail).mockResolvedValue({});
  vi.mocked(collectBlackBox).mockResolvedValue('bb-collected');
  vi.mocked(submitEmailSignupCode).mockResolvedValue({ email: EMAIL, hashedGlobalUserNo: 'h1' });
  const { onCreated } = renderSignup();
  await fillDetails(user);
  expect(validateSignupEmail).toHaveBeenCalledWith('playstation', 'in-game', {
    newsletter: false,
    clientId: '1888',
    email: EMAIL,
    language: 'en_US',
  });
  expect(await screen.findByRole('heading', { name: 'platformSignup.codeHeading' })).toBeVisible();
  expect(collectBlackBox).toHaveBeenCalledTimes(1);
  await user.type(screen.getByLabelText('platformSignup.code'), '123456');
  await user.click(screen.getByRole('button', { name: 'platformSignup.create' }));
  await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(EMAIL));
  expect(submitEmailSignupCode).toHaveBeenCalledWith(
    'playstation',
    { inGame: true },
    {
      email: EMAIL,
      code: '123456',
      codeType: 'EMAIL',
      clientId: '1888',
      deviceId: 'device-1',
      blackBox: 'bb-collected',
      password: PASSWORD,
      countryCode: 'US',
      birthday: '1994-06-02',
      newsletter: false,
      language: 'en_US',
    },
  );
});

it('connector: the store platform’s calls; the device id stands in for a failed fingerprint; resend', async () => {
  const user = userEvent.setup();
  vi.mocked(validateSignupEmail).mockResolvedValue({});
  vi.mocked(requestPlatformEmailCode).mockResolvedValue({});
  vi.mocked(collectBlackBox).mockResolvedValue(undefined);
  vi.mocked(submitEmailSignupCode).mockResolvedValue({ email: EMAIL });
  const { onCreated } = renderSignup({ mode: 'connector', platform: 'steam' });
  expect(screen.getByText('platformSignup.connectorIntro')).toBeVisible();
  await user.click(screen.getByRole('checkbox', { name: 'platformSignup.newsletter' }));
  await fillDetails(user);
  expect(validateSignupEmail).toHaveBeenCalledWith('steam', 'connector', expect.objectContaining({ newsletter: true }));
  await user.click(await screen.findByRole('button', { name: 'platformSignup.resend' }));
  await vi.waitFor(() => {
    expect(requestPlatformEmailCode).toHaveBeenCalledWith('steam', { email: EMAIL, language: 'en_US' });
  });
  expect(await screen.findByRole('status')).toHaveTextContent('platformSignup.resent');
  // A short code is refused without a call.
  await user.type(screen.getByLabelText('platformSignup.code'), '123');
  await user.click(screen.getByRole('button', { name: 'platformSignup.create' }));
  expect(screen.getByLabelText('platformSignup.code')).toHaveAccessibleDescription('error.input.verificationCode');
  expect(submitEmailSignupCode).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('platformSignup.code'), '456');
  await user.click(screen.getByRole('button', { name: 'platformSignup.create' }));
  await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(EMAIL));
  expect(submitEmailSignupCode).toHaveBeenCalledWith(
    'steam',
    { inGame: false },
    expect.objectContaining({ blackBox: 'device-1', code: '123456' }),
  );
});

it('shows a refused code in the form and stays on the step', async () => {
  const user = userEvent.setup();
  vi.mocked(validateSignupEmail).mockResolvedValue({});
  vi.mocked(collectBlackBox).mockResolvedValue('bb');
  vi.mocked(submitEmailSignupCode).mockRejectedValue(apiError('20013', 400));
  const { onCreated } = renderSignup({ mode: 'connector', platform: 'steam' });
  await fillDetails(user);
  await user.type(await screen.findByLabelText('platformSignup.code'), '000000');
  await user.click(screen.getByRole('button', { name: 'platformSignup.create' }));
  expect(await screen.findByText('error.form.20013')).toBeVisible();
  expect(onCreated).not.toHaveBeenCalled();
});

it('goes back to the caller', async () => {
  const user = userEvent.setup();
  const { onCancel } = renderSignup();
  await user.click(screen.getByRole('button', { name: 'platformSignup.back' }));
  await vi.waitFor(() => {
    expect(onCancel).toHaveBeenCalled();
  });
});
