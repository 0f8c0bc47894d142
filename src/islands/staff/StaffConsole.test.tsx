import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { apiError, onPage, screenStrings } from '../../../tests/components/helpers';
import {
  staffAccountAction,
  staffAccountView,
  staffCases,
  staffSearchAccounts,
  staffSession,
} from '../../client/api/staff';
import { goTo } from '../../client/navigation/page';
import type { ResponseOf } from '../../shared/contract/endpoint';
import type { staffAccountView as viewEndpoint } from '../../shared/contract/staff';
import { actionsOf, type StaffRole } from '../../shared/staff/roles';
import { StaffConsole } from './StaffConsole';

vi.mock('../../client/api/staff');

const VIEW: ResponseOf<typeof viewEndpoint> = {
  id: 42,
  email: 'player@example.test',
  loginId: null,
  status: 1,
  banReason: null,
  region: 'global',
  country: 'US',
  ageGroup: 'adult',
  emailVerified: true,
  phone: '+1******4567',
  phoneVerified: true,
  passwordResetRequired: false,
  createdAt: 0,
  providers: [],
  platforms: [],
  secondFactors: ['SMS'],
  passkeys: [],
  trustedDevices: [],
  sessions: [],
  family: { parentId: null, childIds: [] },
  pendingDeletion: null,
  supportCases: [],
  timeline: [{ at: 0, event: 'signin.succeeded', ip: null, browser: null, os: null, country: null }],
};

function signedInAs(role: StaffRole) {
  vi.mocked(staffSession).mockResolvedValue({
    staff: { id: 1, email: 'staff@example.test', displayName: 'Sam', role },
    actions: actionsOf(role),
    expiresAt: 0,
  });
  vi.mocked(staffCases).mockResolvedValue({ items: [] });
  onPage({ route: 'staff-console' });
  render(<StaffConsole strings={screenStrings('staff-console')} locale="en" />);
}

it('sends a visitor without a staff session to the staff sign-in', async () => {
  vi.mocked(staffSession).mockRejectedValue(apiError('STAFF_LOGIN_REQUIRED', 401));
  onPage({ route: 'staff-console' });
  render(<StaffConsole strings={screenStrings('staff-console')} locale="en" />);
  await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/account/en/staff/login', true));
});

it('finds by phone, opens the account and blocks it with a reason, as trust & safety', async () => {
  const user = userEvent.setup();
  signedInAs('trust_safety');
  vi.mocked(staffSearchAccounts).mockResolvedValue({
    items: [{ id: 42, email: 'player@example.test', status: 1, banReason: null, createdAt: 0 }],
    nextCursor: null,
  });
  vi.mocked(staffAccountView).mockResolvedValue(VIEW);
  vi.mocked(staffAccountAction).mockResolvedValue({ auditId: 7 });
  await user.selectOptions(await screen.findByLabelText('staff.search.by'), 'phone');
  await user.type(screen.getByLabelText('staff.search.value'), '+1 201 555 0100');
  await user.click(screen.getByRole('button', { name: 'staff.search.submit' }));
  expect(staffSearchAccounts).toHaveBeenCalledWith({ by: 'phone', value: '+1 201 555 0100' });
  await user.click(await screen.findByRole('button', { name: 'staff.search.open id=42' }));
  expect(await screen.findByRole('heading', { name: 'staff.account.heading id=42' })).toBeInTheDocument();
  expect(screen.queryByText(/secret|hash/i)).toBeNull();
  await user.click(screen.getByRole('button', { name: 'staff.action.staffBlock' }));
  const dialog = await screen.findByRole('dialog');
  await user.selectOptions(within(dialog).getByLabelText('staff.action.banReason'), '7003');
  await user.type(within(dialog).getByLabelText('staff.action.reason'), 'Chargeback fraud, ticket 5521');
  await user.click(within(dialog).getByRole('button', { name: 'staff.action.confirm' }));
  expect(staffAccountAction).toHaveBeenCalledWith('staffBlock', 42, {
    reason: 'Chargeback fraud, ticket 5521',
    banReason: '7003',
  });
  expect(await screen.findByText('staff.action.done id=7')).toBeInTheDocument();
});

it('shows a support agent no block and no admin screens', async () => {
  const user = userEvent.setup();
  signedInAs('support_agent');
  vi.mocked(staffSearchAccounts).mockResolvedValue({
    items: [{ id: 42, email: 'player@example.test', status: 1, banReason: null, createdAt: 0 }],
    nextCursor: null,
  });
  vi.mocked(staffAccountView).mockResolvedValue(VIEW);
  await user.type(await screen.findByLabelText('staff.search.value'), 'player@example.test');
  await user.click(screen.getByRole('button', { name: 'staff.search.submit' }));
  await user.click(await screen.findByRole('button', { name: 'staff.search.open id=42' }));
  await screen.findByRole('heading', { name: 'staff.account.heading id=42' });
  expect(screen.queryByRole('button', { name: 'staff.action.staffBlock' })).toBeNull();
  expect(screen.getByRole('button', { name: 'staff.action.staffRemoveTwoFactor' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'staff.frame.nav' });
  expect(within(nav).queryByRole('link', { name: 'staff.frame.ops' })).toBeNull();
  expect(within(nav).queryByRole('link', { name: 'staff.frame.audit' })).toBeNull();
});
