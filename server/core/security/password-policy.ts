/**
 * The one check of a new password the API is about to store (issue 10 item
 * 7), in order of cost:
 *
 * 1. the publisher's §5 rules (20194–20198, src/shared/validation/password.ts);
 * 2. the blocklist of common passwords and their trivial variants
 *    (src/shared/validation/password-blocklist.ts) → PASSWORD_TOO_COMMON;
 * 3. when BREACHED_PASSWORDS_API_URL is set, the k-anonymity breach check
 *    (server/core/providers/breached-passwords.ts) → PASSWORD_TOO_COMMON, failing
 *    open when the provider does not answer.
 *
 * Every route that sets a password calls `assertNewPassword` (today: sign-up);
 * the "not one of the last 5" rule (20199) needs the account's hashes and
 * stays with the routes that change a password.
 */
import type { Context } from 'hono';
import type { ErrorCode } from '../../../src/shared/errors/codes';
import { BLOCKLISTED_PASSWORD_CODE, passwordIssues } from '../../../src/shared/validation/password';
import { isBlocklistedPassword } from '../../../src/shared/validation/password-blocklist';
import { settingsOf, type Env } from '../env';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { rangeQueryCheck, type BreachedPasswordCheck } from '../providers/breached-passwords';

/** Why a new password is refused: the code to answer and a hint for logs; null when it may be stored. */
export async function newPasswordProblem(
  password: string,
  email: string,
  breach: BreachedPasswordCheck | null,
): Promise<{ code: ErrorCode; message: string } | null> {
  const [broken] = passwordIssues(password, email);
  if (broken !== undefined) return { code: broken, message: `Password rule ${broken} not met` };
  if (isBlocklistedPassword(password, email))
    return { code: BLOCKLISTED_PASSWORD_CODE, message: 'The password is a common password or a variant of one' };
  if (breach !== null && (await breach.check(password)) === 'breached')
    return { code: BLOCKLISTED_PASSWORD_CODE, message: 'The password appears in a known data breach' };
  return null;
}

/** The deployment's breach checker, or null when BREACHED_PASSWORDS_API_URL is not set. */
export function breachCheckOf(env: Env): BreachedPasswordCheck | null {
  const url = settingsOf(env).breachedPasswordsUrl;
  return url === null ? null : rangeQueryCheck(url);
}

/** Throws the 400 answer when `password` may not become the account's password. */
export async function assertNewPassword(c: Context<AppEnv>, password: string, email: string): Promise<void> {
  const problem = await newPasswordProblem(password, email, breachCheckOf(c.env));
  if (problem !== null) throw new ApiError(400, problem.code, problem.message);
}
