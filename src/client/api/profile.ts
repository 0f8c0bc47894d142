/** Profile settings (issue 12 part A): full name, player tag, email change and its revert link. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/profile';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/profile'));

export const updateFullName = (body: BodyOf<typeof c.updateFullName>) => call('updateFullName', { body });
export const changePlayerTag = (body: BodyOf<typeof c.changePlayerTag>) => call('changePlayerTag', { body });
export const requestEmailChange = (body: BodyOf<typeof c.requestEmailChange>) => call('requestEmailChange', { body });
export const confirmEmailChange = (body: BodyOf<typeof c.confirmEmailChange>) => call('confirmEmailChange', { body });
export const getEmailRevert = (body: BodyOf<typeof c.getEmailRevert>) => call('getEmailRevert', { body });
export const revertEmailChange = (body: BodyOf<typeof c.revertEmailChange>) => call('revertEmailChange', { body });
