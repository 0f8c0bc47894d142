/**
 * Build-time: the §8 error texts of a locale, as the error-texts file ships
 * them (src/pages/account/[locale]/error-texts.json.ts): exactly the keys the
 * error catalogue declares (src/shared/errors/catalogue.ts allErrorKeys),
 * flat and sorted.
 */
import { allErrorKeys } from '../shared/errors/catalogue';
import { islandStrings } from './i18n';
import type { Locale } from './locales';

export function errorTexts(locale: Locale): Record<string, string> {
  return islandStrings(locale, allErrorKeys());
}
