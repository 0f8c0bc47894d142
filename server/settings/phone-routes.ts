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
import type { AccountRow } from '../core/data/rows';
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

/**
 * Stores the proven number, only while the rules still hold: fewer than 4 other accounts on it, and a change
 * (another number than the current one) outside the 90-day lock. A new number restarts the lock.
 */
function storePhoneStatement(db: D1Database, account: AccountRow, phone: string, resetEnabled: boolean, now: number) {
  return db
    .prepare(
      `UPDATE accounts SET
         phone_changed_at = CASE WHEN phone_no IS ?2 THEN coalesce(phone_changed_at, ?3) ELSE ?3 END,
         phone_no = ?2, phone_verified_at = ?3, phone_reset_enabled = ?4, updated_at = ?3
       WHERE id = ?1
         AND (SELECT COUNT(*) FROM accounts WHERE phone_no = ?2 AND id != ?1 AND phone_verified_at IS NOT NULL) < ?5
         AND (phone_no IS NULL OR phone_no IS ?2 OR phone_changed_at IS NULL OR phone_changed_at <= ?3 - ?6)
       RETURNING id`,
    )
    .bind(account.id, phone, now, resetEnabled ? 1 : 0, MAX_ACCOUNTS_PER_PHONE, PHONE_CHANGE_LOCK_MS);
}

/** Statements after the store run only when it did (the number and time it wrote are on the row). */
const STORED = 'EXISTS (SELECT 1 FROM accounts WHERE id = ?1 AND phone_no = ?2 AND phone_verified_at = ?3)';

export function phoneRoutes(app: Hono<AppEnv>): void {
  mount(app, requestPhoneCode, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'change-phone');
    const db = c.env.DB;
    const now = c.var.clock.now();
    const phone = await validPhoneFor(c, account, body.phoneNo, now);
    await hit(c.var.db, now, SMS_PER_NUMBER_LIMIT, phone);
    await hit(c.var.db, now, SMS_PER_ACCOUNT_LIMIT, String(account.id));
    const code = await issueCode(c.var.db, { accountId: account.id, target: phone, kind: CODE_KINDS.phoneVerify }, now);
    await sendCodeSms(c, phone, code, CODE_KINDS.phoneVerify.ttlMs, body.language);
    await auditStatement(
      db,
      { accountId: account.id, event: 'phone.code-sent', ip: clientIp(c), detail: { phone: maskPhone(phone) } },
      now,
    ).run();
    return {};
  });

  mount(app, verifyPhone, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'change-phone');
    const db = c.env.DB;
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
    const [stored] = await c.var.db.batch([
      storePhoneStatement(db, account, phone, body.resetEnabled, now),
      // Texts to the old number stop with it: its SMS subscription ends.
      db
        .prepare(
          `UPDATE newsletter_subscriptions SET status = 'unsubscribed', updated_at = ?3
           WHERE account_id = ?1 AND channel = 'sms' AND address != ?2 AND status != 'unsubscribed' AND ${STORED}`,
        )
        .bind(account.id, phone, now),
      ...codeAcceptedStatements(c.var.db, attempt),
      db
        .prepare(
          `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
           SELECT ?1, 'phone.verified', ?4, ?5, ?3 WHERE ${STORED}`,
        )
        .bind(account.id, phone, now, clientIp(c), detail),
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
        c.env.DB,
        { accountId: account.id, event: 'phone.reset-setting', ip: clientIp(c), detail: { enabled: body.enabled } },
        now,
      ),
    ]);
    await sendCommunicationNotice(c, account.email, noticeLocale(c), body.enabled ? 'phoneResetOn' : 'phoneResetOff');
    return {};
  });
}
