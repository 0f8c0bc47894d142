/**
 * verify-phone (spec §2, §5, §9; issue 12): a texted code proves a number,
 * which becomes the account's phone; phoneNumberResetEnabled says whether it
 * may recover the account. A protected change: it needs a verified email and
 * a settings verification (20008 N=9 first), like the two-factor changes.
 *
 * Rules, all enforced here: the number is valid for a country of the region,
 * typed without a leading zero, can receive texts (20205, SMS_BLOCKED); the
 * code lives 5 minutes (20068 after); at most 4 accounts per number (20134);
 * 90 days between changes (PHONE_CHANGE_LOCKED). The last two are checked
 * before the text is sent and again by the conditional UPDATE that stores the
 * number, so two accounts racing for the last place cannot both get it.
 */
import type { Hono } from 'hono';
import { requestPhoneCode, setPhoneReset, verifyPhone } from '../../src/shared/contract/phone';
import { auditStatement } from '../core/data/audit';
import { setPhoneResetStatement } from './settings-data';
import {
  endOtherSmsSubscriptionsQuery,
  phoneVerifiedAuditQuery,
  storePhoneQuery,
  type StoredPhone,
} from './phone-data';
import { maskPhone } from '../core/reference/phone-numbers';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendCommunicationNotice } from './communication-notices';
import { noticeLocale, sendCodeSms } from '../core/notices/send';
import {
  codeAcceptedStatements,
  invalidCodeError,
  reserveCodeAttempt,
  wrongCode,
  wrongCodeError,
} from '../core/security/code-guard';
import { CODE_KINDS, consumeCode, issueCode } from '../core/security/codes';
import { hit } from '../core/security/rate-limit';
import { MAX_ACCOUNTS_PER_PHONE, PHONE_CHANGE_LOCK_MS, validPhoneFor } from '../mfa/phone-rules';
import { clientIp } from '../core/http/client-ip';
import { assertMayChangeFactors } from './verification';
import { SMS_PER_ACCOUNT_LIMIT, SMS_PER_NUMBER_LIMIT } from '../mfa/sms-routes';

export function phoneRoutes(app: Hono<AppEnv>): void {
  mount(app, requestPhoneCode, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'change-phone');
    const db = c.var.db;
    const now = c.var.clock.now();
    const phone = await validPhoneFor(c, account, body.phoneNo, now);
    await hit(db, now, SMS_PER_NUMBER_LIMIT, phone);
    await hit(db, now, SMS_PER_ACCOUNT_LIMIT, String(account.id));
    const code = await issueCode(db, { accountId: account.id, target: phone, kind: CODE_KINDS.phoneVerify }, now);
    await sendCodeSms(c, phone, code, CODE_KINDS.phoneVerify.ttlMs, body.language);
    await db.run(
      auditStatement(
        db,
        { accountId: account.id, event: 'phone.code-sent', ip: clientIp(c), detail: { phone: maskPhone(phone) } },
        now,
      ),
    );
    return {};
  });

  mount(app, verifyPhone, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'change-phone');
    const now = c.var.clock.now();
    const phone = await validPhoneFor(c, account, body.phoneNo, now);
    const attempt = await reserveCodeAttempt(c.var.db, now, { accountId: account.id, ip: clientIp(c) });
    const result = await consumeCode(
      c.var.db,
      { accountId: account.id, target: phone, kind: CODE_KINDS.phoneVerify },
      body.verificationCode,
      now,
    );
    if (result !== 'ok')
      throw await wrongCode(c.var.db, now, attempt, result === 'wrong' ? wrongCodeError() : invalidCodeError());
    const previous = account.phone_no;
    const detail = JSON.stringify({ phone: maskPhone(phone), changed: previous !== null && previous !== phone });
    const store: StoredPhone = {
      accountId: account.id,
      phone,
      resetEnabled: body.resetEnabled,
      now,
      maxAccounts: MAX_ACCOUNTS_PER_PHONE,
      changeLockMs: PHONE_CHANGE_LOCK_MS,
    };
    const [stored] = await c.var.db.batch([
      storePhoneQuery(c.var.db, store),
      endOtherSmsSubscriptionsQuery(c.var.db, store),
      ...codeAcceptedStatements(c.var.db, attempt),
      phoneVerifiedAuditQuery(c.var.db, store, clientIp(c), detail),
    ]);
    if (stored.rows.length === 0) {
      // Another account took the last place on the number, or this one changed its number meanwhile.
      await validPhoneFor(c, account, phone, now);
      throw new ApiError(409, '20134', 'This number already serves the maximum number of accounts');
    }
    const locale = noticeLocale(c);
    await sendCommunicationNotice(c, account.email, locale, 'phoneVerified', { phone: maskPhone(phone) });
    return {};
  });

  mount(app, setPhoneReset, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'change-phone');
    if (account.phone_no === null || account.phone_verified_at === null)
      throw badInput('The account has no verified phone number');
    if (account.phone_reset_enabled === body.enabled) return {};
    const db = c.var.db;
    const now = c.var.clock.now();
    await db.batch([
      setPhoneResetStatement(db, account.id, body.enabled, now),
      auditStatement(
        db,
        { accountId: account.id, event: 'phone.reset-setting', ip: clientIp(c), detail: { enabled: body.enabled } },
        now,
      ),
    ]);
    await sendCommunicationNotice(c, account.email, noticeLocale(c), body.enabled ? 'phoneResetOn' : 'phoneResetOff');
    return {};
  });
}
