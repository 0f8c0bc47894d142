/**
 * The parent code of a minor's terms consent (spec §5 "parent verification
 * code", §8 20256 and 20068; docs/parental.md "Minors' terms"): when a minor
 * in a family must accept new terms, the sign-in pauses with 20256 and the
 * parent is emailed a 6-character code (letters and digits) the child enters.
 *
 * - The code lives 30 minutes (PARENT_CODE.ttlMs), works once, and only the
 *   newest one works (verification_codes: one conditional update consumes it,
 *   so of two parallel tries with the right code exactly one wins).
 * - Sends are capped per child: 5 an hour (20157), the pause's own send
 *   included, so a minor retrying the sign-in cannot flood the parent.
 * - Tries are reserved before the check: 5 wrong codes within 15 minutes
 *   lock the child's code entry for 15 minutes (20157), and each code dies
 *   after 5 tries. A wrong, expired or used code is 20068 (the portal shows
 *   error.form.invalid-code).
 * - Compared case-insensitively: the code is drawn from upper-case letters
 *   and digits without look-alikes (0/O, 1/I/L); input is upper-cased.
 */
import type { Context } from 'hono';
import type { Db, Query } from '../core/db/engine';
import { termsOutstanding } from '../core/reference/terms';
import { parentOf, type FamilyAccount } from './data';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { sendParentCode } from './notices';
import { consumeCode, issueCode, type CodeKind } from '../core/security/codes';
import {
  hit,
  reserve,
  settleFailure,
  successStatements,
  type Limit,
  type Reservation,
} from '../core/security/rate-limit';
import { isMinorAccount } from './access';

type Ctx = Context<AppEnv>;

const MINUTE = 60_000;

export const PARENT_CODE: CodeKind = { purpose: 'parental.terms', ttlMs: 30 * MINUTE };
export const PARENT_CODE_LENGTH = 6;
/** 31 symbols, upper case, without the look-alikes 0, O, 1, I and L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const PARENT_CODE_SENDS: Limit = {
  scope: 'parent-code-send:child',
  max: 5,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
  code: '20157',
  onSuccess: 'keep',
};

export const PARENT_CODE_TRIES: Limit = {
  scope: 'parent-code-try:child',
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
  onSuccess: 'reset',
};

export function drawParentCode(): string {
  // ALPHABET has 31 symbols (no 0, O, 1, I, L): rejection sampling keeps every symbol equally likely.
  let code = '';
  while (code.length < PARENT_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(PARENT_CODE_LENGTH * 2))) {
      const i = byte & 31;
      if (i < ALPHABET.length && code.length < PARENT_CODE_LENGTH) code += ALPHABET.charAt(i);
    }
  }
  return code;
}

/** The parent whose consent the minor's sign-in waits for, or null when the account accepts terms itself. */
export async function consentingParent(db: Db, account: AccountRow, now: number): Promise<FamilyAccount | null> {
  if (!termsOutstanding(account.terms_accepted_at)) return null;
  if (!isMinorAccount(account, now)) return null;
  return parentOf(db, account.id);
}

/** Spec §8 20256: the parent's consent code is required. */
export function parentCodeRequired(): ApiError {
  return new ApiError(403, '20256', 'A parent must consent to the current terms');
}

/** Issues a code and emails it to the parent (capped per child: 20157). */
export async function sendCodeToParent(c: Ctx, child: AccountRow, parent: FamilyAccount): Promise<void> {
  const now = c.var.clock.now();
  await hit(c.var.db, now, PARENT_CODE_SENDS, String(child.id));
  const code = await issueCode(
    c.var.db,
    { accountId: child.id, target: parent.email, kind: PARENT_CODE },
    now,
    drawParentCode,
  );
  await sendParentCode(c, parent.email, child.email, code, PARENT_CODE.ttlMs);
}

export function invalidParentCode(): ApiError {
  return new ApiError(400, '20068', 'Wrong, expired or used parent code');
}

/**
 * Checks the code the child typed. Returns the statements that settle the
 * tries on success (to batch with the consent); throws 20068 or 20157.
 */
export async function checkParentCode(
  c: Ctx,
  child: AccountRow,
  parent: FamilyAccount,
  typed: string,
): Promise<Query[]> {
  const now = c.var.clock.now();
  const tries: Reservation[] = await reserve(c.var.db, now, [[PARENT_CODE_TRIES, String(child.id)]]);
  const result = await consumeCode(
    c.var.db,
    { accountId: child.id, target: parent.email, kind: PARENT_CODE },
    typed.toUpperCase(),
    now,
  );
  if (result === 'ok') return successStatements(c.var.db, tries);
  throw (await settleFailure(c.var.db, now, tries)) ?? invalidParentCode();
}
