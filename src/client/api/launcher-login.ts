/** Spec §7 "Launcher and login": one function per call. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/launcher-login';
import { onDemand } from './on-demand';
import type { UnifiedOption } from './options';

const call = onDemand(() => import('../../shared/contract/launcher-login'));

type Body<E> = BodyOf<E>;

export const connectorLogin = (platform: c.ConnectorPlatform, body: Body<typeof c.connectorLogin>) =>
  call('connectorLogin', { body, params: { platform } });
export const requestAuthToken = (body: Body<typeof c.authToken>) => call('authToken', { body });
export const launcherEmailLogin = (body: Body<typeof c.launcherEmailLogin>) => call('launcherEmailLogin', { body });
export const launcherTpaLogin = (body: Body<typeof c.launcherTpaLogin>) => call('launcherTpaLogin', { body });
export const launcherSilentLogin = (body: Body<typeof c.launcherSilentLogin>) => call('launcherSilentLogin', { body });
export const launcherLoginComplete = (body: Body<typeof c.launcherLoginComplete>) =>
  call('launcherLoginComplete', { body });
export const migrateAccount = (body: Body<typeof c.migrateAccount>) => call('migrateAccount', { body });
export const steamTpaSessionCookie = (body: Body<typeof c.steamTpaSessionCookie>) =>
  call('steamTpaSessionCookie', { body });
export const tpaSessionCookie = (body: Body<typeof c.tpaSessionCookie>, o: UnifiedOption = {}) =>
  call('tpaSessionCookie', { body, unified: o.unified });
export const tpaLogin = (body: Body<typeof c.tpaLogin>, o: UnifiedOption = {}) =>
  call('tpaLogin', { body, unified: o.unified });
export const getTpaSessionEmail = () => call('getTpaSessionEmail');
export const signupTpaWithEmail = (body: Body<typeof c.signupTpaWithEmail>, o: UnifiedOption = {}) =>
  call('signupTpaWithEmail', { body, unified: o.unified });
export const validateLogin = (body: Body<typeof c.validateLogin>, o: UnifiedOption = {}) =>
  call('validateLogin', { body, unified: o.unified });
export const getAppLoginStatus = () => call('getAppLoginStatus');
export const getWebLoginStatus = (deviceId: string, o: UnifiedOption = {}) =>
  call('getWebLoginStatus', { query: { deviceId }, unified: o.unified });
export const webEmailLogin = (body: Body<typeof c.webEmailLogin>, o: UnifiedOption = {}) =>
  call('webEmailLogin', { body, unified: o.unified });
export const healup = (body: Body<typeof c.healup>, o: UnifiedOption = {}) =>
  call('healup', { body, unified: o.unified });
export const loginComplete = (body: Body<typeof c.loginComplete>, o: UnifiedOption = {}) =>
  call('loginComplete', { body, unified: o.unified });
export const silentLogin = (body: Body<typeof c.silentLogin>, o: UnifiedOption = {}) =>
  call('silentLogin', { body, unified: o.unified });
export const migrateLegacyLogin = (body: Body<typeof c.migrateLegacyLogin>) => call('migrateLegacyLogin', { body });
export const globalLogin = (body: Body<typeof c.globalLogin>) => call('globalLogin', { body });
export const globalVerifyWithCode = (body: Body<typeof c.globalVerifyWithCode>) =>
  call('globalVerifyWithCode', { body });
export const globalVerifyRequestCode = (body: Body<typeof c.globalVerifyRequestCode>) =>
  call('globalVerifyRequestCode', { body });
export const loginToken = (body: Body<typeof c.loginToken>) => call('loginToken', { body });
export const tpaLoginToken = () => call('tpaLoginToken', { body: {} });
export const zendeskLogin = (token: string, o: UnifiedOption = {}) =>
  call('zendeskLogin', { query: { token }, unified: o.unified });
export const moveToZendesk = () => call('moveToZendesk', { body: {} });
