/**
 * Locale catalogues: one JSON per locale under src/locales, en the source.
 * Every other locale is parsed against en's key set at load, so a missing or
 * extra key fails the build (the parity test says which).
 */
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import ja from '../locales/ja.json' with { type: 'json' };
import nl from '../locales/nl.json' with { type: 'json' };
import pl from '../locales/pl.json' with { type: 'json' };
import pt from '../locales/pt.json' with { type: 'json' };
import ru from '../locales/ru.json' with { type: 'json' };
import th from '../locales/th.json' with { type: 'json' };
import tr from '../locales/tr.json' with { type: 'json' };
import zh from '../locales/zh.json' with { type: 'json' };
import type { Locale } from './locales';

export type Catalogue = { [key: string]: string | Catalogue };

const SOURCES: Record<Locale, Catalogue> = { en, es, pt, de, fr, it, pl, tr, zh, th, ru, nl, ja };

/** The product's name, once per locale: `app.name`. */
export function productName(cat: Catalogue): string {
  const app = cat['app'];
  const name = typeof app === 'object' ? app['name'] : undefined;
  if (typeof name !== 'string') throw new Error('i18n: app.name is missing');
  return name;
}

/**
 * Messages that name the product say {{product}}; it is filled here, at build time, with the locale's
 * `app.name`, so the header, the cookie banner, the islands and the error texts always name it alike
 * (the banner and the maintenance text used to carry the untranslated English name).
 */
export function fillProduct(cat: Catalogue, name: string): Catalogue {
  const out: Catalogue = {};
  for (const [key, value] of Object.entries(cat))
    out[key] = typeof value === 'string' ? value.replace(/\{\{\s*product\s*\}\}/g, name) : fillProduct(value, name);
  return out;
}

/** The catalogues as pages and islands use them (the product's name filled in). The sources stay as written. */
export const CATALOGUES = Object.fromEntries(
  Object.entries(SOURCES).map(([locale, cat]) => [locale, fillProduct(cat, productName(cat))]),
) as Record<Locale, Catalogue>;

export { SOURCES as SOURCE_CATALOGUES };

/** Flattens a nested catalogue to dotted keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
export function flatten(cat: Catalogue, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(cat)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}

/** The {{placeholders}} of a message, sorted. */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}
