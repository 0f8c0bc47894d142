/**
 * The sign-in waiting for its second step, as the second-step screens read it at start (./second-step has the
 * calls, loaded with the first one).
 */
import type { AuthTypesResponse } from '../../../shared/contract/mfa';
import { checkEmail } from '../../../shared/validation/email-format';
import { readPendingLogin } from '../../shared/pending-login';
import type { CodeMethod } from '../code/code-input';

export interface PendingSignIn {
  readonly email: string;
  readonly rememberMe: boolean;
}

/**
 * The sign-in waiting for its second step: `none` when there is none in this
 * browser; `not-email` when it was started with a legacy ID (the auth-type and
 * verification calls identify the account by its email).
 */
export function pendingSignIn(): PendingSignIn | 'none' | 'not-email' {
  const pending = readPendingLogin();
  if (pending.loginId === '') return 'none';
  const email = checkEmail(pending.loginId);
  return 'email' in email ? { email: email.email, rememberMe: pending.rememberMe } : 'not-email';
}

/** The methods a player can answer with: the account's second factors, and backup codes when one is on. */
export function loginMethods(data: Pick<AuthTypesResponse, 'authTypes'>): CodeMethod[] {
  const factors = data.authTypes.filter((a): a is 'TOTP' | 'SMS' => a === 'TOTP' || a === 'SMS');
  return factors.length > 0 ? [...factors, 'BACKUP_CODE'] : [];
}
