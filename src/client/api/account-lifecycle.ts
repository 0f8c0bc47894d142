/** Issue 12 part B on the account-setting base: download my data, request and cancel the account's deletion. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/account-lifecycle';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/account-lifecycle'));

export const exportAccountData = () => call('exportAccountData');
export const requestAccountDeletion = (body: BodyOf<typeof c.requestAccountDeletion>) =>
  call('requestAccountDeletion', { body });
export const cancelAccountDeletion = (body: BodyOf<typeof c.cancelAccountDeletion>) =>
  call('cancelAccountDeletion', { body });
