/** Ownership verification (issue 13 part B): the support case of a player who lost every factor. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/support-cases';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/support-cases'));

export const submitOwnershipCase = (body: BodyOf<typeof c.submitOwnershipCase>) =>
  call('submitOwnershipCase', { body });
