/**
 * One-time 6-digit codes sent by email to prove an address (the sign-up
 * email step). Stored as a SHA-256 of purpose, address and code, never the
 * code; one live code per address and purpose (a new one replaces the old);
 * expiring; each code dies after MAX_ATTEMPTS wrong tries; used once.
 *
 * A 6-digit code has little entropy, so the hash alone would not stop an
 * offline guess: what protects a code is its short life, the per-code
 * attempt cap, and the per-address failure lock the routes apply
 * (signin-limits.ts), which a resend does not reset.
 */
import { digest, numericCode } from './tokens';
import { equalBytes, utf8 } from './bytes';
import { consumeCodeRow, newestLiveCode, replaceCode, takeCodeAttempt } from '../data/verification-codes';
import type { Db } from '../db/engine';

export const CODE_DIGITS = 6;
export const MAX_ATTEMPTS = 5;

export interface CodePurpose {
  readonly name: string;
  readonly ttlMs: number;
}

/** Sign-up email codes live 30 minutes, like the spec's other emailed codes (§9 email-change code). */
export const SIGNUP_EMAIL_CODE: CodePurpose = { name: 'signup-email', ttlMs: 30 * 60_000 };

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

function codeHash(purpose: CodePurpose, target: string, code: string): Promise<string> {
  return digest(`${purpose.name}\n${target}\n${code}`);
}

/** Creates a fresh code for the address (the previous live one stops working) and returns it for sending. */
export async function issueCode(db: Db, purpose: CodePurpose, address: string, now: number): Promise<string> {
  const target = normalizeAddress(address);
  const code = numericCode(CODE_DIGITS);
  const hash = await codeHash(purpose, target, code);
  await replaceCode(
    db,
    { accountId: null, target, purpose: purpose.name, codeHash: hash, expiresAt: now + purpose.ttlMs },
    now,
  );
  return code;
}

/** `none`: no live code (never sent, replaced or used); `expired`: past its time or out of attempts. */
export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'none';

/**
 * Checks a code; with `consume` a right code is used up (atomically: of two
 * parallel uses exactly one succeeds). A wrong code counts against the code.
 */
export async function checkCode(
  db: Db,
  purpose: CodePurpose,
  address: string,
  code: string,
  now: number,
  options: { consume: boolean },
): Promise<CodeCheck> {
  const target = normalizeAddress(address);
  // Address-bound codes have no account (account_id NULL), so any live code of the target and purpose is the one.
  const row = await newestLiveCode(db, { accountId: null, target, purpose: purpose.name });
  if (!row) return 'none';
  if (row.expires_at <= now) return 'expired';
  // The try is counted before the comparison (one conditional update): parallel guesses cannot outnumber the cap.
  if (!(await takeCodeAttempt(db, row.id, MAX_ATTEMPTS))) return 'expired';
  const candidate = await codeHash(purpose, target, code);
  if (!equalBytes(utf8.encode(candidate), utf8.encode(row.code_hash))) return 'wrong';
  if (!options.consume) return 'ok';
  return (await consumeCodeRow(db, row.id, now)) ? 'ok' : 'none';
}
