/**
 * DEV_TOOLS test hooks of parental controls (src/shared/contract/dev-parental.ts).
 * Mounted after devRoutes, whose gate answers 404 for every /api/dev path
 * when DEV_TOOLS is off.
 */
import type { Hono } from 'hono';
import { devParentalState, devSetFamily } from '../../src/shared/contract/dev-parental';
import { findAccountById } from '../core/data/accounts';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { devParentalRecords, setDevFamily } from './parental-data';

export function devParentalRoutes(app: Hono<AppEnv>): void {
  mount(app, devSetFamily, async (c, { body }) => {
    if (!(await findAccountById(c.env.DB, body.accountId))) throw new ApiError(404, '20215', 'Account missing');
    await setDevFamily(c.var.db, body, c.var.clock.now());
    return {};
  });

  mount(app, devParentalState, async (c, { query }) => {
    const id = query.accountId;
    const account = await findAccountById(c.env.DB, id);
    if (!account) throw new ApiError(404, '20215', 'Account missing');
    const records = await devParentalRecords(c.var.db, id);
    return {
      ...records,
      status: account.status,
      parentalConsentAt: account.parental_consent_at,
      termsAcceptedAt: account.terms_accepted_at,
    };
  });
}
