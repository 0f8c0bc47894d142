/**
 * The delivery log of the account events sent to the publisher's game back ends (issue 28 §2 "a delivery log that
 * staff can see"; docs/events.md): newest first, by status, type or account, for the admin role (the ops page).
 * It reads the events area's own data access (`listDeliveries`): no SQL here.
 */
import type { Hono } from 'hono';
import { staffEventDeliveries } from '../../src/shared/contract/staff';
import { STAFF_LIMITS } from '../../src/shared/staff/roles';
import type { AppEnv } from '../core/http/app-env';
import { listDeliveries } from '../events/data';
import { staffRoute } from './access';
import { pageSize } from './page-size';

export function staffEventRoutes(app: Hono<AppEnv>): void {
  staffRoute(app, staffEventDeliveries, async (c, { query }) => ({
    items: await listDeliveries(c.var.db, {
      status: query.status,
      type: query.type,
      accountRef: query.accountId,
      limit: pageSize(query.limit, STAFF_LIMITS.pageMax, STAFF_LIMITS.pageDefault),
    }),
  }));
}
