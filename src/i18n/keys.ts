/**
 * The message keys of the catalogue, as types derived from en.json (the
 * source locale; the parity test holds the other 12 to the same keys). Type
 * only: nothing here reaches a bundle. An island's `t` takes a `MessageKey`,
 * so a key en.json lacks is a compile error, not a bare key on the page; a
 * screen names its strings by `KeyPrefix` (a namespace such as `login` or
 * `mfa.code`, or one whole key).
 */
import type en from '../locales/en.json';

/** Dotted paths of the string leaves of a nested catalogue: { a: { b: 'x' } } → 'a.b'. */
type Leaves<C, P extends string = ''> = {
  [K in keyof C & string]: C[K] extends string ? `${P}${K}` : Leaves<C[K], `${P}${K}.`>;
}[keyof C & string];

/** Every key of en.json ('login.submit', 'error.modal.20187.desc'). */
export type MessageKey = Leaves<typeof en>;

/** Every prefix of a dotted key, the key included: 'a.b.c' → 'a' | 'a.b' | 'a.b.c'. */
type Prefixes<K extends string> = K extends `${infer Head}.${infer Rest}` ? Head | `${Head}.${Prefixes<Rest>}` : K;

/** A namespace of the catalogue ('login', 'mfa.code') or one key: what a screen asks the build for. */
export type KeyPrefix = Prefixes<MessageKey>;
