/**
 * setting/authenticator-enable (spec §4 two-factor): the enrolment starts at mount and shows its secret, a code
 * is checked before any call and confirmed with the server, a refused code is told at the field, and a failed
 * start offers a retry. The enrolment's calls are mocked (src/client/api/totp-start.ts, totp-enrolment.ts).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings, serverAccount } from '../../../../tests/components/helpers';
import { confirmTotp } from '../../../client/api/totp-enrolment';
import { startTotpEnrolmentAtMount } from '../../../client/api/totp-start';
import { setAccountFromServer } from '../../../client/stores/account-parse';
import { AuthenticatorEnable } from './AuthenticatorEnable';

vi.mock('../../../client/api/totp-enrolment');
vi.mock('../../../client/api/totp-start');
vi.mock('../../../client/api/settings');

const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Lumen:player?secret=JBSWY3DPEHPK3PXP' };

beforeEach(() => {
  onPage({ route: 'authenticator-enable' });
  setAccountFromServer(serverAccount());
});

function renderIsland() {
  render(<AuthenticatorEnable strings={screenStrings('authenticator-enable')} locale="en" />);
}

it('starts the enrolment at mount and shows its secret to type or open', async () => {
  vi.mocked(startTotpEnrolmentAtMount).mockResolvedValue(ENROLMENT);
  renderIsland();
  expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'mfa.authenticator.openApp' })).toHaveAttribute('href', ENROLMENT.otpauthUri);
  expect(startTotpEnrolmentAtMount).toHaveBeenCalledTimes(1);
});

it('checks the code before any call, then confirms it as the default method', async () => {
  vi.mocked(startTotpEnrolmentAtMount).mockResolvedValue(ENROLMENT);
  vi.mocked(confirmTotp).mockReturnValue(new Promise(() => undefined));
  renderIsland();
  const field = await screen.findByLabelText('mfa.code.label');
  await userEvent.type(field, '12345');
  await userEvent.click(screen.getByRole('button', { name: 'mfa.authenticator.turnOn' }));
  expect(field).toHaveAccessibleDescription(/\S/);
  expect(confirmTotp).not.toHaveBeenCalled();
  await userEvent.type(field, '6');
  await userEvent.click(screen.getByRole('button', { name: 'mfa.authenticator.turnOn' }));
  await waitFor(() => expect(confirmTotp).toHaveBeenCalledWith({ code: '123456', primary: true }));
});

it('tells a refused code at the field and lets the player try another', async () => {
  vi.mocked(startTotpEnrolmentAtMount).mockResolvedValue(ENROLMENT);
  vi.mocked(confirmTotp).mockRejectedValueOnce(apiError('20068'));
  renderIsland();
  const field = await screen.findByLabelText('mfa.code.label');
  await userEvent.type(field, '123456');
  await userEvent.click(screen.getByRole('button', { name: 'mfa.authenticator.turnOn' }));
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  expect(screen.getByRole('button', { name: 'mfa.authenticator.turnOn' })).toBeEnabled();
  expect(confirmTotp).toHaveBeenCalledTimes(1);
});

it('offers a retry when the enrolment could not start, and starts it again', async () => {
  vi.mocked(startTotpEnrolmentAtMount).mockRejectedValueOnce(apiError('NETWORK_ERROR', 0));
  vi.mocked(startTotpEnrolmentAtMount).mockResolvedValueOnce(ENROLMENT);
  renderIsland();
  await userEvent.click(await screen.findByRole('button', { name: 'settings.common.retry' }));
  expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  expect(startTotpEnrolmentAtMount).toHaveBeenCalledTimes(2);
});
