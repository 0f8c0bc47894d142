/**
 * Equal work for known and unknown identifiers when legacy accounts exist (issue 26 §4, docs/security.md "Timing
 * of look-ups"). A legacy account's hash is bcrypt until its first right password (docs/legacy.md); every other
 * hash, and the decoy an unknown identifier is checked against, is PBKDF2 (`lfp1`). Without this, an unknown
 * legacy ID cost a PBKDF2 decoy (~88 ms) where an existing one cost its bcrypt check (~18 ms at cost 10), which
 * told anyone which legacy IDs exist.
 *
 * The rule, for every password check (checkPassword, server/signin/authenticate.ts):
 * - one PBKDF2 at the current parameters: the real one for an `lfp1` hash, the decoy otherwise (checkPassword runs
 *   the decoy for no account; a bcrypt hash adds it here);
 * - for an identifier in the legacy-ID form (no `@`), one bcrypt at the legacy cost (legacyBcryptCost) as well: the real one for a
 *   bcrypt hash, a decoy in the same format and cost otherwise.
 * So a legacy ID costs one bcrypt and one PBKDF2 whether it exists or not, whatever its hash; an email costs one
 * PBKDF2, plus one bcrypt for a legacy account not yet rehashed (the one residual difference: one bcrypt at the
 * legacy cost, ~18 ms at cost 10).
 */
import { settingsOf, type Env } from '../core/env';
import { isLegacyHash, legacyHash, verifyLegacyHash } from '../core/security/legacy-hash';
import { verifyAgainstDecoy } from '../core/security/password';
import { passwordParams } from '../core/security/hash-cost';

/**
 * The bcrypt cost of the old system's hashes: set it to the cost your legacy hashes carry (`$2b$<cost>$…`), so
 * the decoy costs what a real check costs. 10 is bcrypt's usual default and the seed's.
 */
export const LEGACY_BCRYPT_COST = 10;
/** The cost on dev and test instances (DEV_TOOLS): bcrypt's lowest, the dev hook's, so tests stay fast. */
export const DEV_LEGACY_BCRYPT_COST = 4;

/** The legacy cost this instance's decoy uses (and the dev hook hashes at). */
export function legacyBcryptCost(env: Env): number {
  return settingsOf(env).devTools ? DEV_LEGACY_BCRYPT_COST : LEGACY_BCRYPT_COST;
}

const decoys = new Map<number, Promise<string>>();

/** A bcrypt check against a hash of no account, at the legacy cost. */
async function verifyAgainstLegacyDecoy(password: string, cost: number): Promise<void> {
  let decoy = decoys.get(cost);
  if (decoy === undefined) {
    decoy = legacyHash('decoy-password-for-timing', cost);
    decoys.set(cost, decoy);
  }
  await verifyLegacyHash(password, await decoy);
}

/** Whether a sign-in identifier has the legacy-ID form (an email always has an `@`; a legacy ID never). */
export function isLegacyIdForm(loginId: string): boolean {
  return !loginId.includes('@');
}

/**
 * The work this check adds beside its own (the stored hash's verification, or checkPassword's PBKDF2 decoy for no
 * account), so that it costs what any check of an identifier of this form costs (see the rule above).
 */
export async function evenOutHashWork(
  env: Env,
  loginId: string,
  stored: string | null,
  password: string,
): Promise<void> {
  const bcryptStored = stored !== null && isLegacyHash(stored);
  if (bcryptStored) await verifyAgainstDecoy(password, passwordParams(env));
  else if (isLegacyIdForm(loginId)) await verifyAgainstLegacyDecoy(password, legacyBcryptCost(env));
}
