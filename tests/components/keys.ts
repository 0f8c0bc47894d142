/**
 * Key stubs for island tests (as logto stubs i18n with `t: (key) => key`):
 * an island's `strings` prop where every key of en.json maps to the key
 * itself, so a test asserts on keys (`getByRole('button', { name:
 * 'login.submit' })`) and no copy change breaks a test.
 *
 * Generated from en.json rather than a Proxy answering any key: `hasKey`
 * must stay true only for keys that exist, because §8 error resolution picks
 * error.form.{code}, else error.modal.{code}.desc, else error.general by
 * asking which keys exist. A key not in en.json is left out, so the island's
 * `t` reports it missing and the setup fails the test.
 *
 * Placeholders stay visible: a message with {{vars}} stubs to
 * `key name={{name}}`, so `t('trustedDevices.removed', { name: 'Phone' })`
 * renders `trustedDevices.removed name=Phone` and a variable the island
 * forgot to pass shows up as `{{name}}`.
 */
import en from '../../src/locales/en.json' with { type: 'json' };
import type { Strings } from '../../src/client/t';

type Catalogue = { readonly [key: string]: string | Catalogue };

function flatten(cat: Catalogue, prefix: string, out: Record<string, string>): Record<string, string> {
  for (const [key, value] of Object.entries(cat)) {
    const full = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out[full] = value;
    else flatten(value, full, out);
  }
  return out;
}

const EN: Readonly<Record<string, string>> = flatten(en, '', {});

/** The stub of one message: the key, then `name={{name}}` for each placeholder in en's order. */
export function stubMessage(key: string, message: string): string {
  const names = [...new Set([...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? ''))];
  return [key, ...names.map((name) => `${name}={{${name}}}`)].join(' ');
}

/**
 * The strings prop of an island with every key stubbed. With `prefixes`, only the keys under them (same rule
 * as the build's `islandStrings`), to check that a screen's prefix list covers what its island shows.
 */
export function keyStrings(prefixes?: readonly string[]): Strings {
  const under = (key: string) =>
    prefixes === undefined || prefixes.some((p) => key === p || key.startsWith(p.endsWith('.') ? p : `${p}.`));
  return Object.fromEntries(
    Object.entries(EN)
      .filter(([key]) => under(key))
      .map(([key, message]) => [key, stubMessage(key, message)]),
  );
}
