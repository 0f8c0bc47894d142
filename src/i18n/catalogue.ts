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
