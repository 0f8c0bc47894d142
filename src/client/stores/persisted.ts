/**
 * The four persisted keys of spec §3 (verifiedTokenEmail, consoleTracking,
 * tpaClicked, verificationParams), each validated on every read through
 * ./persisted-atom.
 */
import * as z from 'zod/mini';
import { checked } from '../../shared/contract/checked';
import { emailAddress, stringRecord } from '../../shared/contract/formats';
import { validatedPersistentAtom } from './persisted-atom';

export { schemaReader, validatedPersistentAtom } from './persisted-atom';
export { decodeStored, encodeStored, STORAGE_PREFIX, STORAGE_VERSION } from './stored-value';

/** Email whose verification token was confirmed (shown on the next screen). */
export const $verifiedTokenEmail = validatedPersistentAtom('verifiedTokenEmail', emailAddress(), null);

/** Console linking tracking: which account type, game and platform the player came from. */
export const consoleTrackingSchema = z.object({
  accountType: z.optional(checked(z.string(), z.maxLength(64))),
  game: z.optional(checked(z.string(), z.maxLength(64))),
  platform: z.optional(checked(z.string(), z.maxLength(64))),
});
export const $consoleTracking = validatedPersistentAtom('consoleTracking', consoleTrackingSchema, null);

/** The third-party provider whose button was clicked last (restores the flow after the provider's redirect). */
export const $tpaClicked = validatedPersistentAtom(
  'tpaClicked',
  checked(z.string(), z.regex(/^[a-z][a-z0-9_-]{1,31}$/)),
  null,
);

/** Parameters of an in-progress verification (email, auth type, target route…), as strings. */
export const verificationParamsSchema = stringRecord(
  checked(z.string(), z.regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/)),
  checked(z.string(), z.maxLength(512)),
);
export const $verificationParams = validatedPersistentAtom('verificationParams', verificationParamsSchema, null);
