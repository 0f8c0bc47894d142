/**
 * localStorage-backed stores whose values are validated on every read: a
 * corrupted, tampered or old-format value is dropped (the store falls back to
 * its initial value), never crashes the page. Values are stored as
 * `{"v":1,"value":…}` so a future format change is a version bump.
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

// The four persisted keys of spec §3.

/** Email whose verification token was confirmed (shown on the next screen). */
export const $verifiedTokenEmail = validatedPersistentAtom('verifiedTokenEmail', z.email(), null);

/** Console linking tracking: which account type, game and platform the player came from. */
export const consoleTrackingSchema = z.object({
  accountType: z.optional(z.string().check(z.maxLength(64))),
  game: z.optional(z.string().check(z.maxLength(64))),
  platform: z.optional(z.string().check(z.maxLength(64))),
});
export const $consoleTracking = validatedPersistentAtom('consoleTracking', consoleTrackingSchema, null);

/** The third-party provider whose button was clicked last (restores the flow after the provider's redirect). */
export const $tpaClicked = validatedPersistentAtom(
  'tpaClicked',
  z.string().check(z.regex(/^[a-z][a-z0-9_-]{1,31}$/)),
  null,
);

/** Parameters of an in-progress verification (email, auth type, target route…), as strings. */
export const verificationParamsSchema = z.record(
  z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/)),
  z.string().check(z.maxLength(512)),
);
export const $verificationParams = validatedPersistentAtom('verificationParams', verificationParamsSchema, null);
