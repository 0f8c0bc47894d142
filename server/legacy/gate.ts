/**
 * The sign-in's legacy step (spec §8 20211, 20184; docs/legacy.md): after a
 * right password, an account whose migration is open does not sign in.
 * Only after the password, so no one learns an account is legacy without it.
 */
import type { Context } from 'hono';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { clientIp } from '../core/http/client-ip';
import { pendingLegacy } from './data';

/** `beforeWrite` runs before the refusal is audited (the sign-in's password check owes its own writes first). */
export async function assertLegacyMigrated(
  c: Context<AppEnv>,
  account: AccountRow,
  beforeWrite: () => Promise<void> = async () => {},
): Promise<void> {
  const legacy = await pendingLegacy(c.var.db, account.id);
  if (legacy === null) return;
  await beforeWrite();
  // 20211: the old system's email is usable: the player may move to it (migrate-legacy). 20184: support must help.
  const error =
    legacy.kind === 'email'
      ? new ApiError(403, '20211', JSON.stringify({ email: account.email }))
      : new ApiError(403, '20184', JSON.stringify({ code: legacy.support_code, uid: String(account.id) }));
  const now = c.var.clock.now();
  await c.var.db.run(
    auditStatement(
      c.var.db,
      { accountId: account.id, event: 'signin.refused', ip: clientIp(c), detail: { code: error.code } },
      now,
    ),
  );
  throw error;
}
