/** Spec §7 two-factor calls: auth types, SMS code, backup codes, TOTP and SMS set-up. */
import type { BodyOf } from '../../shared/contract/endpoint';
import * as c from '../../shared/contract/mfa';
import { call } from '../http/client';
import type { UnifiedOption } from './options';

export const getAuthTypes = (email: string, o: UnifiedOption = {}) =>
  call(c.getAuthTypes, { query: { email }, unified: o.unified });
export const getGlobalAuthTypes = (email: string) => call(c.getGlobalAuthTypes, { query: { email } });
export const getTpaAuthTypes = (o: UnifiedOption = {}) => call(c.getTpaAuthTypes, { unified: o.unified });
export const requestSmsCode = (body: BodyOf<typeof c.requestSmsCode>, o: UnifiedOption = {}) =>
  call(c.requestSmsCode, { body, unified: o.unified });
/** `password` is the account password as typed (spec §7 "hashed": see backupCodePassword in the contract). */
export const getBackupCodes = (password: string) => call(c.getBackupCodes, { body: { password } });
export const regenerateBackupCodes = (password: string) => call(c.regenerateBackupCodes, { body: { password } });
export const startTotpEnrolment = () => call(c.startTotpEnrolment, { body: {} });
export const confirmTotp = (body: BodyOf<typeof c.confirmTotp>) => call(c.confirmTotp, { body });
export const disableTotp = () => call(c.disableTotp);
export const enableSms = (body: BodyOf<typeof c.enableSms>) => call(c.enableSms, { body });
export const disableSms = () => call(c.disableSms);
export const setPrimaryAuthType = (body: BodyOf<typeof c.setPrimaryAuthType>) => call(c.setPrimaryAuthType, { body });
export const verifySettingsCode = (body: BodyOf<typeof c.verifySettingsCode>) => call(c.verifySettingsCode, { body });
export const skipMfaPromo = () => call(c.skipMfaPromo, { body: {} });
