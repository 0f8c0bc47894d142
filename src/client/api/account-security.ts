/** Issue 12 part B on the account-setting base: password create/change, sessions, security activity. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/account-security';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/account-security'));

export const createPassword = (body: BodyOf<typeof c.createPassword>) => call('createPassword', { body });
export const changePassword = (body: BodyOf<typeof c.changePassword>) => call('changePassword', { body });
export const listSessions = () => call('listSessions');
export const revokeSession = (body: BodyOf<typeof c.revokeSession>) => call('revokeSession', { body });
export const revokeOtherSessions = (body: BodyOf<typeof c.revokeOtherSessions>) =>
  call('revokeOtherSessions', { body });
export const listActivity = () => call('listActivity');
export const listConnectedApps = () => call('listConnectedApps');
export const revokeConnectedApp = (body: BodyOf<typeof c.revokeConnectedApp>) => call('revokeConnectedApp', { body });
