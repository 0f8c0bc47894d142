/**
 * POST /no-auth/[unified/]sms/request-code: texts a 6-digit code, valid 5
 * minutes (spec §9). Who may ask, and where the code goes:
 *   - a pending sign-in that has reached the second step (password done,
 *     healup and terms done): the number on file of an account with SMS
 *     verification on — the sign-in second step;
 *   - a signed-in session without `phoneNo`: the number on file — settings
 *     verification by SMS;
 *   - a signed-in session with `phoneNo`: that new number, after the phone
 *     rules (valid, from the region's country list, no leading zero, at most 4
 *     accounts per number, 90-day change lock) — enabling SMS verification.
 * Anyone else gets 20001. Sends are capped per number and per account per hour.
 */
import type { Hono } from 'hono';
import { requestSmsCode } from '../../src/shared/contract/mfa';
import { auditStatement } from '../core/data/audit';
import type { AppEnv } from '../core/http/app-env';
import { badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendCodeSms } from '../core/notices/send';
import { CODE_KINDS, issueCode, type CodeKind } from '../core/security/codes';
import { hit, type Limit } from '../core/security/rate-limit';
import { clientIp } from '../core/http/client-ip';
import { validPhoneFor } from './phone-rules';
import { assertSecondFactorStep } from '../signin/sign-in';
import { noPendingSignIn, signingInAccount } from '../signin/holder';

const HOUR = 60 * 60_000;

/** Texts per number: 5 an hour, then none for the rest of the hour (429 20157, Retry-After). */
export const SMS_PER_NUMBER_LIMIT: Limit = {
  scope: 'sms:number',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};
/** Texts per account, across numbers: 10 an hour. */
export const SMS_PER_ACCOUNT_LIMIT: Limit = {
  scope: 'sms:account',
  max: 10,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

export function smsRoutes(app: Hono<AppEnv>): void {
  mount(app, requestSmsCode, async (c, { body, session }) => {
    const account = await signingInAccount(c, session, body.email);
    if (!session) throw noPendingSignIn();
    const db = c.var.db;
    const now = c.var.clock.now();
    let target: string;
    let kind: CodeKind;
    if (body.phoneNo !== undefined) {
      if (session.level !== 'full') throw badInput('A new number can be verified only when signed in');
      target = await validPhoneFor(c, account, body.phoneNo, now);
      kind = CODE_KINDS.phoneVerify;
    } else {
      // A pending sign-in texts only once it has reached the second step (not while paused at healup or terms).
      if (session.level === 'mfa_pending') await assertSecondFactorStep(c, session);
      if (!account.sms_mfa_enabled || account.phone_no === null) throw badInput('SMS verification is not enabled');
      target = account.phone_no;
      kind = session.level === 'mfa_pending' ? CODE_KINDS.loginSms : CODE_KINDS.settingsSms;
    }
    await hit(c.var.db, now, SMS_PER_NUMBER_LIMIT, target);
    await hit(c.var.db, now, SMS_PER_ACCOUNT_LIMIT, String(account.id));
    const code = await issueCode(c.var.db, { accountId: account.id, target, kind }, now);
    await sendCodeSms(c, target, code, kind.ttlMs, body.language);
    await c.var.db.run(
      auditStatement(
        db,
        { accountId: account.id, event: 'sms.code-sent', ip: clientIp(c), detail: { purpose: kind.purpose } },
        now,
      ),
    );
    return {};
  });
}
