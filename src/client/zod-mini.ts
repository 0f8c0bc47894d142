/**
 * zod/mini as the browser build sees it (src/build/browser-plugins.ts
 * resolves `zod/mini` here for browser code only; the server, the tests and
 * the OpenAPI document use zod/mini itself).
 *
 * Everything is zod/mini's, except a few checks and schemas written as
 * refinements. zod core is one module, bundled into the start-up chunk every
 * page loads, so each class any browser schema uses costs every page; these
 * are the classes the contract needs only for integers, bounds, lengths,
 * patterns, enums and literals (≈ 1.2 KB br on the login page, see
 * docs/performance.md). Each replacement accepts and refuses exactly the
 * values zod's does and reports the same message (its params pass through);
 * a refused value is a `custom` issue instead of zod's own code, which the
 * portal never reads (it shows the message, an i18n key, or maps the whole
 * failure to SERVER_ERROR). tests/unit/client/zod-mini.test.ts runs each one
 * next to zod's on the same values, and loads every browser module's schemas
 * with this file.
 *
 * Not replaced, because a refinement would behave differently: `_default`
 * (zod applies a default even inside `z.optional`). The `enum` and `literal`
 * here carry no `values` for other schemas to read, so a
 * `z.discriminatedUnion` over them would throw when built: the module test
 * would fail, before any browser does.
 */
import * as z from 'zod/v4/mini';

export * from 'zod/v4/mini';

type Params = Parameters<typeof z.refine>[1];

/** zod counts a string's length in code points (a surrogate pair is one), an array's in elements. */
function size(value: unknown): number {
  // Array.from walks code points, as zod counts (graphemes are not what zod measures).
  if (typeof value === 'string') return Array.from(value).length;
  return Array.isArray(value) ? value.length : Number.NaN;
}

/** `z.int()`: a safe integer (as a schema or as a check of `z.number()`). */
export function int(params?: Params) {
  return z.refine((v: unknown) => Number.isSafeInteger(v), params);
}

/** `z.gte(n)` on numbers. */
export function gte(n: number, params?: Params) {
  return z.refine((v: unknown) => typeof v === 'number' && v >= n, params);
}

/** `z.lte(n)` on numbers. */
export function lte(n: number, params?: Params) {
  return z.refine((v: unknown) => typeof v === 'number' && v <= n, params);
}

/** `z.positive()` on numbers. */
export function positive(params?: Params) {
  return z.refine((v: unknown) => typeof v === 'number' && v > 0, params);
}

/** `z.minLength(n)` on strings and arrays. */
export function minLength(n: number, params?: Params) {
  return z.refine((v: unknown) => size(v) >= n, params);
}

/** `z.maxLength(n)` on strings and arrays. */
export function maxLength(n: number, params?: Params) {
  return z.refine((v: unknown) => size(v) <= n, params);
}

/** `z.regex(pattern)`: a string the pattern matches (from the start, as zod resets a global pattern). */
export function regex(pattern: RegExp, params?: Params) {
  return z.refine((v: unknown) => {
    pattern.lastIndex = 0;
    return typeof v === 'string' && pattern.test(v);
  }, params);
}

/** `z.literal(value)` or `z.literal([a, b])`: one of the values (SameValueZero, as zod's Set). */
export function literal(value: unknown, params?: Params) {
  const values: readonly unknown[] = Array.isArray(value) ? value : [value];
  return z.refine((v: unknown) => values.includes(v), params);
}

/** `z.enum([...])` or `z.enum({ key: 'value' })` with string values (the portal has no numeric enums). */
function stringEnum(entries: readonly string[] | Readonly<Record<string, string>>, params?: Params) {
  const values: readonly unknown[] = Array.isArray(entries) ? entries : Object.values(entries);
  return z.refine((v: unknown) => typeof v === 'string' && values.includes(v), params);
}
export { stringEnum as enum };
