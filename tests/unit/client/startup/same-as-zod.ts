/**
 * Holds a hand-written payload check to the zod schema it stands for: on the same inputs, the same values
 * accepted, the same refused, the same output.
 */
import type * as z from 'zod/mini';
import { expect } from 'vitest';

/** zod's answer as the checks give it: the parsed value, or undefined when refused. */
function zodAnswer(schema: z.ZodMiniType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Values of every JSON type (and a few that JSON cannot carry), to combine into payloads. */
export const SCALARS: unknown[] = [undefined, null, true, false, 0, 1, -1.5, '', 'x', 'true', [], {}, [1], { a: 1 }];

export function same(
  check: (value: unknown) => unknown,
  schema: z.ZodMiniType,
  values: readonly unknown[],
  output: (data: unknown) => unknown = (data) => data,
): void {
  for (const value of values) {
    const expected = zodAnswer(schema, value);
    const label = value === undefined ? 'undefined' : JSON.stringify(value);
    expect(check(value) === undefined, label).toBe(expected === undefined);
    // toEqual: an optional key zod writes as undefined and a missing key read the same (`entry.link !== undefined`).
    if (expected !== undefined) expect(check(value), label).toEqual(output(expected));
  }
}
