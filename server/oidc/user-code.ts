/**
 * The code a player types to activate a console (RFC 8628 user code) is a secret for its 10 minutes: about 38 bits
 * that, read from a copy of the database, would let anyone approve a console onto a stranger's account. It is stored
 * as a keyed hash, never in the clear (issue 26 §5): HMAC-SHA256 of the normalised code (./device.ts
 * normaliseUserCode). A keyed hash rather than a salted one because the portal finds the row by the typed code; a
 * plain SHA-256 of 28^8 codes would be reversed in seconds, the key makes that impossible without the secret.
 *
 * The key is derived from OIDC_KEY_SECRET with its own label (./mac.ts).
 */
import { labelledMac } from './mac';

const LABEL = 'lumenforge/oidc/user-code/v1';

/** The stored form of a normalised user code: HMAC-SHA256, hex. */
export function userCodeHash(secretBase64: string, normalised: string): Promise<string> {
  return labelledMac(secretBase64, LABEL, normalised);
}
