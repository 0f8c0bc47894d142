/**
 * Settings verification (spec §4): the email-code request, which answers
 * `isBypassed` when the session is already verified (signed in or verified
 * within the last 10 minutes), and the code check for every method, which
 * marks the session verified for the purpose named (only that one; a check
 * without a purpose unlocks nothing). Protected changes require it (403 20008
 * "missing verification code: 9" until then).
 */
import type { Hono } from 'hono';
import { verifySettingsCode } from '../../src/shared/contract/mfa';
import { requestEmailCode } from '../../src/shared/contract/settings';
import { isEmailCodePurpose } from '../../src/routes/verification-purposes';
import { auditStatement } from '../core/data/audit';
import { setSessionAmrStatement } from '../core/data/sessions';
import { codeFactorAmr, storeAmr, withSecondFactor } from '../core/security/amr';
import { markSettingsVerifiedQuery } from '../mfa/data';
import type { AppEnv } from '../core/http/app-env';
import { badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendCodeEmail } from '../core/notices/send';
import { CODE_KINDS, issueCode } from '../core/security/codes';
import { hit, type Limit } from '../core/security/rate-limit';
import { verifyFactor } from '../mfa/second-factor';
import { clientIp } from '../core/http/client-ip';
import { isRecentlyVerified, SETTINGS_VERIFICATION_MS } from './verification';

const HOUR = 60 * 60_000;

/** Verification emails per address: 5 an hour (429 20157, Retry-After). */
export const EMAIL_CODE_LIMIT: Limit = {
  scope: 'email:code',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

export function settingsVerificationRoutes(app: Hono<AppEnv>): void {
  mount(app, requestEmailCode, async (c, { params, body, session: s, account }) => {
    const purpose = params['purpose'];
    if (!isEmailCodePurpose(purpose)) throw badInput('Unknown verification purpose');
    const db = c.var.db;
    const now = c.var.clock.now();
    if (await isRecentlyVerified(db, s, purpose, now)) return { isBypassed: true };
    await hit(db, now, EMAIL_CODE_LIMIT, account.email.toLowerCase());
    const kind = CODE_KINDS.settingsEmail;
    const code = await issueCode(db, { accountId: account.id, target: account.email, kind }, now);
    await sendCodeEmail(c, account.email, code, kind.ttlMs, body.language);
    await db.run(
      auditStatement(
        db,
        { accountId: account.id, event: 'email.code-sent', ip: clientIp(c), detail: { purpose } },
        now,
      ),
    );
    return { isBypassed: false };
  });

  mount(app, verifySettingsCode, async (c, { body, session: s, account }) => {
    const now = c.var.clock.now();
    // Without a purpose the code is still checked (and used up), but nothing is unlocked: a caller that does
    // not say which change it verifies for must not unlock every change.
    const mark =
      body.purpose === undefined
        ? []
        : [markSettingsVerifiedQuery(c.var.db, s.tokenHash, body.purpose, account.id, now, SETTINGS_VERIFICATION_MS)];
    // A second factor proven in the session counts for its sign-in too (amr, server/core/security/amr.ts): this is
    // how an identity provider's acr_values step-up is answered (docs/identity-provider.md "acr and amr").
    const factor = codeFactorAmr(body.authType);
    const stepUp =
      factor.length === 0
        ? []
        : [setSessionAmrStatement(c.var.db, s.tokenHash, storeAmr(withSecondFactor(s.amr, factor)))];
    await verifyFactor(c, account, body.authType, body.code, 'settings', [...mark, ...stepUp]);
    return {};
  });
}
