/**
 * Key stubs for island tests (as logto stubs i18n with `t: (key) => key`):
 * an island's `strings` prop where every key maps to the key itself, so a
 * test asserts on keys (`getByRole('button', { name: 'login.submit' })`) and
 * no copy change breaks a test.
 *
 * `screenStrings('login')` gives an island exactly what its screen's frame
 * gives it (src/layouts/Screen.astro): the keys under the screen file's `ns`
 * and the frame's own (FRAME_STRINGS). A key the island asks for outside them
 * is reported missing by its `t`, and the setup fails the test: the test
 * catches a namespace the screen forgot. The §8 error texts are not in it: as
 * on the page, they come from the error-texts file, which the setup serves
 * with `errorTextStubs()`.
 *
 * Generated from en.json rather than a Proxy answering any key: `hasKey`
 * must stay true only for keys that exist, because §8 error resolution picks
 * error.form.{code}, else error.modal.{code}.desc, else error.general by
 * asking which keys exist.
 *
 * Placeholders stay visible: a message with {{vars}} stubs to
 * `key name={{name}}`, so `t('trustedDevices.removed', { name: 'Phone' })`
 * renders `trustedDevices.removed name=Phone` and a variable the island
 * forgot to pass shows up as `{{name}}`.
 */
import en from '../../src/locales/en.json' with { type: 'json' };
import type { Strings } from '../../src/client/t';
import { FRAME_STRINGS } from '../../src/layouts/screen';
import type { RouteName } from '../../src/routes/registry';
import { allErrorKeys } from '../../src/shared/errors/catalogue';
import { readScreen } from '../support/screen-files';

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

const under = (prefixes: readonly string[]) => (key: string) =>
  prefixes.some((p) => key === p || key.startsWith(p.endsWith('.') ? p : `${p}.`));

/**
 * Stubs of every key of en.json, or with `prefixes` only of the keys under them (the build's rule,
 * src/i18n/i18n.ts islandStrings).
 */
export function keyStrings(prefixes?: readonly string[]): Strings {
  const keep = prefixes === undefined ? () => true : under(prefixes);
  return Object.fromEntries(
    Object.entries(EN)
      .filter(([key]) => keep(key))
      .map(([key, message]) => [key, stubMessage(key, message)]),
  );
}

/** The strings prop the screen of `route` gives its island: its `ns` and the frame's strings, stubbed. */
export function screenStrings(route: RouteName): Strings {
  const { ns } = readScreen(route);
  if (ns === undefined) throw new Error(`src/screens/${route}.astro declares no ns on its <Screen> frame`);
  return keyStrings([...ns, ...FRAME_STRINGS]);
}

/** The page's error-texts file (src/pages/account/[locale]/error-texts.json.ts), stubbed. */
export function errorTextStubs(): Strings {
  return keyStrings(allErrorKeys());
}
