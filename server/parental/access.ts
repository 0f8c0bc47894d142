/**
 * Who may do what in parental controls (spec §6 "Parent" and "Child account";
 * docs/parental.md):
 *
 * - a parent is an account that started setup (parental_controls row) and is
 *   not itself a child; a child account can never act as a parent;
 * - a parent acts only on its own children: every child change names the
 *   parent in its SQL (server/parental/data.ts), and a child of another family
 *   answers exactly like an unknown account number (400 20022, no change);
 * - the sensitive actions (deactivate, release, disable controls) need a
 *   settings verification for 'parental-controls' within 10 minutes (403
 *   20008 "missing verification code: 10", spec §8 N=10).
 */
import type { Context } from 'hono';
import { isMinorIn } from '../../src/shared/validation/age-of-consent';
import { formatMissingVerificationCode, VERIFICATION_KIND } from '../../src/shared/errors/payloads';
import { childOfParent, parentalStartedAt, parentOf, type FamilyAccount } from './data';
import type { AccountRow } from '../core/data/rows';
import type { Db } from '../core/db/engine';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import type { Session } from '../core/security/sessions';
import { isRecentlyVerified, signedIn } from '../settings/verification';

type Ctx = Context<AppEnv>;

export interface ParentContext {
  session: Session;
  account: AccountRow;
}

/** 403 20022: the call is for parents, and this account is not one (or is a child). */
export function notAParent(): ApiError {
  return new ApiError(403, '20022', 'Parental controls are not set up for this account');
}

/** The child is not this parent's (or does not exist): one answer for both, nothing changes. */
export function notYourChild(): ApiError {
  return new ApiError(400, '20022', 'No such child in this family');
}

/** The last day of the birth month: the latest birthday the stored month allows (never admits a minor early). */
function latestBirthday(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A minor by the flag sign-up set, or by the stored birth month and country (the age of digital consent). */
export function isMinorAccount(account: AccountRow, now: number): boolean {
  if (account.is_minor) return true;
  if (account.birth_year === null || account.birth_month === null || account.country_code === null) return false;
  return isMinorIn(account.country_code, latestBirthday(account.birth_year, account.birth_month), now);
}

/**
 * Why an account cannot be a parent (docs/parental.md "Who can be a parent"),
 * or null when it can: a minor, a child account (in a family as a child), an
 * unverified email address.
 */
export async function notEligibleReason(
  db: Db,
  account: AccountRow,
  now: number,
): Promise<'minor' | 'child' | 'email-unverified' | null> {
  if (isMinorAccount(account, now)) return 'minor';
  if ((await parentOf(db, account.id)) !== null) return 'child';
  if (!account.email_verified) return 'email-unverified';
  return null;
}

export function notEligible(): ApiError {
  return new ApiError(403, 'PARENT_NOT_ELIGIBLE', 'This account cannot be a parent');
}

/** The signed-in parent (setup started), never a child account. */
export async function requireParent(c: Ctx, session: Session | null): Promise<ParentContext> {
  const { session: s, account } = await signedIn(c, session);
  const db = c.var.db;
  if ((await parentalStartedAt(db, account.id)) === null) throw notAParent();
  if ((await parentOf(db, account.id)) !== null) throw notAParent();
  return { session: s, account };
}

/** The parent with consent recorded (isParentalSet): adding children needs it (spec §2 consent guard). */
export async function requireConsentedParent(c: Ctx, session: Session | null): Promise<ParentContext> {
  const parent = await requireParent(c, session);
  if (parent.account.parental_consent_at === null)
    throw new ApiError(403, '20022', 'Verifiable parental consent is not complete');
  return parent;
}

/** This parent's child, or 400 20022 (another family's child, or no such account). */
export async function ownChild(c: Ctx, parent: ParentContext, childId: number): Promise<FamilyAccount> {
  const child = await childOfParent(c.var.db, parent.account.id, childId);
  if (child === null) throw notYourChild();
  return child;
}

/** Spec §8 20008 N=10: the parental-control verification. */
export function parentalVerificationRequired(): ApiError {
  return new ApiError(403, '20008', formatMissingVerificationCode(VERIFICATION_KIND.parentalControl));
}

export async function assertParentalVerification(c: Ctx, parent: ParentContext): Promise<void> {
  if (!(await isRecentlyVerified(c.var.db, parent.session, 'parental-controls', c.var.clock.now())))
    throw parentalVerificationRequired();
}
