/**
 * Issue 12 part B on the account-setting base: create and change the
 * password, the devices-and-sessions list (sign out one, sign out all
 * others) and the recent security activity. Each change is one batch with
 * its audit entry, and is emailed (server/settings/lifecycle-notices.ts).
 */
import { endGrantsAndNotify } from '../oidc/backchannel';
import type { Context, Hono } from 'hono';
import {
  ACTIVITY_EVENTS,
  ACTIVITY_LIMIT,
  changePassword,
  createPassword,
  listActivity,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type ActivityEvent,
} from '../../src/shared/contract/account-security';
import { isRecentPassword } from '../../src/shared/validation/password';
import { requestOrigin } from '../core/reference/request-origin';
import { findPasswordHash, recentPasswordHashes } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import { passwordWriteStatements } from './password-change-data';
import type { AccountRow } from '../core/data/rows';
import { deleteAccountSessionStatement, listAccountSessions, recentActivity } from '../sessions/list-data';
import { deleteAccountSessionsStatement } from '../core/data/sessions';
import { deleteAccountSsoCodesStatement } from '../launcher/browser-hand-off';
import { revokeAccountLauncherTokensStatement } from '../launcher/tokens';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendLifecycleNotice } from './lifecycle-notices';
import { checkPassword } from '../signin/authenticate';
import { hashPassword, verifyPassword } from '../core/security/password';
import { passwordParams } from '../core/security/hash-cost';
import { assertNewPassword } from '../core/security/password-policy';
import { type Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { assertMayChangeFactors } from './verification';
import { accountEvent } from '../events/data';

type Ctx = Context<AppEnv>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Spec §5: not the current password (20062), not one of the last 5 (20199), then the rules and the blocklist. */
async function assertAcceptable(c: Ctx, account: AccountRow, newPassword: string, current: string | null) {
  if (current !== null && (await verifyPassword(newPassword, current)).ok)
    throw new ApiError(400, '20062', 'The new password is the current password');
  await assertNewPassword(c, newPassword, account.email);
  if (await isRecentPassword(newPassword, await recentPasswordHashes(c.var.db, account.id), verifyPassword))
    throw new ApiError(400, '20199', 'The new password is one of the last 5');
}

/** Stores the new password (guarded batch), emails the player, and answers how many sessions were ended. */
async function writePassword(
  c: Ctx,
  session: Session,
  account: AccountRow,
  newPassword: string,
  oldHash: string | null,
  language: string,
  created: boolean,
): Promise<{ endedSessions: number }> {
  const results = await c.var.db.batch(
    passwordWriteStatements(c.var.db, {
      accountId: account.id,
      newHash: await hashPassword(newPassword, passwordParams(c.env)),
      oldHash,
      event: created ? 'password.created' : 'password.changed',
      keepSession: session.tokenHash,
      now: c.var.clock.now(),
      ip: clientIp(c),
      origin: requestOrigin(c),
    }),
  );
  // Another change (or create) won the race: nothing of this one was written.
  if (results[0]?.rowsAffected !== 1) throw new ApiError(409, '20019', 'The password changed meanwhile');
  // The other sessions ended; so do the games and sites they signed in to (this session's stay, like it).
  await endGrantsAndNotify(c, account.id, 'password-changed', { keepSession: session.tokenHash });
  await sendLifecycleNotice(c, {
    to: account.email,
    key: created ? 'passwordCreated' : 'passwordChanged',
    language,
  });
  return { endedSessions: results[4]?.rowsAffected ?? 0 };
}

function deviceLabel(browser: string | null, os: string | null): string {
  return [browser, os].filter((part) => part !== null).join(', ') || '—';
}

export function accountSecurityRoutes(app: Hono<AppEnv>): void {
  mount(app, createPassword, async (c, { body, session: s, account }) => {
    // The first password of a social-only account: no current password to prove, so a settings verification.
    if (account.has_password) throw new ApiError(409, '20038', 'The account has a password: change it instead');
    await assertMayChangeFactors(c, s, account, 'change-password');
    await assertAcceptable(c, account, body.newPassword, null);
    // A credential left from before the account went social-only is replaced, guarded like a change.
    const stale = await findPasswordHash(c.var.db, account.id);
    return writePassword(c, s, account, body.newPassword, stale, body.language, true);
  });

  mount(app, changePassword, async (c, { body, session: s, account }) => {
    if (!account.has_password) throw new ApiError(409, '20038', 'The account has no password: create one instead');
    // Reserved on the sign-in counters before verifying (wrong guesses lock like sign-in failures).
    const { verifiedHash: current } = await checkPassword(c, account, body.currentPassword, {
      loginId: account.email,
      captchaSolved: false,
      reauthentication: true,
    });
    // The write guards on the very hash the current password was checked against: a change that landed in
    // between (a parallel request) makes this one a 409, never a second success that overwrites it.
    await assertAcceptable(c, account, body.newPassword, current);
    return writePassword(c, s, account, body.newPassword, current, body.language, false);
  });

  mount(app, listSessions, async (c, { session: s, account }) => {
    const rows = await listAccountSessions(c.var.db, account.id, c.var.clock.now());
    const sessions = rows.map((r) => ({
      sessionId: r.sessionId,
      browser: r.browser,
      os: r.os,
      deviceType: r.deviceType,
      country: r.country,
      signedInAt: iso(r.signedInAt),
      lastActiveAt: iso(r.lastActiveAt),
      current: r.tokenHash === s.tokenHash,
    }));
    // This device first, then by last activity (the query's order).
    return { sessions: [...sessions.filter((x) => x.current), ...sessions.filter((x) => !x.current)] };
  });

  mount(app, revokeSession, async (c, { body, session: s, account }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const target = (await listAccountSessions(db, account.id, now)).find((r) => r.sessionId === body.sessionId);
    if (target?.tokenHash === s.tokenHash) throw badInput('The current session ends by signing out');
    if (target === undefined) return { signedOut: false };
    const [deleted] = await db.batch([
      deleteAccountSessionStatement(db, account.id, target.tokenHash),
      auditStatement(
        db,
        {
          accountId: account.id,
          event: 'session.revoked',
          ip: clientIp(c),
          detail: { browser: target.browser, os: target.os, country: target.country },
          origin: requestOrigin(c),
        },
        now,
      ),
    ]);
    const signedOut = deleted.rowsAffected === 1;
    if (signedOut) await endGrantsAndNotify(c, account.id, 'signed-out', { session: target.tokenHash });
    if (signedOut)
      await sendLifecycleNotice(c, {
        to: account.email,
        key: 'sessionRevoked',
        language: body.language,
        values: { device: deviceLabel(target.browser, target.os) },
      });
    return { signedOut };
  });

  mount(app, revokeOtherSessions, async (c, { body, session: s, account }) => {
    const db = c.var.db;
    const [deleted] = await db.batch([
      deleteAccountSessionsStatement(db, account.id, s.tokenHash),
      auditStatement(
        db,
        { accountId: account.id, event: 'sessions.revoked', ip: clientIp(c), origin: requestOrigin(c) },
        c.var.clock.now(),
      ),
      // The launcher's ways back in are sessions too (docs/launcher.md): autologin tokens, unused login/sso codes.
      revokeAccountLauncherTokensStatement(db, account.id),
      deleteAccountSsoCodesStatement(db, account.id),
      ...accountEvent(db, 'sessions.revoked', account.id, {}, c.var.clock.now()),
    ]);
    const endedSessions = deleted.rowsAffected;
    await endGrantsAndNotify(c, account.id, 'signed-out-everywhere', { keepSession: s.tokenHash });
    if (endedSessions > 0)
      await sendLifecycleNotice(c, { to: account.email, key: 'sessionsRevoked', language: body.language });
    return { endedSessions };
  });

  mount(app, listActivity, async (c, { account }) => {
    const rows = await recentActivity(c.var.db, account.id, ACTIVITY_EVENTS, ACTIVITY_LIMIT);
    return {
      events: rows.map((r) => ({
        event: r.event as ActivityEvent,
        at: iso(r.created_at),
        browser: r.browser,
        os: r.os,
        country: r.country !== null && /^[A-Z]{2}$/.test(r.country) ? r.country : null,
      })),
    };
  });
}
