/**
 * Password hashes of the old system (legacy accounts, docs/legacy.md): bcrypt
 * (`$2a$`, `$2b$`, `$2y$`), verified with the maintained `bcryptjs` (pure JS,
 * runs in workerd). A legacy hash is never written again: the first right
 * password replaces it with the current format (password.ts answers
 * `needsRehash`, security/authenticate.ts stores the new hash).
 *
 * Imported by password.ts, which scripts/seed.mjs loads: erasable TypeScript only.
 */
import bcrypt from 'bcryptjs';

/** Modular crypt format: `$2b$<cost>$<22 chars salt><31 chars hash>`. */
const BCRYPT = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/;

export function isLegacyHash(stored: string): boolean {
  return BCRYPT.test(stored);
}

/**
 * The old system hashed the password as typed (no Unicode normalisation, as
 * the current format does), so the password is compared as given.
 */
export async function verifyLegacyHash(password: string, stored: string): Promise<boolean> {
  if (!isLegacyHash(stored)) return false;
  return bcrypt.compare(password, stored);
}

/** For the seed and tests only: a hash as the old system stored it. */
export async function legacyHash(password: string, cost = 10): Promise<string> {
  return bcrypt.hash(password, cost);
}
