/**
 * Backup codes (spec §7 POST/PUT /mfa/totp/backup-code {password}): the
 * dialog sends the account password (checked like a sign-in password: lock,
 * failure counting, 20002 when wrong). POST shows the set — creating the
 * first one when there is none — and PUT replaces it. The 8 digits appear
 * only in the answer that created them; afterwards the list gives positions
 * and used flags (the codes are stored as slow hashes only).
 */
import type { Context, Hono } from 'hono';
import { getBackupCodes, regenerateBackupCodes } from '../../src/shared/contract/mfa';
import { auditStatement } from '../core/data/audit';
import { hasSecondFactor, listBackupCodes, replaceBackupCodesQueries } from './data';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendSecurityNotice } from '../core/notices/send';
import { checkPassword } from '../signin/authenticate';
import { hashBackupCode, newBackupCodes } from '../core/security/backup-codes';
import { backupCodeParams } from '../core/security/hash-cost';
import type { Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { signedIn } from '../settings/verification';

type Ctx = Context<AppEnv>;

async function unlocked(c: Ctx, session: Session | null, password: string): Promise<AccountRow> {
  const { account } = await signedIn(c, session);
  if (!hasSecondFactor(account)) throw badInput('Backup codes need a second factor (authenticator or SMS)');
  await checkPassword(c, account, password, { loginId: account.email, captchaSolved: false, reauthentication: true });
  return account;
}

async function newSet(c: Ctx, account: AccountRow) {
  const db = c.var.db;
  const now = c.var.clock.now();
  const codes = newBackupCodes();
  const params = backupCodeParams(c.env);
  const hashes = await Promise.all(codes.map((code) => hashBackupCode(code, params)));
  await c.var.db.batch([
    ...replaceBackupCodesQueries(c.var.db, account.id, hashes, now),
    auditStatement(db, { accountId: account.id, event: 'mfa.backup-codes.generated', ip: clientIp(c) }, now),
  ]);
  await sendSecurityNotice(c, account.email, { key: 'backupCodes' });
  return { backupCodes: codes.map((backupCode, i) => ({ position: i + 1, backupCode, used: false })) };
}

export function backupCodeRoutes(app: Hono<AppEnv>): void {
  mount(app, getBackupCodes, async (c, { body, session }) => {
    const account = await unlocked(c, session, body.password);
    const rows = await listBackupCodes(c.var.db, account.id);
    if (rows.length === 0) return newSet(c, account);
    return {
      backupCodes: rows.map((r, i) => ({ position: i + 1, backupCode: null, used: r.usedAt !== null })),
    };
  });

  mount(app, regenerateBackupCodes, async (c, { body, session }) =>
    newSet(c, await unlocked(c, session, body.password)),
  );
}
