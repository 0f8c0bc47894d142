/** The staff console's calls (issue 28; src/shared/contract/staff.ts, docs/staff-console.md). */
import type { BodyOf, QueryOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/staff';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/staff'));

export const staffSignIn = (body: BodyOf<typeof c.staffSignIn>) => call('staffSignIn', { body });
export const staffSignOut = () => call('staffSignOut', {});
export const staffSession = () => call('staffSession', {});
export const staffSearchAccounts = (query: QueryOf<typeof c.staffSearchAccounts>) =>
  call('staffSearchAccounts', { query });
export const staffAccountView = (accountId: number) =>
  call('staffAccountView', { params: { accountId: String(accountId) } });

/** The account actions, each by the id of its endpoint (one dialog serves them all). */
export type StaffAccountAction =
  | 'staffBlock'
  | 'staffUnblock'
  | 'staffClearLocks'
  | 'staffResendVerification'
  | 'staffRequirePasswordReset'
  | 'staffRemoveTwoFactor'
  | 'staffCancelDeletion';

export const staffAccountAction = (
  action: StaffAccountAction,
  accountId: number,
  body: BodyOf<typeof c.staffBlock> | BodyOf<typeof c.staffRemoveTwoFactor> | BodyOf<typeof c.staffUnblock>,
) =>
  // Each action's body schema checks the fields it takes (strict: a field of another action is refused).
  call(action, { params: { accountId: String(accountId) }, body: body as BodyOf<typeof c.staffBlock> });

export const staffCases = (query: QueryOf<typeof c.staffCases>) => call('staffCases', { query });
export const staffDecideCase = (reference: string, body: BodyOf<typeof c.staffDecideCase>) =>
  call('staffDecideCase', { params: { reference }, body });
export const staffAuditLog = (query: QueryOf<typeof c.staffAuditLog>) => call('staffAuditLog', { query });
export const staffOps = () => call('staffOps', {});
export const staffSetMaintenance = (body: BodyOf<typeof c.staffSetMaintenance>) =>
  call('staffSetMaintenance', { body });
export const staffEventDeliveries = (query: QueryOf<typeof c.staffEventDeliveries>) =>
  call('staffEventDeliveries', { query });
