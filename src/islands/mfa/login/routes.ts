/** The sign-in second step's screen for each method (spec §2 login verification routes). */
import type { RoutePath } from '../../../client/navigation/href';
import * as routes from '../../../routes/refs';
import type { CodeMethod } from '../code/code-input';

export const LOGIN_VERIFY_ROUTES = {
  TOTP: routes.loginVerifyCode,
  SMS: routes.loginVerifySms,
  BACKUP_CODE: routes.loginVerifyBackupCode,
} as const satisfies Record<Exclude<CodeMethod, 'EMAIL'>, RoutePath>;

/** The settings verification screen for each method (spec §2 named settings verification screens). */
export const SETTINGS_VERIFY_ROUTES = {
  TOTP: routes.verifyCode2faSettings,
  SMS: routes.verifyCodeSmsSettings,
  EMAIL: routes.verifyAccount,
  BACKUP_CODE: routes.verifyBackupCode,
} as const satisfies Record<CodeMethod, RoutePath>;
