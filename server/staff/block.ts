/**
 * Blocking and unblocking an account, in ONE place (issue 28 §1 "Actions"): whatever else should happen when an
 * account is blocked or unblocked (the account events of the publisher's game back ends, back-channel logout to
 * relying parties) is added here, so every way of blocking does it.
 *
 * A block sets the ban reason (7000–7006: the player's next sign-in answers 20100 with it and the portal shows the
 * ban dialog), ends every session, trusted device and launcher token (server/sessions/end-sessions.ts) and every
 * OIDC grant (./actions-data.ts revokeOidcGrantsStatements), with the player's audit entry, the staff audit
 * entry and the account event for the publisher's game back ends (account.blocked / account.unblocked,
 * docs/events.md), in one batch; relying parties with a back-channel logout URI are told after the response.
 */
import type { Context } from 'hono';
import type { BanReason } from '../../src/shared/errors/codes';
import type { AccountRow } from '../core/data/rows';
import { auditStatement } from '../core/data/audit';
import type { AppEnv } from '../core/http/app-env';
import { clientIp } from '../core/http/client-ip';
import { ApiError } from '../core/http/errors';
import { banEvent } from '../events/data';
import { endAccountGrants, sendLogoutNotices } from '../oidc/backchannel';
import { endSessionsStatements } from '../sessions/end-sessions';
import { liftBanStatement, revokeOidcGrantsStatements, setBanStatement } from './actions-data';
import { staffAuditStatement } from './data';
import type { StaffSession } from './session';

type Ctx = Context<AppEnv>;

export const actionRefused = (message: string) => new ApiError(409, 'STAFF_ACTION_REFUSED', message);

/** The statements that end every way back into the account: sessions, trusted devices, launcher tokens, OIDC grants. */
export function signOutEverywhereStatements(c: Ctx, accountId: number) {
  const db = c.var.db;
  return [...endSessionsStatements(db, accountId), ...revokeOidcGrantsStatements(db, accountId, c.var.clock.now())];
}

export async function blockAccount(
  c: Ctx,
  by: StaffSession,
  account: AccountRow,
  banReason: BanReason,
  reason: string,
): Promise<number> {
  if (account.ban_reason === banReason) throw actionRefused(`The account is already blocked with ${banReason}`);
  const db = c.var.db;
  const now = c.var.clock.now();
  const ip = clientIp(c);
  // The grants whose clients registered a back-channel logout URI are told after the response (OIDC Back-Channel
  // Logout 1.0; server/oidc/backchannel.ts). Ended first, so the notices are known; the block's own batch then
  // revokes whatever is left (codes, device codes, a token issued meanwhile) with the ban.
  const notices = await endAccountGrants(db, account.id, 'blocked', now);
  const results = await db.batch([
    staffAuditStatement(
      db,
      {
        staffId: by.staff.id,
        staffEmail: by.staff.email,
        action: 'account.block',
        accountId: account.id,
        reason,
        before: { banReason: account.ban_reason },
        after: { banReason },
        ip,
      },
      now,
    ),
    // The game back ends hear of it (docs/events.md); recorded before the change, on the change's own condition.
    ...banEvent(db, account.id, banReason, now),
    setBanStatement(db, account.id, banReason, now),
    ...signOutEverywhereStatements(c, account.id),
    auditStatement(db, { accountId: account.id, event: 'account.blocked', ip: null, detail: { banReason } }, now),
  ]);
  try {
    await sendLogoutNotices(c, notices);
  } catch (error) {
    // The block has happened: a notice that cannot be signed never turns it into an error (the grants are revoked).
    console.error('Back-channel logout after a block failed', error instanceof Error ? error.name : 'unknown');
  }
  return auditIdOf(results[0]);
}

export async function unblockAccount(c: Ctx, by: StaffSession, account: AccountRow, reason: string): Promise<number> {
  if (account.ban_reason === null) throw actionRefused('The account is not blocked');
  const db = c.var.db;
  const now = c.var.clock.now();
  const results = await db.batch([
    staffAuditStatement(
      db,
      {
        staffId: by.staff.id,
        staffEmail: by.staff.email,
        action: 'account.unblock',
        accountId: account.id,
        reason,
        before: { banReason: account.ban_reason },
        after: { banReason: null },
        ip: clientIp(c),
      },
      now,
    ),
    ...banEvent(db, account.id, null, now),
    liftBanStatement(db, account.id, now),
    auditStatement(db, { accountId: account.id, event: 'account.unblocked', ip: null }, now),
  ]);
  return auditIdOf(results[0]);
}

/** The id the staff audit statement returned (first of its batch). */
export function auditIdOf(result: { rows: readonly unknown[] } | undefined): number {
  const row = result?.rows[0] as { id?: unknown } | undefined;
  if (typeof row?.id !== 'number') throw new Error('staff audit insert returned no id');
  return row.id;
}
