/** Spec §7 two-factor calls: auth types, SMS code, backup codes, SMS set-up, TOTP removal (enrolment: ./totp-enrolment). */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/mfa';
import { onDemand } from './on-demand';
import type { UnifiedOption } from './options';

const call = onDemand(() => import('../../shared/contract/mfa'));

export const getAuthTypes = (email: string, o: UnifiedOption = {}) =>
  call('getAuthTypes', { query: { email }, unified: o.unified });
export const getGlobalAuthTypes = (email: string) => call('getGlobalAuthTypes', { query: { email } });
export const getTpaAuthTypes = (o: UnifiedOption = {}) => call('getTpaAuthTypes', { unified: o.unified });
export const requestSmsCode = (body: BodyOf<typeof c.requestSmsCode>, o: UnifiedOption = {}) =>
  call('requestSmsCode', { body, unified: o.unified });
/** `password` is the account password as typed (spec §7 "hashed": see backupCodePassword in the contract). */
export const getBackupCodes = (password: string) => call('getBackupCodes', { body: { password } });
export const regenerateBackupCodes = (password: string) => call('regenerateBackupCodes', { body: { password } });
export const disableTotp = () => call('disableTotp');
export const enableSms = (body: BodyOf<typeof c.enableSms>) => call('enableSms', { body });
export const disableSms = () => call('disableSms');
export const setPrimaryAuthType = (body: BodyOf<typeof c.setPrimaryAuthType>) => call('setPrimaryAuthType', { body });
export const verifySettingsCode = (body: BodyOf<typeof c.verifySettingsCode>) => call('verifySettingsCode', { body });
export const skipMfaPromo = () => call('skipMfaPromo', { body: {} });
