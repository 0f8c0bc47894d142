/**
 * DEV_TOOLS test hooks of parental controls (src/shared/contract/dev-parental.ts).
 * Mounted after devRoutes, whose gate answers 404 for every /api/dev path
 * when DEV_TOOLS is off.
 */
import type { Hono } from 'hono';
import { devParentalState, devSetCardCap, devSetFamily } from '../../src/shared/contract/dev-parental';
import { globalCapKey, VPC_CARD_GLOBAL_LIMIT } from '../parental/vpc-limits';
import { findAccountById } from '../core/data/accounts';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { devParentalRecords, setCardCapCount, setDevFamily } from './parental-data';

export function devParentalRoutes(app: Hono<AppEnv>): void {
  mount(app, devSetFamily, async (c, { body }) => {
    if (!(await findAccountById(c.var.db, body.accountId))) throw new ApiError(404, '20215', 'Account missing');
    await setDevFamily(c.var.db, body, c.var.clock.now());
    return {};
  });

  mount(app, devParentalState, async (c, { query }) => {
    const id = query.accountId;
    const account = await findAccountById(c.var.db, id);
    if (!account) throw new ApiError(404, '20215', 'Account missing');
    const records = await devParentalRecords(c.var.db, id);
    return {
      ...records,
      status: account.status,
      parentalConsentAt: account.parental_consent_at,
      termsAcceptedAt: account.terms_accepted_at,
    };
  });

  mount(app, devSetCardCap, async (c, { body }) => {
    const now = c.var.clock.now();
    const limit = VPC_CARD_GLOBAL_LIMIT;
    await setCardCapCount(c.var.db, { scope: limit.scope, key: globalCapKey(now) }, body.used, now);
    return { max: limit.max };
  });
}
