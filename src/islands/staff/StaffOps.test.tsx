/**
 * staff/ops (docs/staff-console.md "Ops"): an admin sees maintenance, the budgets and the delivery log of the
 * account events, filtered by status; the endpoint's answer is shown as its HTTP status, never the API's text.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { onPage, screenStrings } from '../../../tests/components/helpers';
import { staffEventDeliveries, staffOps, staffSession } from '../../client/api/staff';
import type { EventDelivery } from '../../shared/contract/events';
import { actionsOf, type StaffRole } from '../../shared/staff/roles';
import { StaffOps } from './StaffOps';

vi.mock('../../client/api/staff');

const DELIVERED: EventDelivery = {
  eventId: 'evt_aaaaaaaaaaaa',
  endpointId: 'ep_bbbbbbbbbbbb',
  type: 'account.blocked',
  occurredAt: '2026-11-29T10:00:00.000Z',
  status: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-29T10:00:01.000Z',
  lastStatusCode: 204,
  lastError: null,
  deliveredAt: '2026-11-29T10:00:01.000Z',
};
const WAITING: EventDelivery = {
  ...DELIVERED,
  eventId: 'evt_cccccccccccc',
  type: 'password.changed',
  status: 'pending',
  attempts: 2,
  nextAttemptAt: '2026-11-29T10:04:00.000Z',
  lastStatusCode: null,
  lastError: 'The endpoint did not answer within 5 s',
  deliveredAt: null,
};

function opsAs(role: StaffRole) {
  vi.mocked(staffSession).mockResolvedValue({
    staff: { id: 1, email: 'staff@example.test', displayName: 'Sam', role },
    actions: actionsOf(role),
    expiresAt: 0,
  });
  vi.mocked(staffOps).mockResolvedValue({
    region: 'global',
    maintenance: false,
    sms: { limit: 1000, usedToday: 3 },
    mail: { limit: 5000, usedToday: 12 },
  });
  onPage({ route: 'staff-ops' });
  render(<StaffOps strings={screenStrings('staff-ops')} locale="en" />);
}

it('shows an admin the delivery log, and filters it by status', async () => {
  const user = userEvent.setup();
  vi.mocked(staffEventDeliveries).mockImplementation((query) =>
    Promise.resolve({ items: query.status === 'pending' ? [WAITING] : [DELIVERED, WAITING] }),
  );
  opsAs('admin');
  const log = await screen.findByRole('region', { name: 'staff.ops.events.heading' });
  const rows = await within(log).findAllByRole('row');
  // The header and two deliveries.
  expect(rows).toHaveLength(3);
  expect(rows[1]).toHaveTextContent('account.blocked');
  expect(rows[1]).toHaveTextContent('staff.ops.events.state.delivered');
  expect(rows[1]).toHaveTextContent('staff.ops.events.httpStatus code=204');
  expect(rows[2]).toHaveTextContent('staff.ops.events.noAnswer');
  // The API's own error text is not copy.
  expect(log).not.toHaveTextContent('did not answer within');
  expect(staffEventDeliveries).toHaveBeenLastCalledWith({});

  await user.selectOptions(within(log).getByLabelText('staff.ops.events.status'), 'pending');
  await vi.waitFor(() => expect(staffEventDeliveries).toHaveBeenLastCalledWith({ status: 'pending' }));
  await vi.waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(2));
  expect(within(log).getAllByRole('row')[1]).toHaveTextContent('password.changed');
});

it('says so when nothing was delivered', async () => {
  vi.mocked(staffEventDeliveries).mockResolvedValue({ items: [] });
  opsAs('admin');
  const log = await screen.findByRole('region', { name: 'staff.ops.events.heading' });
  expect(await within(log).findByText('staff.ops.events.none')).toBeInTheDocument();
});
