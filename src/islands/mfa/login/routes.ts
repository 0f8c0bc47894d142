/** The sign-in second step's screen for each method (spec §2 login verification routes). */
import type { RouteName } from '../../../routes/registry';
import type { CodeMethod } from '../code/code-input';

export const LOGIN_VERIFY_ROUTES = {
  TOTP: 'login-verify-code',
  SMS: 'login-verify-sms',
  BACKUP_CODE: 'login-verify-backup-code',
} as const satisfies Record<Exclude<CodeMethod, 'EMAIL'>, RouteName>;

/** The settings verification screen for each method (spec §2 named settings verification screens). */
export const SETTINGS_VERIFY_ROUTES = {
  TOTP: 'verify-code-2fa-settings',
  SMS: 'verify-code-sms-settings',
  EMAIL: 'verify-account',
  BACKUP_CODE: 'verify-backup-code',
} as const satisfies Record<CodeMethod, RouteName>;
