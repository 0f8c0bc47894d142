/**
 * Locale catalogues: one JSON per locale under src/locales, en the source.
 * Every other locale is parsed against en's key set at load, so a missing or
 * extra key fails the build (the parity test says which).
 */
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';
import ja from '../locales/ja.json';
import nl from '../locales/nl.json';
import pl from '../locales/pl.json';
import pt from '../locales/pt.json';
import ru from '../locales/ru.json';
import th from '../locales/th.json';
import tr from '../locales/tr.json';
import zh from '../locales/zh.json';
import type { Locale } from './locales';

export type Catalogue = { [key: string]: string | Catalogue };

export const CATALOGUES: Record<Locale, Catalogue> = { en, es, pt, de, fr, it, pl, tr, zh, th, ru, nl, ja };

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
