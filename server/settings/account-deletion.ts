/**
 * Account deletion (issue 12): a request schedules the removal in
 * DELETION_GRACE_DAYS and ends every session; a sign-in during the grace
 * period is answered 403 ACCOUNT_DELETION_PENDING with a single-use ticket
 * that cancels it (the login screen offers to); when the period has ended the
 * account is purged (server/settings/account-data.ts). A Pages Function cannot run
 * on a schedule, so purging is lazy: every sign-in attempt purges what is due
 * (`purgeDueAccounts`), and operators run `npm run accounts:purge` (the dev
 * hook locally; a scheduled Worker calling the same function in production:
 * docs/settings.md).
 */
import type { Context } from 'hono';
import { DELETION_GRACE_DAYS, type DeletionPending } from '../../src/shared/contract/account-lifecycle';
import { purgeAccountStatements } from './account-data';
import { auditStatement } from '../core/data/audit';
import { accountEvent } from '../events/data';
import type { Db } from '../core/db/engine';
import { cancelTicketStatement, deletionOf, dueDeletions, isDeletionDue } from './deletion-data';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { sendLifecycleNotice } from './lifecycle-notices';
import { digest, newToken } from '../core/security/tokens';

type Ctx = Context<AppEnv>;

const DAY = 24 * 60 * 60_000;
export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * DAY;
/** How long the cancel ticket of a sign-in lasts. */
export const CANCEL_TICKET_MS = 15 * 60_000;
export const CANCEL_PURPOSE = 'deletion-cancel';
/** At most this many accounts are purged by one sign-in attempt (the rest by the next ones). */
const PURGE_BATCH = 5;

export interface PendingDeletion {
  purgeAt: number;
  language: string;
}

export async function pendingDeletion(db: Db, accountId: number): Promise<PendingDeletion | null> {
  const row = await deletionOf(db, accountId);
  return row === undefined ? null : { purgeAt: row.purge_at, language: row.language };
}

/** Removes one account for good and sends the last email; false when it was not due (or is gone). */
async function purgeAccount(c: Ctx, accountId: number, email: string, language: string): Promise<boolean> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const statements = await purgeAccountStatements(db, accountId, email);
  // Guarded like a conditional write: only while the deletion is still requested and due.
  if (!(await isDeletionDue(db, accountId, now))) return false;
  // The event first: it reads the account row, which the purge statements remove.
  await db.batch([
    ...accountEvent(db, 'account.deleted', accountId, {}, now),
    ...statements,
    auditStatement(db, { accountId: null, event: 'account.purged', ip: null }, now),
  ]);
  await sendLifecycleNotice(c, { to: email, key: 'deleted', language });
  return true;
}

/** Purges the accounts whose grace period has ended (a few per call); returns how many. */
export async function purgeDueAccounts(c: Ctx, limit = PURGE_BATCH): Promise<number> {
  const results = await dueDeletions(c.var.db, c.var.clock.now(), limit);
  let purged = 0;
  for (const row of results) if (await purgeAccount(c, row.account_id, row.email, row.language)) purged += 1;
  return purged;
}

/**
 * For the sign-in, after the password was right: an account whose deletion
 * is pending answers 403 ACCOUNT_DELETION_PENDING with the date and a cancel
 * ticket (no session is started); one whose grace period has ended is purged
 * and answers like an unknown account. `beforeWrite` runs before either
 * writes (the sign-in's password check owes its own writes first).
 */
export async function assertNotPendingDeletion(
  c: Ctx,
  account: AccountRow,
  beforeWrite: () => Promise<void> = async () => {},
): Promise<void> {
  const pending = await pendingDeletion(c.var.db, account.id);
  if (pending === null) return;
  const db = c.var.db;
  const now = c.var.clock.now();
  await beforeWrite();
  if (pending.purgeAt <= now) {
    await purgeAccount(c, account.id, account.email, pending.language);
    throw new ApiError(401, '20002', 'Account not found or wrong password');
  }
  const ticket = newToken();
  await db.batch([
    cancelTicketStatement(db, {
      tokenHash: await digest(ticket),
      accountId: account.id,
      purpose: CANCEL_PURPOSE,
      expiresAt: now + CANCEL_TICKET_MS,
      now,
    }),
    auditStatement(db, { accountId: account.id, event: 'signin.deletion-pending', ip: null }, now),
  ]);
  const message: DeletionPending = { purgeAt: new Date(pending.purgeAt).toISOString(), ticket };
  throw new ApiError(403, 'ACCOUNT_DELETION_PENDING', JSON.stringify(message));
}
