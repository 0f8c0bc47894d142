/**
 * The strings a page's DialogHost needs, as islandStrings prefixes: every
 * dialog.* key plus exactly the error keys of the codes the page may show.
 * Build-time use: `islandStrings(locale, dialogStringPrefixes(['20100', '20002']))`.
 */
import { errorKeysFor } from '../../shared/errors/catalogue';

export const DIALOG_STRING_PREFIX = 'dialog';

export function dialogStringPrefixes(codes: readonly string[]): string[] {
  return [DIALOG_STRING_PREFIX, ...errorKeysFor(codes)];
}
