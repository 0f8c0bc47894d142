/**
 * Settings verification (spec §4): before a signed-in player makes a protected
 * change, the session proves its holder again — an emailed, texted,
 * authenticator or backup code (PUT /mfa/settings/verify). The proof is made
 * for one purpose (EMAIL_CODE_PURPOSES: the change the player set out to make)
 * and unlocks only that purpose, for SETTINGS_VERIFICATION_MS (issue 12): a
 * code proven for a payment card does not also turn two-factor off. Every
 * protected endpoint names its purpose (a required argument below).
 *
 * A sign-in counts as a proof for every purpose for the same 10 minutes: the
 * player has just proven the password and, when due, the second factor, which
 * is at least what any one verification proves. So right after signing in the
 * email-code request answers `isBypassed` and the change goes ahead.
 *
 * "Verify first" is the spec's signal (§8): 403 20008 "missing verification
 * code: 9", which the portal's main handler answers with the verification
 * (cancel goes to security). 20038 keeps its catalogue meaning, invalid
 * access: a change this account or session may not make at all.
 */
import type { Context } from 'hono';
import { findAccountById } from '../core/data/accounts';
import { lastSettingsVerification } from '../mfa/data';
import type { Db } from '../core/db/engine';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { formatMissingVerificationCode, VERIFICATION_KIND } from '../../src/shared/errors/payloads';
import { ApiError, LOGIN_REQUIRED } from '../core/http/errors';
import type { Session } from '../core/security/sessions';
import type { EmailCodePurpose } from '../../src/routes/verification-purposes';

export const SETTINGS_VERIFICATION_MS = 10 * 60_000;

/** The session signed in, or was verified for `purpose`, within the last 10 minutes. */
export async function isRecentlyVerified(
  db: Db,
  session: Session,
  purpose: EmailCodePurpose,
  now: number,
): Promise<boolean> {
  const at = await lastSettingsVerification(db, session.tokenHash, purpose);
  return at !== null && now - at < SETTINGS_VERIFICATION_MS;
}

/** 403 20008 N=9: the change needs a settings verification first (the portal runs the §4 flow, then retries). */
export function verificationRequired(): ApiError {
  return new ApiError(403, '20008', formatMissingVerificationCode(VERIFICATION_KIND.trustedDevice));
}

/** The signed-in session and its account (401 20001 when there is none, or the account is gone). */
export async function signedIn(
  c: Context<AppEnv>,
  session: Session | null,
): Promise<{ session: Session; account: AccountRow }> {
  const account = session ? await findAccountById(c.var.db, session.accountId) : null;
  if (!session || !account) throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
  return { session, account };
}

/**
 * Protected changes need a verified email (spec §4, §6: changing settings needs
 * one; 403 20038 otherwise, since no session verification can help) and a
 * session signed in or verified for `purpose` within the last 10 minutes
 * (403 20008 N=9 otherwise).
 */
export async function assertMayChangeFactors(
  c: Context<AppEnv>,
  session: Session,
  account: AccountRow,
  purpose: EmailCodePurpose,
) {
  if (!account.email_verified) throw new ApiError(403, '20038', 'Email address not verified');
  if (!(await isRecentlyVerified(c.var.db, session, purpose, c.var.clock.now()))) throw verificationRequired();
}
