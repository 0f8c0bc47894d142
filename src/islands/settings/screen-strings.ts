/**
 * Build-time only (Astro frontmatter): the strings a settings or two-factor
 * island receives — its own prefixes, the shared settings and method texts,
 * the dialogs, the input messages, and exactly the error texts of the codes
 * it may show.
 */
import { dialogStringPrefixes } from '../../client/dialogs/strings';
import { islandStrings } from '../../i18n/i18n';
import type { Locale } from '../../i18n/locales';
import { SETTINGS_COMMON_CODES } from './handle-error-codes';

export function screenStrings(
  locale: Locale,
  prefixes: readonly string[],
  codes: readonly string[] = [],
): Record<string, string> {
  return islandStrings(locale, [
    ...prefixes,
    'settings.common',
    'settings.verifyFirst',
    'settings.emailFirst',
    'mfa.method',
    'error.input',
    ...dialogStringPrefixes([...SETTINGS_COMMON_CODES, ...codes]),
  ]);
}
