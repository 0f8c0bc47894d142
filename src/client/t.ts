/**
 * The islands' translator: a lookup in the strings serialised at build time,
 * with i18next-style {{placeholder}} interpolation. A few hundred bytes
 * instead of the i18next runtime.
 */
export type Strings = Readonly<Record<string, string>>;
export type T = (key: string, vars?: Readonly<Record<string, string | number>>) => string;

export function createT(strings: Strings): T {
  return (key, vars) => {
    const message = strings[key];
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

/** True when the island was given a string for this key (for optional overrides like error.form.{code}). */
export function hasKey(strings: Strings, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(strings, key);
}
