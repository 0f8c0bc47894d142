/**
 * Backup codes (spec §3, §9): 10 codes of 8 digits, single use. Each is
 * stored as a salted slow hash with the password hasher's own format
 * (`lfp1$…`, 16-byte random salt per code) at 100,000 PBKDF2-HMAC-SHA256
 * iterations — one WebCrypto call, exactly the production Workers cap. Not the
 * 600,000 of passwords: a sign-in with a backup code may have to try every
 * unused code of the account (up to 10 derivations), and a code is only half
 * of a sign-in (the password comes first). See docs/two-factor-api.md.
 */
import { hashPassword, verifyPassword, type HashCost, type HashParams } from './password';
import { numericCode } from './tokens';

export const BACKUP_CODE_COUNT = 10;
export const BACKUP_CODE_DIGITS = 8;
/**
 * By cost, as PASSWORD_HASH_PARAMS (server/core/security/password.ts): `test` is the API test servers'
 * (PASSWORD_HASH_COST=test). A server picks its row through backupCodeParams (server/core/security/hash-cost.ts).
 */
export const BACKUP_CODE_HASH_PARAMS: Readonly<Record<HashCost, HashParams>> = {
  standard: { totalIterations: 100_000, iterationsPerCall: 100_000 },
  test: { totalIterations: 1_000, iterationsPerCall: 1_000 },
};

/** A new set: 10 distinct 8-digit codes, uniformly random. */
export function newBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(numericCode(BACKUP_CODE_DIGITS));
  return [...codes];
}

export function hashBackupCode(code: string, params: HashParams = BACKUP_CODE_HASH_PARAMS.standard): Promise<string> {
  return hashPassword(code, params);
}

export interface StoredBackupCode {
  id: number;
  codeHash: string;
}

/** The stored code `code` matches, or null. Every candidate is tried, so timing does not reveal its place. */
export async function findBackupCode(code: string, candidates: readonly StoredBackupCode[]): Promise<number | null> {
  let found: number | null = null;
  for (const candidate of candidates) {
    const { ok } = await verifyPassword(code, candidate.codeHash);
    if (ok && found === null) found = candidate.id;
  }
  return found;
}
