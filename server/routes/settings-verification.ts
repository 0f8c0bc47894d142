/**
 * Settings verification (spec §4): the email-code request, which answers
 * `isBypassed` when the session is already verified (signed in or verified
 * within the last 10 minutes), and the code check for every method, which
 * marks the session verified. Two-factor changes require it (403 20008 "missing
 * verification code: 9" until then).
 */
import type { Hono } from 'hono';
import { verifySettingsCode } from '../../src/shared/contract/mfa';
import { EMAIL_CODE_PURPOSES, requestEmailCode } from '../../src/shared/contract/settings';
import { auditStatement } from '../db/audit';
import { markSettingsVerifiedStatement } from '../db/mfa';
import type { AppEnv } from '../http/app-env';
import { badInput } from '../http/errors';
import { mount } from '../http/mount';
import { sendCodeEmail } from '../notices/send';
import { CODE_KINDS, issueCode } from '../security/codes';
import { hit, type Limit } from '../security/rate-limit';
import { verifyFactor } from '../security/second-factor';
import { clientIp } from '../security/sessions';
import { isRecentlyVerified, SETTINGS_VERIFICATION_MS, signedIn } from '../security/settings-verification';

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

function isPurpose(value: string | undefined): boolean {
  return (EMAIL_CODE_PURPOSES as readonly (string | undefined)[]).includes(value);
}

export function settingsVerificationRoutes(app: Hono<AppEnv>): void {
  mount(app, requestEmailCode, async (c, { params, body, session }) => {
    if (!isPurpose(params['purpose'])) throw badInput('Unknown verification purpose');
    const { session: s, account } = await signedIn(c, session);
    const db = c.env.DB;
    const now = c.var.clock.now();
    if (await isRecentlyVerified(db, s, now)) return { isBypassed: true };
    await hit(db, now, EMAIL_CODE_LIMIT, account.email.toLowerCase());
    const kind = CODE_KINDS.settingsEmail;
    const code = await issueCode(db, { accountId: account.id, target: account.email, kind }, now);
    await sendCodeEmail(c, account.email, code, kind.ttlMs, body.language);
    await auditStatement(
      db,
      {
        accountId: account.id,
        event: 'email.code-sent',
        ip: clientIp(c),
        detail: { purpose: params['purpose'] ?? '' },
      },
      now,
    ).run();
    return { isBypassed: false };
  });

  mount(app, verifySettingsCode, async (c, { body, session }) => {
    const { session: s, account } = await signedIn(c, session);
    await verifyFactor(c, account, body.authType, body.code, 'settings', [
      markSettingsVerifiedStatement(c.env.DB, s.tokenHash, account.id, c.var.clock.now(), SETTINGS_VERIFICATION_MS),
    ]);
    return {};
  });
}
