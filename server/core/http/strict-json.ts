/**
 * Strict JSON for request bodies: `JSON.parse`, then a refusal of any object
 * that names the same key twice, at any depth. JSON.parse keeps the last
 * value of a repeated key, so `{"deviceId":"a","deviceId":"b"}` would mean
 * one thing to this API and possibly another to a proxy, a WAF or a
 * publisher's backend that reads the first (RFC 8259 §4 leaves it open).
 *
 * Why a scanner rather than a second parser package: the text has already
 * passed JSON.parse, so the scanner only has to follow structure (braces,
 * brackets, commas and where strings end); every key is decoded by
 * JSON.parse itself, so "a" and "\u0061" are the same key exactly when
 * JSON says so. It is a single loop with an explicit stack: no recursion
 * depth to exhaust, linear in the body (capped at 64 KiB upstream).
 */

/**
 * The first repeated key of any object in `text`, or undefined when every
 * object's keys are unique. `text` must be JSON that JSON.parse accepted
 * (the scanner relies on it: it does not validate).
 */
export function findDuplicateKey(text: string): string | undefined {
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      // A string runs to the next quote that is not escaped; a backslash always escapes exactly one character.
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) !== 0x22) end += text.charCodeAt(end) === 0x5c /* \ */ ? 2 : 1;
      if (expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        const keys = open[open.length - 1];
        if (keys?.has(key)) return key;
        keys?.add(key);
        expectKey = false;
      }
      i = end;
    } else if (ch === 0x7b /* { */) {
      open.push(new Set());
      expectKey = true;
    } else if (ch === 0x5b /* [ */) {
      open.push(null);
      expectKey = false;
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      open.pop();
      expectKey = false;
    } else if (ch === 0x2c /* , */) {
      // After a comma inside an object comes a key; inside an array, a value.
      expectKey = open[open.length - 1] instanceof Set;
    }
  }
  return undefined;
}

export type StrictJson = { ok: true; value: unknown } | { ok: false; reason: 'malformed' | 'duplicate'; key?: string };

/** Parses a request body: malformed JSON and repeated keys are both refusals. */
export function parseStrictJson(text: string): StrictJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const key = findDuplicateKey(text);
  return key === undefined ? { ok: true, value } : { ok: false, reason: 'duplicate', key };
}
