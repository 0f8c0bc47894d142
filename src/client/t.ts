/**
 * The islands' translator: a lookup in the strings serialised at build time,
 * with i18next-style {{placeholder}} interpolation. A few hundred bytes
 * instead of the i18next runtime. Keys are typed from en.json
 * (src/i18n/keys.ts), so asking for a key that does not exist does not
 * compile.
 */
import type { MessageKey } from '../i18n/keys';

export type { KeyPrefix, MessageKey } from '../i18n/keys';

export type Strings = Readonly<Record<string, string>>;
export type T = (key: MessageKey, vars?: Readonly<Record<string, string | number>>) => string;

/**
 * A translator over one or more string sets, looked up in order: the island's
 * own strings, then e.g. the page's §8 error texts once they are loaded
 * (src/client/errors/texts.ts).
 */
export function createT(...sources: readonly Strings[]): T {
  return (key, vars) => {
    const message = lookup(sources, key);
    if (message === undefined) {
      // A missing key is a build bug; show the key so it is noticed, never server text.
      if (import.meta.env.DEV) console.warn(`[i18n] missing key ${key}`);
      return key;
    }
    if (!vars) return message;
    return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}

function lookup(sources: readonly Strings[], key: string): string | undefined {
  for (const strings of sources) if (hasKey(strings, key)) return strings[key];
  return undefined;
}

/** True when the island was given a string for this key (for optional overrides like error.form.{code}). */
export function hasKey(strings: Strings, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(strings, key);
}

/**
 * `key` when the strings hold it, else `fallback`: for keys built at run time
 * (error.modal.{code}.button, error.ban.{reason}), which only a lookup can
 * prove to be catalogue keys.
 */
export function keyOr(has: (key: string) => boolean, key: string, fallback: MessageKey): MessageKey {
  return has(key) ? (key as MessageKey) : fallback;
}
