/**
 * The four persisted keys of spec §3 (verifiedTokenEmail, consoleTracking,
 * tpaClicked, verificationParams), each validated on every read through
 * ./persisted-atom with the hand-written checks of ./persisted-checks (no zod
 * at start: docs/performance.md).
 */
import { checkedPersistentAtom } from './persisted-atom';
import { readConsoleTracking, readEmail, readParams, readProvider } from './persisted-checks';

export { checkedPersistentAtom, schemaReader, validatedPersistentAtom } from './persisted-atom';
export { readConsoleTracking, readEmail, readParams, readProvider, type ConsoleTracking } from './persisted-checks';
export { decodeStored, encodeStored, STORAGE_PREFIX, STORAGE_VERSION } from './stored-value';

/** Email whose verification token was confirmed (shown on the next screen). */
export const $verifiedTokenEmail = checkedPersistentAtom('verifiedTokenEmail', readEmail, null);

/** Console linking tracking: which account type, game and platform the player came from. */
export const $consoleTracking = checkedPersistentAtom('consoleTracking', readConsoleTracking, null);

/** The third-party provider whose button was clicked last (restores the flow after the provider's redirect). */
export const $tpaClicked = checkedPersistentAtom('tpaClicked', readProvider, null);

/** Parameters of an in-progress verification (email, auth type, target route…), as strings. */
export const $verificationParams = checkedPersistentAtom('verificationParams', readParams, null);
