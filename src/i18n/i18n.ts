/**
 * Build-time i18n: one i18next instance per locale, each returning a fixed
 * `t`. Only Astro pages and the build import this file; islands receive their
 * strings as serialised props (see `islandStrings`) and never load i18next.
 */
import i18next, { type TFunction } from 'i18next';
import { CATALOGUES, flatten } from './catalogue';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

const instances = new Map<Locale, TFunction>();

/** A fixed `t` for one locale. Missing keys throw at build time rather than leak a bare key to players. */
export function getT(locale: Locale): TFunction {
  const cached = instances.get(locale);
  if (cached) return cached;
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: locale,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    resources: { [locale]: { translation: CATALOGUES[locale] } },
    interpolation: { escapeValue: false },
    returnNull: false,
    missingKeyHandler: (_lngs, _ns, key) => {
      throw new Error(`i18n: missing key "${key}" for locale ${locale}`);
    },
    saveMissing: true,
  });
  const t = instance.getFixedT(locale);
  instances.set(locale, t);
  return t;
}

const flatCache = new Map<Locale, Record<string, string>>();
function flat(locale: Locale): Record<string, string> {
  let cached = flatCache.get(locale);
  if (!cached) {
    cached = flatten(CATALOGUES[locale]);
    flatCache.set(locale, cached);
  }
  return cached;
}

/**
 * The strings an island needs, by key prefix ("login.", "error.modal.20002").
 * Serialised into the island's props at build time; nothing else ships.
 */
export function islandStrings(locale: Locale, prefixes: readonly string[]): Record<string, string> {
  const all = flat(locale);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(all)) {
    if (prefixes.some((p) => key === p || key.startsWith(p.endsWith('.') ? p : `${p}.`))) out[key] = value;
  }
  if (Object.keys(out).length === 0) throw new Error(`islandStrings: no keys under ${prefixes.join(', ')}`);
  return out;
}

export { DEFAULT_LOCALE };
