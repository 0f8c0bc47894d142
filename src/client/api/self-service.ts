/** Spec §7 "Self-service" (recovery without login). */
import type { AuthType } from '../../shared/contract/common';
import type { BodyOf, QueryOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/self-service';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/self-service'));

type SearchBy = (typeof c.SEARCH_BY)[number];
/** The methods a self-service code can be checked for ({authType} of the path, lower case). */
export type SelfServiceMethod = AuthType | 'BACKUP_CODE';

export const createSelfServiceSession = (body: BodyOf<typeof c.createSelfServiceSession>) =>
  call('createSelfServiceSession', { body });
export const getSelfServiceAuthTypes = (searchBy: SearchBy, query: QueryOf<typeof c.getSelfServiceAuthTypes>) =>
  call('getSelfServiceAuthTypes', { query, params: { searchBy } });
export const requestSelfServiceCode = (authType: 'EMAIL' | 'SMS', body: BodyOf<typeof c.requestSelfServiceCode>) =>
  call('requestSelfServiceCode', { body, params: { authType: authType.toLowerCase() } });
export const verifySelfServiceCode = (authType: SelfServiceMethod, body: BodyOf<typeof c.verifySelfServiceCode>) =>
  call('verifySelfServiceCode', { body, params: { authType: authType.toLowerCase() } });
export const checkSelfServiceMigration = (serialNumber: string) =>
  call('checkSelfServiceMigration', { query: { serialNumber } });
export const getSelfServiceEmail = (serialNumber: string) => call('getSelfServiceEmail', { query: { serialNumber } });
export const requestIdChangeCode = (body: BodyOf<typeof c.requestIdChangeCode>) =>
  call('requestIdChangeCode', { body });
export const changeSelfServiceId = (body: BodyOf<typeof c.changeSelfServiceId>) =>
  call('changeSelfServiceId', { body });
export const resetSelfServicePassword = (body: BodyOf<typeof c.resetSelfServicePassword>) =>
  call('resetSelfServicePassword', { body });
export const resetPasswordWithToken = (body: BodyOf<typeof c.resetPasswordWithToken>) =>
  call('resetPasswordWithToken', { body });
export const requestPasswordReset = (body: BodyOf<typeof c.requestPasswordReset>) =>
  call('requestPasswordReset', { body });
