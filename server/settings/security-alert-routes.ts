/**
 * Security alerts (issue 18): the player's choice for the optional alerts, and
 * the "this wasn't me" call of their link (server/core/security/security-alerts.ts).
 */
import { endGrantsAndNotify } from '../oidc/backchannel';
import type { Hono } from 'hono';
import { getSecurityAlerts, secureAccount, setSecurityAlerts } from '../../src/shared/contract/security-alerts';
import { isRecentPassword } from '../../src/shared/validation/password';
import { findAccountById, passwordChangeStatements, recentPasswordHashes } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import { consumeToken, endLiveTokensQuery, liveTokenAccount } from '../core/data/verification-tokens';
import { setSecurityAlertsStatement } from './settings-data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendSecuredNotice } from '../core/notices/security-notices';
import { endSessionsStatements } from '../sessions/end-sessions';
import { accountEvent } from '../events/data';
import { hashPassword, verifyPassword } from '../core/security/password';
import { passwordParams } from '../core/security/hash-cost';
import { assertNewPassword } from '../core/security/password-policy';
import { NOT_ME_PURPOSE } from '../core/security/security-alerts';
import { endSession } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { digest } from '../core/security/tokens';

/** Spec §8 20068 (invalid or expired): an unknown, used or expired link, one answer for all. */
const unusableLink = () => new ApiError(400, '20068', 'Unknown, used or expired link');

export function securityAlertRoutes(app: Hono<AppEnv>): void {
  mount(app, getSecurityAlerts, (_c, { account }) => Promise.resolve({ enabled: account.security_alerts }));

  mount(app, setSecurityAlerts, async (c, { body, account }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    await db.batch([
      setSecurityAlertsStatement(db, account.id, body.enabled, now),
      auditStatement(
        db,
        { accountId: account.id, event: 'security-alerts.changed', ip: clientIp(c), detail: { enabled: body.enabled } },
        now,
      ),
    ]);
    return {};
  });

  /**
   * "This wasn't me": the link's token (single use, 7 days) proves the
   * mailbox, as a password-reset link does. The new password is checked
   * first (a refused one changes nothing and leaves the link usable); then
   * the token is consumed by one conditional UPDATE … RETURNING (two parallel
   * uses: one wins), and one batch stores the password and ends every session
   * and trusted device of the account.
   */
  mount(app, secureAccount, async (c, { body }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const tokenHash = await digest(body.token);
    const linked = await liveTokenAccount(db, tokenHash, NOT_ME_PURPOSE, now);
    const account = linked === null ? null : await findAccountById(db, linked);
    if (account === null) throw unusableLink();
    await assertNewPassword(c, body.password, account.email);
    if (await isRecentPassword(body.password, await recentPasswordHashes(db, account.id), verifyPassword))
      throw new ApiError(400, '20199', 'One of the last 5 passwords');
    const passwordHash = await hashPassword(body.password, passwordParams(c.env));
    if ((await consumeToken(db, tokenHash, NOT_ME_PURPOSE, now)) === null) throw unusableLink();
    await db.batch([
      ...passwordChangeStatements(db, account.id, passwordHash, now),
      ...endSessionsStatements(db, account.id),
      ...accountEvent(db, 'password.changed', account.id, { via: 'reset' }, now),
      // The other "this wasn't me" links of the account have done their job.
      endLiveTokensQuery(db, account.id, NOT_ME_PURPOSE, now),
      auditStatement(db, { accountId: account.id, event: 'security.not-me', ip: clientIp(c) }, now),
    ]);
    // A session this browser held is gone with the others: clear its cookie too.
    await endSession(c);
    await endGrantsAndNotify(c, account.id, 'password-reset');
    await sendSecuredNotice(c, account.email);
    return {};
  });
}
