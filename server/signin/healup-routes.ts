/**
 * PUT /no-auth/[unified/]healup (spec §2 healup, §8 20045): the country and
 * birth information a sign-in found missing. Needs the session of that
 * sign-in (pending after the password, or a signed-in one); fills only what
 * is missing — a value the account already has is refused, never replaced.
 * The portal then calls login complete, which re-evaluates the steps.
 */
import type { Hono } from 'hono';
import { healup } from '../../src/shared/contract/launcher-login';
import { auditStatement } from '../core/data/audit';
import { healupQuery, type HealupValues } from './data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput, LOGIN_REQUIRED } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { clientIp } from '../core/http/client-ip';
import { allowedAccount, healupItems } from './sign-in';
import { assertBirthday, assertCountry } from '../signup/routes';

export function healupRoutes(app: Hono<AppEnv>): void {
  mount(app, healup, async (c, { body, session }) => {
    if (!session) throw new ApiError(401, LOGIN_REQUIRED, 'No sign-in in progress');
    const db = c.var.db;
    const now = c.var.clock.now();
    const account = await allowedAccount(c, session);
    const missing = healupItems(account);
    const values: HealupValues = { countryCode: null, birthYear: null, birthMonth: null };
    if (body.countryCode !== undefined) {
      if (!missing.includes('country')) throw badInput('The account already has a country');
      assertCountry(body.countryCode);
      values.countryCode = body.countryCode;
    }
    if (body.birthday !== undefined) {
      if (!missing.includes('birthday')) throw badInput('The account already has its birth information');
      assertBirthday(body.birthday, now);
      const [year, month] = body.birthday.split('-').map(Number);
      values.birthYear = year ?? null;
      values.birthMonth = month ?? null;
    }
    if (values.countryCode === null && values.birthYear === null) throw badInput('Nothing to complete');
    const items = [values.countryCode !== null ? 'country' : null, values.birthYear !== null ? 'birthday' : null];
    await c.var.db.batch([
      healupQuery(c.var.db, account.id, values, now),
      auditStatement(
        db,
        {
          accountId: account.id,
          event: 'healup.completed',
          ip: clientIp(c),
          detail: { items: items.filter(Boolean).join(',') },
        },
        now,
      ),
    ]);
    return {};
  });
}
