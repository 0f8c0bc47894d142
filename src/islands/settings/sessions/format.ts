/**
 * How a session or a security event reads in the lists: the device in words
 * ("Firefox on Linux"; the parts the User-Agent named) and the country's name
 * in the page's language (dates: ../../shared/date-format).
 */
import type { T } from '../../../client/t';

export function deviceText(t: T, browser: string | null, os: string | null): string {
  if (browser !== null && os !== null) return t('settings.sessions.deviceOn', { browser, os });
  // A system alone ("Linux") reads as a complete answer; say the browser is the part we could not tell.
  if (os !== null) return t('settings.sessions.unknownBrowserOn', { os });
  return browser ?? t('settings.sessions.unknownDevice');
}

/** The country's name ("Germany"), or the code when the browser has no name for it; empty when unknown. */
export function countryName(code: string | null, lang: string): string {
  if (code === null) return '';
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
