/**
 * Who is signing in: the no-auth calls of the second step (auth types, SMS
 * code, trusted-device verification) serve only the caller that holds the
 * sign-in of that account — a pending session after the password step, or an
 * already complete one.
 */
import type { Context } from 'hono';
import { findAccountById } from '../core/data/accounts';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, LOGIN_REQUIRED } from '../core/http/errors';
import type { Session } from '../core/security/sessions';

type Ctx = Context<AppEnv>;

/** 401 20001: the caller holds no sign-in of this account (same answer whether the account exists or not). */
export function noPendingSignIn(): ApiError {
  return new ApiError(401, LOGIN_REQUIRED, 'No sign-in in progress for this account');
}

export function sameEmail(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The account whose sign-in the caller holds (pending second factor, or
 * already complete), matched against `email` when given. Anyone else — no
 * session, another account, an unknown email — gets the same 20001: the
 * look-up says nothing about accounts the caller has not signed in to.
 */
export async function signingInAccount(c: Ctx, session: Session | null, email?: string): Promise<AccountRow> {
  const account = session ? await findAccountById(c.var.db, session.accountId) : null;
  if (!account || (email !== undefined && !sameEmail(account.email, email))) throw noPendingSignIn();
  return account;
}
