/**
 * String formats as patterns. zod's format schemas (`z.email()`,
 * `z.iso.datetime()`, `z.stringbool()`, `z.coerce`) each bring a class of
 * zod core into the `calls` chunk, which holds zod. No page's budget before
 * interaction counts that chunk, but a page whose island calls the API loads
 * it by idle (its action path warmed: src/islands/shared/warm-path.ts) or at
 * mount (a section that fetches its list), within the by-idle budget
 * (docs/performance.md); the same checks written as a pattern, a pipe or a
 * transform reuse what that chunk already has. Measured (session 17, global
 * build): `z.email()`, `z.iso.datetime()`, `z.stringbool()` and
 * `z.coerce.number()` in their place made `calls` 2.7 KB larger, 644 B br
 * (18,977 → 19,621 B br), on every page that warms an action. Each accepts
 * and refuses exactly what the zod format does
 * (tests/unit/shared/formats.test.ts compares them).
 *
 * zod's own patterns are copied here as literals rather than read from
 * `z.regexes`: zod's pattern module is part of zod core, which is in `calls`
 * too, so every pattern read from it anywhere would ship there; here they
 * load with the forms that use them. The tests check that each copy equals
 * zod's.
 */
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../validation/email-format';
import { checked } from './checked';

/** `z.regexes.email`, the pattern `z.email()` checks: kept without zod for the checks screens run at start. */
export { EMAIL_PATTERN } from '../validation/email-format';
/**
 * `z.regexes.datetime({ offset: false, local: false, precision: null })`, the pattern `z.iso.datetime()` checks:
 * an RFC 3339 instant in UTC (`Z`), seconds required, any precision, leap days only in leap years.
 */
export const ISO_DATETIME_PATTERN =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$/;
const TRUTHY = /^(?:true|1|yes|on|y|enabled)$/i;
/** zod's default stringbool words, compared without case. */
const BOOLEAN_WORD = /^(?:true|1|yes|on|y|enabled|false|0|no|off|n|disabled)$/i;

/** `z.email(message)`: zod's email pattern. */
/* @__NO_SIDE_EFFECTS__ */
export function emailAddress(message?: string) {
  return checked(z.string(), z.regex(EMAIL_PATTERN, message));
}

/** `z.iso.datetime()`: an ISO 8601 instant in UTC. */
/* @__NO_SIDE_EFFECTS__ */
export function isoDateTime() {
  return checked(z.string(), z.regex(ISO_DATETIME_PATTERN));
}

/** `z.stringbool()`: true/1/yes/on/y/enabled or false/0/no/off/n/disabled, any case. */
/* @__NO_SIDE_EFFECTS__ */
export function stringBoolean() {
  return z.pipe(
    checked(z.string(), z.regex(BOOLEAN_WORD)),
    z.transform((value: string) => TRUTHY.test(value)),
  );
}

function toNumber(value: unknown): unknown {
  try {
    return Number(value);
  } catch {
    // Number() throws for a symbol; z.coerce keeps the value then, and the number check refuses it.
    return value;
  }
}

/** `z.coerce.number().check(...checks)`: `Number(input)`, then a finite number with the checks. */
/* @__NO_SIDE_EFFECTS__ */
export function coercedNumber(...checks: z.core.$ZodCheck<number>[]) {
  return z.pipe(z.transform(toNumber), checked(z.number(), ...checks));
}

/**
 * `z.record(key, value)` for a key schema that constrains strings (a pattern, not a list of keys): a plain
 * object whose own enumerable keys all pass `key` and whose values pass `value`; `__proto__` is skipped;
 * the output is a new object of the parsed keys and values. Refused issues are `custom` ones at the key.
 */
/* @__NO_SIDE_EFFECTS__ */
export function stringRecord<V extends z.ZodMiniType>(key: z.ZodMiniType<string>, value: V) {
  return z.pipe(
    z.custom<Record<PropertyKey, unknown>>((input) => z.util.isPlainObject(input)),
    z.transform((input, ctx) => {
      const out: Record<string, z.output<V>> = {};
      for (const k of Reflect.ownKeys(input)) {
        if (k === '__proto__' || !Object.prototype.propertyIsEnumerable.call(input, k)) continue;
        const parsedKey = key.safeParse(k);
        if (!parsedKey.success) {
          ctx.issues.push({ code: 'custom', message: 'Invalid key in record', input: k, path: [k] });
          continue;
        }
        if (parsedKey.data === '__proto__') continue;
        const parsedValue = value.safeParse(input[k]);
        if (parsedValue.success) out[parsedKey.data] = parsedValue.data;
        else ctx.issues.push({ code: 'custom', message: 'Invalid value in record', input: input[k], path: [k] });
      }
      return out;
    }),
  );
}
