/**
 * The reset started on a global screen (global/reset-password and its variants, reset-variants.ts): the flow
 * keeps the variant, the verified session comes back to that page for the password, and it ends at
 * global/reset-password/success. A tampered variant drops the whole flow state.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import {
  checkSelfServiceMigration,
  createSelfServiceSession,
  getSelfServiceAuthTypes,
  resetSelfServicePassword,
} from '../../client/api/self-service';
import { goTo } from '../../client/navigation/page';
import { afterVerified } from './after-verified';
import { readFlow, writeFlow, type FlowState } from './flow';
import { ResetPassword } from './ResetPassword';

vi.mock('../../client/api/self-service');

afterEach(() => {
  sessionStorage.clear();
});

const FLOW: FlowState = {
  serialNumber: 'S-9',
  operationType: 'resetPassword',
  searchBy: 'email',
  value: 'p@example.com',
  authTypes: ['EMAIL'],
  primaryAuthType: 'EMAIL',
  phoneNo: null,
};

it('global/reset-password/smode keeps its variant in the flow and goes on to the email code', async () => {
  const user = userEvent.setup();
  vi.mocked(createSelfServiceSession).mockResolvedValue({ serialNumber: 'S-9' });
  vi.mocked(getSelfServiceAuthTypes).mockResolvedValue({
    authTypes: ['EMAIL'],
    primaryAuthType: 'EMAIL',
    phoneNo: null,
  });
  onPage({ route: 'global-reset-password-smode' });
  render(<ResetPassword strings={screenStrings('global-reset-password-smode')} locale="en" variant="smode" />);
  await user.type(await screen.findByLabelText('selfService.start.email.label'), 'p@example.com');
  await user.click(screen.getByRole('button', { name: 'selfService.start.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith(expect.stringContaining('/self-service/verify-account'), false);
  });
  expect(readFlow()).toMatchObject({ serialNumber: 'S-9', variant: 'smode' });
});

it('a verified session of a global reset comes back to its own page for the password', async () => {
  vi.mocked(checkSelfServiceMigration).mockResolvedValue({ isLegacy: false, email: null, userId: null });
  await afterVerified({ ...FLOW, variant: 'global' });
  expect(goTo).toHaveBeenCalledWith(
    expect.stringMatching(/\/account\/en\/global\/reset-password\?showPasswordFields=true/),
    false,
  );
  vi.mocked(goTo).mockClear();
  await afterVerified(FLOW);
  expect(goTo).toHaveBeenCalledWith(
    expect.stringContaining('/self-service/reset-password?showPasswordFields=true'),
    false,
  );
});

it('the new password on global/reset-password ends at global/reset-password/success', async () => {
  const user = userEvent.setup();
  writeFlow({ ...FLOW, variant: 'global' });
  vi.mocked(resetSelfServicePassword).mockResolvedValue({});
  onPage({ route: 'global-reset-password', search: '?showPasswordFields=true' });
  render(<ResetPassword strings={screenStrings('global-reset-password')} locale="en" variant="global" />);
  await user.type(await screen.findByLabelText('selfService.reset.password'), 'Fresh-Start-42!');
  await user.type(screen.getByLabelText('selfService.reset.confirm'), 'Fresh-Start-42!');
  await user.click(screen.getByRole('button', { name: 'selfService.reset.submit' }));
  await waitFor(() => {
    expect(goTo).toHaveBeenCalledWith('/account/en/global/reset-password/success', false);
  });
  expect(resetSelfServicePassword).toHaveBeenCalledWith({
    serialNumber: 'S-9',
    password: 'Fresh-Start-42!',
    language: 'en_US',
  });
});

it('a flow state naming an unknown variant is not read (it could not name a route anyway)', () => {
  sessionStorage.setItem('lf:selfService', JSON.stringify({ ...FLOW, variant: 'login' }));
  expect(readFlow()).toBeUndefined();
  writeFlow({ ...FLOW, variant: 'nmode' });
  expect(readFlow()?.variant).toBe('nmode');
});
