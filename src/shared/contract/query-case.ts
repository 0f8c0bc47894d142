/**
 * Spec §7: GET parameters travel in snake_case while the contract's query
 * schemas use camelCase. The client encodes with `encodeQuery`; the reference
 * API decodes with `decodeQuery` before parsing with the endpoint's schema.
 */

/** childUserNo → child_user_no; already snake or lower-case keys are unchanged. */
export function toSnakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** child_user_no → childUserNo. */
export function toCamelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export type QueryValue = string | number | boolean | null | undefined;

/** A query object as URL search params with snake_case keys; null and undefined values are left out. */
export function encodeQuery(query: Readonly<Record<string, QueryValue>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(toSnakeCase(key), String(value));
  }
  return params;
}

/**
 * URL search params as a camelCase object for the endpoint's query schema.
 * A repeated key (or two spellings of one key) is ambiguous, the classic
 * parameter-pollution trick: null, so the API answers with a bad-input error.
 */
export function decodeQuery(params: URLSearchParams): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    const name = toCamelCase(key);
    if (Object.prototype.hasOwnProperty.call(out, name)) return null;
    out[name] = value;
  }
  return out;
}
