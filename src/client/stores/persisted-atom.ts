/**
 * localStorage-backed stores whose values are validated on every read
 * (./stored-value): a corrupted, tampered or old-format value is dropped (the
 * store falls back to its initial value), never crashes the page.
 *
 * The helper alone, apart from the spec §3 stores in ./persisted, so a page
 * loads only the stores (and schemas) it uses. A store read at start checks
 * its values by hand (`checkedPersistentAtom`, as ./persisted does), so its
 * page loads no zod; `validatedPersistentAtom` takes a zod schema for a store
 * that code loaded on demand reads.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import type * as z from 'zod/mini';
import { decodeStored, encodeStored, STORAGE_PREFIX, type ReadStored } from './stored-value';

/** A stored-value reader that checks with a zod schema (the parsed value, or undefined when refused). */
/* @__NO_SIDE_EFFECTS__ */
export function schemaReader<S extends z.ZodMiniType>(schema: S): ReadStored<z.infer<S>> {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
}

/** A persisted atom holding the values `read` accepts, `initial` when nothing valid is stored. */
// Creating the atom only reads storage, so an unused store changes nothing: marked pure so bundles drop unused ones.
/* @__NO_SIDE_EFFECTS__ */
export function checkedPersistentAtom<T, I extends T | null>(
  key: string,
  read: ReadStored<T>,
  initial: I,
): WritableAtom<T | I> {
  return persistentAtom<T | I>(`${STORAGE_PREFIX}${key}`, initial, {
    encode: encodeStored,
    decode: (encoded) => decodeStored(read, encoded) ?? initial,
  });
}

/** A persisted atom holding `schema` values, `initial` when nothing valid is stored. */
/* @__NO_SIDE_EFFECTS__ */
export function validatedPersistentAtom<S extends z.ZodMiniType, I extends z.infer<S> | null>(
  key: string,
  schema: S,
  initial: I,
): WritableAtom<z.infer<S> | I> {
  return checkedPersistentAtom(key, schemaReader(schema), initial);
}
