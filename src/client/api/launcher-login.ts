/** Spec §7 "Launcher and login": one function per call. */
import type { BodyOf } from '../../shared/contract/endpoint';
import * as c from '../../shared/contract/launcher-login';
import type { ConsolePlatform } from '../../shared/contract/platform';
import { call } from '../http/client';
import type { UnifiedOption } from './options';

type Body<E> = BodyOf<E>;

export const connectorLogin = (platform: ConsolePlatform, body: Body<typeof c.connectorLogin>) =>
  call(c.connectorLogin, { body, params: { platform } });
export const requestAuthToken = (body: Body<typeof c.authToken>) => call(c.authToken, { body });
export const launcherEmailLogin = (body: Body<typeof c.launcherEmailLogin>) => call(c.launcherEmailLogin, { body });
export const launcherTpaLogin = (body: Body<typeof c.launcherTpaLogin>) => call(c.launcherTpaLogin, { body });
export const launcherSilentLogin = (body: Body<typeof c.launcherSilentLogin>) => call(c.launcherSilentLogin, { body });
export const launcherLoginComplete = (body: Body<typeof c.launcherLoginComplete>) =>
  call(c.launcherLoginComplete, { body });
export const migrateAccount = (body: Body<typeof c.migrateAccount>) => call(c.migrateAccount, { body });
export const steamTpaSessionCookie = (body: Body<typeof c.steamTpaSessionCookie>) =>
  call(c.steamTpaSessionCookie, { body });
export const tpaSessionCookie = (body: Body<typeof c.tpaSessionCookie>, o: UnifiedOption = {}) =>
  call(c.tpaSessionCookie, { body, unified: o.unified });
export const tpaLogin = (body: Body<typeof c.tpaLogin>, o: UnifiedOption = {}) =>
  call(c.tpaLogin, { body, unified: o.unified });
export const getTpaSessionEmail = () => call(c.getTpaSessionEmail);
export const signupTpaWithEmail = (body: Body<typeof c.signupTpaWithEmail>, o: UnifiedOption = {}) =>
  call(c.signupTpaWithEmail, { body, unified: o.unified });
export const validateLogin = (body: Body<typeof c.validateLogin>, o: UnifiedOption = {}) =>
  call(c.validateLogin, { body, unified: o.unified });
export const getAppLoginStatus = () => call(c.getAppLoginStatus);
export const getWebLoginStatus = (deviceId: string, o: UnifiedOption = {}) =>
  call(c.getWebLoginStatus, { query: { deviceId }, unified: o.unified });
export const webEmailLogin = (body: Body<typeof c.webEmailLogin>, o: UnifiedOption = {}) =>
  call(c.webEmailLogin, { body, unified: o.unified });
export const healup = (body: Body<typeof c.healup>, o: UnifiedOption = {}) =>
  call(c.healup, { body, unified: o.unified });
export const loginComplete = (body: Body<typeof c.loginComplete>, o: UnifiedOption = {}) =>
  call(c.loginComplete, { body, unified: o.unified });
export const silentLogin = (body: Body<typeof c.silentLogin>, o: UnifiedOption = {}) =>
  call(c.silentLogin, { body, unified: o.unified });
export const migrateLegacyLogin = (body: Body<typeof c.migrateLegacyLogin>) => call(c.migrateLegacyLogin, { body });
export const globalLogin = (body: Body<typeof c.globalLogin>) => call(c.globalLogin, { body });
export const globalVerifyWithCode = (body: Body<typeof c.globalVerifyWithCode>) =>
  call(c.globalVerifyWithCode, { body });
export const loginToken = (body: Body<typeof c.loginToken>) => call(c.loginToken, { body });
export const tpaLoginToken = () => call(c.tpaLoginToken, { body: {} });
export const zendeskLogin = (token: string, o: UnifiedOption = {}) =>
  call(c.zendeskLogin, { query: { token }, unified: o.unified });
