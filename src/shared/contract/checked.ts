/**
 * `checked(schema, ...checks)` is `schema.check(...checks)` spelled as a plain
 * function call the bundler is told has no side effects.
 *
 * Why: a module-level `z.string().check(...)` is a method call the bundler
 * cannot prove pure, so it keeps it (and every zod feature it uses) in every
 * page that imports the module, used or not. Written with `checked`, an
 * unused top-level field schema is dropped. Use it for module-level schemas
 * with checks in code that reaches the browser. (The bundler also keeps calls
 * nested in object literals, so what reliably keeps a page to the schemas it
 * needs is splitting files by use: docs/performance.md.)
 */
import type * as z from 'zod/mini';

/* @__NO_SIDE_EFFECTS__ */
export function checked<S extends z.ZodMiniType>(schema: S, ...checks: z.core.$ZodCheck<z.output<S>>[]): S {
  return schema.check(...checks);
}
