/**
 * The global-account client's email verification by code (spec §2 global/verify/code, §4 "A global-account
 * client also handles … verifyWithCode {email, code, codeType, social}"; docs/global-screens.md):
 *
 * - POST /no-auth/global/verify/request-code {email, language}: emails a 6-digit code (email-codes.ts) to the
 *   signed-in session's own address while it is unverified;
 * - POST /no-auth/global/verify-with-code {email, code, codeType, social}: checks it (the try reserved first
 *   against the address and the IP: 5 wrong → 15-minute lock, 20157), marks the address verified and answers
 *   the session's sign-in response.
 *
 * The spec is silent on who may verify: only the fully signed-in holder of the account, for its current address
 * (a code alone never signs anyone in, so it cannot bypass a password or a second factor). codeType SIGNUP and
 * LOGIN say where the client came from (recorded in the audit); RESET_PASSWORD is refused, a reset has its own
 * code step (self-service). `social` says the session came from a provider sign-in (recorded too).
 */
import type { Context, Hono } from 'hono';
import { globalVerifyRequestCode, globalVerifyWithCode } from '../../src/shared/contract/launcher-login';
import { auditStatement } from '../core/data/audit';
import { findAccountById } from '../core/data/accounts';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput, LOGIN_REQUIRED } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendCodeEmail } from '../core/notices/send';
import { issueCode, normalizeAddress, type CodePurpose } from '../core/security/email-codes';
import { hit } from '../core/security/rate-limit';
import { sameEmail } from './holder';
import { resumeSignIn } from './sign-in';
import { emailVerifiedQuery } from './data';
import { type Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { CODE_SENDS_PER_IP, checkEmailedCode, hitIp, SIGNUP_CODE_SENDS } from '../core/security/signin-limits';

type Ctx = Context<AppEnv>;

/** Its own purpose: a sign-up code for the same address can never verify it, nor the reverse. */
export const GLOBAL_VERIFY_EMAIL_CODE: CodePurpose = { name: 'global-verify-email', ttlMs: 30 * 60_000 };

/** Limits are keyed apart from the sign-up's, so one flow's failures do not lock the other. */
const limitKey = (email: string) => `global-verify:${normalizeAddress(email)}`;

/** The signed-in account whose current, unverified address is `email`; anything else changes nothing. */
async function unverifiedHolder(c: Ctx, session: Session | null, email: string) {
  if (session?.level !== 'full') throw new ApiError(401, LOGIN_REQUIRED, 'Sign in first');
  const account = await findAccountById(c.var.db, session.accountId);
  if (!account) throw new ApiError(401, LOGIN_REQUIRED, 'Sign in first');
  if (!sameEmail(account.email, email)) throw badInput('Not the signed-in account’s address');
  if (account.email_verified) throw badInput('The address is already verified');
  return account;
}

export function globalVerifyRoutes(app: Hono<AppEnv>): void {
  mount(app, globalVerifyRequestCode, async (c, { body, session }) => {
    const now = c.var.clock.now();
    const account = await unverifiedHolder(c, session, body.email);
    await hitIp(c.var.db, now, CODE_SENDS_PER_IP, clientIp(c));
    await hit(c.var.db, now, SIGNUP_CODE_SENDS, limitKey(account.email));
    const code = await issueCode(c.var.db, GLOBAL_VERIFY_EMAIL_CODE, account.email, now);
    await sendCodeEmail(c, account.email, code, GLOBAL_VERIFY_EMAIL_CODE.ttlMs, body.language);
    return {};
  });

  mount(app, globalVerifyWithCode, async (c, { body, session }) => {
    if (body.codeType === 'RESET_PASSWORD') throw badInput('A password reset verifies its code in self-service');
    const db = c.var.db;
    const now = c.var.clock.now();
    const account = await unverifiedHolder(c, session, body.email);
    await checkEmailedCode(c.var.db, now, {
      purpose: GLOBAL_VERIFY_EMAIL_CODE,
      address: account.email,
      code: body.code,
      limitKey: limitKey(account.email),
      ip: clientIp(c),
      consume: true,
    });
    await c.var.db.batch([
      emailVerifiedQuery(c.var.db, account.id, account.email, now),
      auditStatement(
        db,
        {
          accountId: account.id,
          event: 'email.verified',
          ip: clientIp(c),
          detail: { by: 'global-code', codeType: body.codeType, social: body.social ? 1 : 0 },
        },
        now,
      ),
    ]);
    return resumeSignIn(c, session);
  });
}
