/**
 * A child suspended for failed sign-ins (spec §4 "A suspended child (failed
 * logins) may be reactivated by the parent", §8 20226; docs/parental.md):
 * 10 wrong passwords for a child account within an hour set its status to 2
 * (suspended); the parent is emailed and reactivates it from the family list.
 * Until then every sign-in answers 20226 (after a right password only, like
 * every account state). A right password clears the count.
 */
import type { Context } from 'hono';
import { auditStatement } from '../core/data/audit';
import { CHILD_STATUS, parentOf, suspendActiveChildQuery } from './data';
import { resetCounterQuery } from '../core/data/rate-limits';
import type { Db } from '../core/db/engine';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { sendParentalNotice } from './notices';
import { reserve, type Limit } from '../core/security/rate-limit';

export const CHILD_FAILURES: Limit = {
  scope: 'child-fail:account',
  max: 10,
  windowMs: 60 * 60_000,
  lockMs: 0,
  code: '20226',
  onSuccess: 'reset',
};

/** After a wrong password: counts it for a child account and suspends the child at the limit. */
export async function countChildFailure(c: Context<AppEnv>, account: AccountRow): Promise<void> {
  const parent = await parentOf(c.var.db, account.id);
  if (parent === null || account.status !== CHILD_STATUS.active) return;
  const now = c.var.clock.now();
  let position: number;
  try {
    const [slot] = await reserve(c.var.db, now, [[CHILD_FAILURES, String(account.id)]]);
    position = slot?.position ?? 0;
  } catch {
    // The window is full: the child was suspended by the failure that filled it.
    return;
  }
  if (position < CHILD_FAILURES.max) return;
  const [suspended] = await c.var.db.batch([
    suspendActiveChildQuery(c.var.db, account.id, now),
    auditStatement(c.var.db, { accountId: account.id, event: 'parental.child-suspended', ip: null }, now),
  ]);
  if (suspended.rows.length > 0) await sendParentalNotice(c, parent.email, 'childSuspended', { child: account.email });
}

/** A right password clears the child's count (to batch with the sign-in's success). */
export function clearChildFailuresQuery(db: Db, accountId: number) {
  return resetCounterQuery(db, { scope: CHILD_FAILURES.scope, key: String(accountId) });
}
