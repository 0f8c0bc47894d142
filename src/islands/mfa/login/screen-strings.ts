/**
 * Build-time only (Astro frontmatter): the strings of the sign-in second-step
 * screens — their texts, the method names, the input messages and exactly the
 * error texts of the codes they may show.
 */
import { errorKeysFor } from '../../../shared/errors/catalogue';
import { islandStrings } from '../../../i18n/i18n';
import type { Locale } from '../../../i18n/locales';
import { LOGIN_STEP_CODES } from './login-errors';

export function loginStepStrings(locale: Locale, extra: readonly string[] = []): Record<string, string> {
  return islandStrings(locale, [
    'mfa.login',
    'mfa.code',
    'mfa.common',
    'mfa.method',
    'mfa.authTypes',
    'mfa.sms.resend',
    'mfa.sms.resent',
    'mfa.security.default',
    'error.input',
    'dialog',
    'trustedDevices.nameDialog',
    ...extra,
    ...errorKeysFor(LOGIN_STEP_CODES),
  ]);
}
