/** Spec §9 captcha action names (v3) and the versions sent as captchaVersion. */
export const CAPTCHA_ACTIONS = {
  launcherLogin: 'launcher_login',
  webLogin: 'web_login',
  signUpDob: 'signUpDob',
  launcherSelfResetPassword: 'launcher_self_reset_password',
  webSelfResetPassword: 'web_self_reset_password',
} as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];

export type CaptchaVersion = 'v2' | 'v3';

/** The login action for the channel (spec §9). */
export function loginAction(appMode: boolean): CaptchaAction {
  return appMode ? CAPTCHA_ACTIONS.launcherLogin : CAPTCHA_ACTIONS.webLogin;
}

/** The self-service reset action for the channel (spec §7 set-password dialog). */
export function selfResetAction(appMode: boolean): CaptchaAction {
  return appMode ? CAPTCHA_ACTIONS.launcherSelfResetPassword : CAPTCHA_ACTIONS.webSelfResetPassword;
}

/** Token the local dev provider issues; the reference API's dev verifier accepts it offline. */
export const DEV_CAPTCHA_TOKEN = 'dev-captcha-pass';
