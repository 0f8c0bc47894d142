/**
 * The 13 interface locales and the codes derived from them (spec §9).
 * Shared by build-time pages, islands, Functions and the reference API.
 */
export const LOCALES = ['en', 'es', 'pt', 'de', 'fr', 'it', 'pl', 'tr', 'zh', 'th', 'ru', 'nl', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Name of the language cookie (spec §2, §9). */
export const LOCALE_COOKIE = 'i18next';

/** Spec §5: a locale segment is exactly two lowercase letters. */
export const LOCALE_SEGMENT = /^[a-z]{2}$/;

export function isLocale(value: string | undefined | null): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const SERVER_CODE_OVERRIDES: Partial<Record<Locale, string>> = {
  es: 'es_419',
  en: 'en_US',
  pt: 'pt_BR',
  zh: 'zh_TW',
};

/** Locale code sent to the server: es → es_419, en → en_US, pt → pt_BR, zh → zh_TW, others xx_XX. */
export function serverLocaleCode(locale: Locale): string {
  return SERVER_CODE_OVERRIDES[locale] ?? `${locale}_${locale.toUpperCase()}`;
}

/** Captcha locale hint: zh → zh-TW, others unchanged. */
export function captchaLocaleHint(locale: Locale): string {
  return locale === 'zh' ? 'zh-TW' : locale;
}

/** BCP 47 tag for `<html lang>` and Intl formatting. */
export function htmlLang(locale: Locale): string {
  return locale === 'zh' ? 'zh-Hant-TW' : locale;
}

/** Endonyms for the language picker; identical in every UI language by convention. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  pl: 'Polski',
  tr: 'Türkçe',
  zh: '繁體中文',
  th: 'ไทย',
  ru: 'Русский',
  nl: 'Nederlands',
  ja: '日本語',
};
