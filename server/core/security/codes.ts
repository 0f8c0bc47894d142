/**
 * One-time numeric codes sent by SMS or email (spec §9: 6 digits; phone codes
 * valid 5 minutes). A code is bound to the account, the number or address it
 * was sent to, and its purpose; only the newest code of that triple works (a
 * resend invalidates the previous one), and it works once.
 *
 * Stored as `c1$<salt>$<SHA-256 hex>` of salt, purpose, target and code: the
 * codes live minutes and guesses are rate limited online (wrong codes count
 * toward the account lock), so a salted digest is enough to keep them out of
 * the database in the clear. Failures are counted by the limiter, not by the
 * code, so asking for a new code never resets them (server/core/security/code-guard.ts).
 */
import { consumeCodeRow, newestLiveCode, replaceCode, takeCodeAttempt } from '../data/verification-codes';
import type { Db } from '../db/engine';
import { randomBytes, toBase64Url, utf8, equalBytes } from './bytes';
import { digest, numericCode } from './tokens';

const MINUTE = 60_000;

export interface CodeKind {
  /** Stored in verification_codes.purpose. */
  readonly purpose: string;
  readonly ttlMs: number;
}

/** The code kinds of two-factor and settings verification. */
export const CODE_KINDS = {
  /** Second sign-in step by SMS (spec §9 phone code 5 minutes). */
  loginSms: { purpose: 'mfa.login.sms', ttlMs: 5 * MINUTE },
  /** Settings verification by SMS to the number on file. */
  settingsSms: { purpose: 'mfa.settings.sms', ttlMs: 5 * MINUTE },
  /** Proof of a new phone number (enable SMS verification; parental SMS verification may reuse it). */
  phoneVerify: { purpose: 'phone.verify', ttlMs: 5 * MINUTE },
  /** Settings verification by email (spec §9: the email code validity is 30 minutes). */
  settingsEmail: { purpose: 'mfa.settings.email', ttlMs: 30 * MINUTE },
  /** Linking a console to the account by SMS (docs/platforms.md): the phone code's 5 minutes. */
  linkSms: { purpose: 'platform.link.sms', ttlMs: 5 * MINUTE },
  /** Linking a console to an account without a second factor: an emailed code, valid like settings email codes. */
  linkEmail: { purpose: 'platform.link.email', ttlMs: 30 * MINUTE },
} as const satisfies Record<string, CodeKind>;

export const CODE_DIGITS = 6;
/** A code that was guessed wrong this often is dead even before it expires (belt and braces to the lock). */
export const MAX_ATTEMPTS_PER_CODE = 5;

export interface CodeTarget {
  accountId: number;
  /** E.164 number or email address the code went to. */
  target: string;
  kind: CodeKind;
}

async function hashCode(salt: string, t: CodeTarget, code: string): Promise<string> {
  return digest(`${salt}\u0000${t.kind.purpose}\u0000${t.target.toLowerCase()}\u0000${code}`);
}

async function sealCode(t: CodeTarget, code: string): Promise<string> {
  const salt = toBase64Url(randomBytes(16));
  return `c1$${salt}$${await hashCode(salt, t, code)}`;
}

async function codeMatches(stored: string, t: CodeTarget, code: string): Promise<boolean> {
  const [version, salt, hash] = stored.split('$');
  if (version !== 'c1' || salt === undefined || hash === undefined) return false;
  return equalBytes(utf8.encode(await hashCode(salt, t, code)), utf8.encode(hash));
}

/**
 * Draws a new code for the target and stores it, invalidating any earlier
 * code of the same account, target and purpose (one batch). Returns the code
 * for the message; it is never stored or logged in the clear.
 */
export async function issueCode(
  db: Db,
  t: CodeTarget,
  now: number,
  /** Another code shape (the parent's 6-character code of server/parental/parent-codes.ts); 6 digits by default. */
  draw: () => string = () => numericCode(CODE_DIGITS),
): Promise<string> {
  const code = draw();
  const codeHash = await sealCode(t, code);
  await replaceCode(
    db,
    { accountId: t.accountId, target: t.target, purpose: t.kind.purpose, codeHash, expiresAt: now + t.kind.ttlMs },
    now,
  );
  return code;
}

/** `invalid`: no live code (never sent, expired, used, replaced or worn out); `wrong`: a live code, not this one. */
export type CodeCheck = 'ok' | 'wrong' | 'invalid';

/** Checks and, when right, consumes the newest code of the target (a conditional update: one use, even in parallel). */
export async function consumeCode(db: Db, t: CodeTarget, code: string, now: number): Promise<CodeCheck> {
  const row = await newestLiveCode(db, { accountId: t.accountId, target: t.target, purpose: t.kind.purpose });
  if (!row || row.expires_at <= now) return 'invalid';
  // The try is counted before the comparison (one conditional update): parallel guesses cannot outnumber the cap.
  if (!(await takeCodeAttempt(db, row.id, MAX_ATTEMPTS_PER_CODE))) return 'invalid';
  if (!(await codeMatches(row.code_hash, t, code))) return 'wrong';
  return (await consumeCodeRow(db, row.id, now)) ? 'ok' : 'invalid';
}
