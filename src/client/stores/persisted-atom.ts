/**
 * localStorage-backed stores whose values are validated on every read: a
 * corrupted, tampered or old-format value is dropped (the store falls back to
 * its initial value), never crashes the page. Values are stored as
 * `{"v":1,"value":…}` so a future format change is a version bump.
 *
 * The helper alone, apart from the spec §3 stores in ./persisted: the app
 * shell needs only the device id, not the other stores' schemas.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import * as z from 'zod/mini';

/** Key prefix of every value the portal keeps in localStorage. */
export const STORAGE_PREFIX = 'lf:';
export const STORAGE_VERSION = 1;

const envelopeSchema = z.object({ v: z.literal(STORAGE_VERSION), value: z.unknown() });

/** Decodes a stored string; undefined when it is not valid JSON of this version and schema. */
export function decodeStored<S extends z.ZodMiniType>(schema: S, encoded: string | undefined): z.infer<S> | undefined {
  if (encoded === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    return undefined;
  }
  const envelope = envelopeSchema.safeParse(parsed);
  if (!envelope.success) return undefined;
  const value = schema.safeParse(envelope.data.value);
  return value.success ? value.data : undefined;
}

export function encodeStored(value: unknown): string | undefined {
  // undefined and null both mean "not stored": the key is removed.
  return value === undefined || value === null ? undefined : JSON.stringify({ v: STORAGE_VERSION, value });
}

/** A persisted atom holding `schema` values, `initial` when nothing valid is stored. */
// Creating the atom only reads storage, so an unused store changes nothing: marked pure so bundles drop unused ones.
/* @__NO_SIDE_EFFECTS__ */
export function validatedPersistentAtom<S extends z.ZodMiniType, I extends z.infer<S> | null>(
  key: string,
  schema: S,
  initial: I,
): WritableAtom<z.infer<S> | I> {
  return persistentAtom<z.infer<S> | I>(`${STORAGE_PREFIX}${key}`, initial, {
    encode: encodeStored,
    decode: (encoded) => decodeStored(schema, encoded) ?? initial,
  });
}
