/**
 * Values the portal keeps in localStorage, validated on every read: a
 * corrupted, tampered or old-format value is dropped, never crashes the page.
 * Values are stored as `{"v":1,"value":…}` so a future format change is a
 * version bump. The persisted stores (./persisted-atom) use this format; a
 * value nobody subscribes to (the device id) is read and written here
 * directly, so the page start-up needs no store library.
 *
 * The reader of a value is a function (`read`): the persisted atoms pass their
 * zod schema's parse, the start-up a hand-written check, so this module, which
 * the start-up loads on every page, needs no zod (../startup/payloads).
 */
import { parseEnvelope } from '../startup/payloads';

/** Key prefix of every value the portal keeps in localStorage. */
export const STORAGE_PREFIX = 'lf:';
export const STORAGE_VERSION = 1;

/** Checks a stored value: the value itself when valid (or a parsed copy), else undefined. */
export type ReadStored<T> = (value: unknown) => T | undefined;

/** Decodes a stored string; undefined when it is not valid JSON of this version or `read` refuses the value. */
export function decodeStored<T>(read: ReadStored<T>, encoded: string | undefined): T | undefined {
  if (encoded === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    return undefined;
  }
  const envelope = parseEnvelope(parsed, STORAGE_VERSION);
  return envelope === undefined ? undefined : read(envelope.value);
}

export function encodeStored(value: unknown): string | undefined {
  // undefined and null both mean "not stored": the key is removed.
  return value === undefined || value === null ? undefined : JSON.stringify({ v: STORAGE_VERSION, value });
}

function local(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage access throws in some sandboxed frames and privacy modes.
    return undefined;
  }
}

/**
 * Reads one stored value without a store (for a value nobody subscribes to, such as the device id, so the shell
 * needs no store library at start); undefined when absent, unreadable or invalid.
 */
export function readStored<T>(key: string, read: ReadStored<T>): T | undefined {
  try {
    return decodeStored(read, local()?.getItem(`${STORAGE_PREFIX}${key}`) ?? undefined);
  } catch {
    return undefined;
  }
}

/** Writes one stored value in the same format as the persisted atoms; false when storage refused it. */
export function writeStored(key: string, value: unknown): boolean {
  const storage = local();
  const encoded = encodeStored(value);
  try {
    if (storage === undefined) return false;
    if (encoded === undefined) storage.removeItem(`${STORAGE_PREFIX}${key}`);
    else storage.setItem(`${STORAGE_PREFIX}${key}`, encoded);
    return true;
  } catch {
    // Quota exceeded or storage disabled.
    return false;
  }
}
