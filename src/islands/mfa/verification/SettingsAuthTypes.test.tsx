/**
 * setting/auth-types (spec §4): the methods a settings change can be verified with. Choosing the emailed or texted
 * code sends it and goes to its code screen; a refused send is told in the form; the authenticator and backup codes
 * go straight to theirs. Calls mocked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, later, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { requestSmsCode } from '../../../client/api/mfa';
import { requestEmailCode } from '../../../client/api/settings';
import { goTo } from '../../../client/navigation/page';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { SettingsAuthTypes } from './SettingsAuthTypes';

vi.mock('../../../client/api/mfa');
vi.mock('../../../client/api/settings');

function renderChoice() {
  onPage({ route: 'auth-types-2fa-settings', search: '?route_to=security' });
  setAccountFromServer(
    serverAccount({ phoneNo: '+14155550123', authTypeList: ['SMS', 'TOTP'], primaryAuthType: 'TOTP' }),
  );
  render(<SettingsAuthTypes strings={screenStrings('auth-types-2fa-settings')} locale="en" />);
}

const choice = (method: string) => screen.getByRole('button', { name: new RegExp(`^mfa\\.method\\.${method}`) });

it('texts the code and goes to its screen', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSmsCode).mockResolvedValue({});
  renderChoice();
  await user.click(choice('SMS'));
  await waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/setting/verify-sms?route_to=security', false));
  expect(requestSmsCode).toHaveBeenCalledTimes(1);
});

it('the authenticator goes to its code screen and sends nothing', async () => {
  const user = userEvent.setup();
  renderChoice();
  await user.click(choice('TOTP'));
  await waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/setting/verify-code?route_to=security', false));
  expect(requestSmsCode).not.toHaveBeenCalled();
  expect(requestEmailCode).not.toHaveBeenCalled();
});

it('a refused send is told in the form, and the choices are free again', async () => {
  const user = userEvent.setup();
  vi.mocked(requestEmailCode).mockRejectedValue(apiError('20013'));
  renderChoice();
  await user.click(choice('EMAIL'));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
  expect(goTo).not.toHaveBeenCalled();
  expect(choice('SMS')).not.toHaveAttribute('aria-disabled');
});

it('two taps on a choice before the page renders again send the code once', async () => {
  const { promise, answer } = later<Awaited<ReturnType<typeof requestSmsCode>>>();
  vi.mocked(requestSmsCode).mockReturnValue(promise);
  renderChoice();
  const button = choice('SMS');
  // Both in one task: no render comes between them, so a busy flag kept in state would let the second through.
  button.click();
  button.click();
  answer({});
  await waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
  expect(requestSmsCode).toHaveBeenCalledTimes(1);
});
