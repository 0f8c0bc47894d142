/**
 * Issue 12 part B on the account-setting base: download my data, request the
 * account's deletion and cancel it (server/settings/account-deletion.ts), and
 * the DEV_TOOLS purge hook behind `npm run accounts:purge`.
 */
import { endGrantsAndNotify } from '../oidc/backchannel';
import type { Hono } from 'hono';
import {
  cancelAccountDeletion,
  devLinkChild,
  devPurgeAccounts,
  exportAccountData,
  requestAccountDeletion,
} from '../../src/shared/contract/account-lifecycle';
import { requestOrigin } from '../core/reference/request-origin';
import { exportAccount } from './account-data';
import { auditStatement } from '../core/data/audit';
import { findAccountById } from '../core/data/accounts';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendLifecycleNotice } from './lifecycle-notices';
import { formatNoticeTime, noticeLocale } from '../core/notices/send';
import { CANCEL_PURPOSE, DELETION_GRACE_MS, pendingDeletion, purgeDueAccounts } from './account-deletion';
import { cancelDeletionQueries, childCount, devLinkChildQuery, requestDeletionStatement } from './deletion-data';
import { endSessionsStatements } from '../sessions/end-sessions';
import { endSession } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { isRecentlyVerified, verificationRequired } from './verification';
import { digest } from '../core/security/tokens';

export function accountLifecycleRoutes(app: Hono<AppEnv>): void {
  mount(app, exportAccountData, async (c, { session: s, account }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    // Everything the account holds: only a session verified within the last 10 minutes may take it away.
    if (!(await isRecentlyVerified(db, s, 'mfa', now))) throw verificationRequired();
    await db.run(
      auditStatement(
        db,
        { accountId: account.id, event: 'account.data-exported', ip: clientIp(c), origin: requestOrigin(c) },
        now,
      ),
    );
    const tables = await exportAccount(db, account.id, account.email);
    await sendLifecycleNotice(c, { to: account.email, key: 'dataExported' });
    const day = new Date(now).toISOString().slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="lumenforge-account-${String(account.id)}-${day}.json"`);
    return {
      format: 'lumenforge-account-export/1' as const,
      exportedAt: new Date(now).toISOString(),
      accountId: account.id,
      tables,
    };
  });

  mount(app, requestAccountDeletion, async (c, { body, session: s, account }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    if (!(await isRecentlyVerified(db, s, 'mfa', now))) throw verificationRequired();
    if ((await childCount(db, account.id)) > 0)
      throw new ApiError(409, 'ACCOUNT_HAS_CHILDREN', 'A parent cannot delete the account while child accounts remain');
    const purgeAt = now + DELETION_GRACE_MS;
    const [inserted] = await db.batch([
      // A second request while one is pending keeps the first date (and changes nothing else).
      requestDeletionStatement(db, { accountId: account.id, now, purgeAt, language: body.language }),
      ...endSessionsStatements(db, account.id),
      auditStatement(
        db,
        {
          accountId: account.id,
          event: 'account.deletion-requested',
          ip: clientIp(c),
          origin: requestOrigin(c),
          detail: { purgeAt: new Date(purgeAt).toISOString() },
        },
        now,
      ),
    ]);
    const pending = await pendingDeletion(db, account.id);
    const at = pending?.purgeAt ?? purgeAt;
    await endSession(c);
    await endGrantsAndNotify(c, account.id, 'account-deleted');
    if (inserted.rowsAffected === 1)
      await sendLifecycleNotice(c, {
        to: account.email,
        key: 'deletionRequested',
        language: body.language,
        values: { date: formatNoticeTime(at, noticeLocale(c, body.language)) },
      });
    return { purgeAt: new Date(at).toISOString() };
  });

  mount(app, cancelAccountDeletion, async (c, { body }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const tokenHash = await digest(body.ticket);
    // The ticket is used up and the deletion removed together, and only while the grace period runs.
    const [used, cancelled] = await db.batch(
      cancelDeletionQueries(db, {
        tokenHash,
        purpose: CANCEL_PURPOSE,
        now,
        ip: clientIp(c),
        origin: requestOrigin(c),
      }),
    );
    const accountId = cancelled.rows[0]?.account_id;
    if (used.rows.length !== 1 || accountId === undefined)
      throw new ApiError(400, '20018', 'The cancel ticket is unknown, used or expired');
    const account = await findAccountById(db, accountId);
    if (account) await sendLifecycleNotice(c, { to: account.email, key: 'deletionCancelled', language: body.language });
    return {};
  });

  mount(app, devPurgeAccounts, async (c) => ({ purged: await purgeDueAccounts(c, 100) }));
  mount(app, devLinkChild, async (c, { body }) => {
    await c.var.db.run(devLinkChildQuery(c.var.db, body.childId, body.parentId, c.var.clock.now()));
    return {};
  });
}
