import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import {
  checkSelfServiceMigration,
  requestSelfServiceCode,
  verifySelfServiceCode,
} from '../../client/api/self-service';
import { goTo } from '../../client/navigation/page';
import { readFlow, writeFlow } from './flow';
import { CodeStep } from './CodeStep';

vi.mock('../../client/api/self-service');

beforeEach(() => {
  writeFlow({
    serialNumber: 'S-1',
    operationType: 'resetPassword',
    searchBy: 'email',
    value: 'player@example.com',
    authTypes: ['EMAIL'],
    primaryAuthType: 'EMAIL',
    phoneNo: null,
  });
});
afterEach(() => {
  sessionStorage.clear();
});

function renderCode(
  method: 'EMAIL' | 'TOTP' | 'SMS',
  route: 'self-verify-email' | 'self-verify-2fa' = 'self-verify-email',
) {
  onPage({ route });
  render(<CodeStep strings={screenStrings(route)} locale="en" method={method} />);
}

it('sends the email code once when it opens and shows a wrong code', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSelfServiceCode).mockResolvedValue({});
  vi.mocked(verifySelfServiceCode).mockRejectedValue(apiError('20013'));
  renderCode('EMAIL');
  await waitFor(() => {
    expect(requestSelfServiceCode).toHaveBeenCalledWith('EMAIL', { serialNumber: 'S-1', language: 'en_US' });
  });
  await user.type(screen.getByLabelText('selfService.code.label'), '123456');
  await user.click(screen.getByRole('button', { name: 'selfService.code.submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error.form.20013');
});

it('refuses a short code without a call', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSelfServiceCode).mockResolvedValue({});
  renderCode('EMAIL');
  await user.type(await screen.findByLabelText('selfService.code.label'), '123');
  await user.click(screen.getByRole('button', { name: 'selfService.code.submit' }));
  expect(screen.getByLabelText('selfService.code.label')).toHaveAccessibleDescription('selfService.code.invalid');
  expect(verifySelfServiceCode).not.toHaveBeenCalled();
});

it('asks for the second factor the account has', async () => {
  const user = userEvent.setup();
  vi.mocked(requestSelfServiceCode).mockResolvedValue({});
  vi.mocked(verifySelfServiceCode).mockResolvedValue({
    complete: false,
    authTypes: ['TOTP'],
    primaryAuthType: 'TOTP',
    phoneNo: null,
    hasBackupCodes: true,
  });
  renderCode('EMAIL');
  await user.type(await screen.findByLabelText('selfService.code.label'), '123456');
  await user.click(screen.getByRole('button', { name: 'selfService.code.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(expect.stringContaining('/self-service/verify-code'), false);
  });
  expect(readFlow()?.primaryAuthType).toBe('TOTP');
});

it('continues to the password fields once the session is verified', async () => {
  const user = userEvent.setup();
  vi.mocked(verifySelfServiceCode).mockResolvedValue({
    complete: true,
    authTypes: [],
    primaryAuthType: null,
    phoneNo: null,
    hasBackupCodes: false,
  });
  vi.mocked(checkSelfServiceMigration).mockResolvedValue({ isLegacy: false, email: null, userId: null });
  renderCode('TOTP', 'self-verify-2fa');
  await user.click(await screen.findByRole('button', { name: 'selfService.code.useBackup' }));
  await user.type(screen.getByLabelText('selfService.code.backupLabel'), '12345678');
  await user.click(screen.getByRole('button', { name: 'selfService.code.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(expect.stringContaining('showPasswordFields=true'), false);
  });
  expect(verifySelfServiceCode).toHaveBeenCalledWith('BACKUP_CODE', expect.objectContaining({ code: '12345678' }));
  expect(requestSelfServiceCode).not.toHaveBeenCalled();
});
