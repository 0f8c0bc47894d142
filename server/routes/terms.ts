/**
 * POST /no-auth/terms/consent {consentLocation} (spec §8 20255, §4 "Terms
 * reconsent: accept, then login completes"). Records that the account holder
 * accepted the current terms, for the session of a sign-in in progress (the
 * pending session the password step created) or a signed-in one. It never
 * changes the session: the portal then calls login complete, which goes on
 * to the second factor if the account has one (see security/sign-in.ts).
 */
import type { Hono } from 'hono';
import { consentTerms } from '../../src/shared/contract/terms';
import { auditStatement } from '../db/audit';
import { acceptTermsStatement } from '../db/sign-in';
import type { AppEnv } from '../http/app-env';
import { ApiError, LOGIN_REQUIRED } from '../http/errors';
import { mount } from '../http/mount';
import { clientIp } from '../security/sessions';
import { allowedAccount } from '../security/sign-in';

export function termsRoutes(app: Hono<AppEnv>): void {
  mount(app, consentTerms, async (c, { body, session }) => {
    if (!session) throw new ApiError(401, LOGIN_REQUIRED, 'No sign-in in progress');
    const db = c.env.DB;
    const now = c.var.clock.now();
    const account = await allowedAccount(c, session);
    await db.batch([
      acceptTermsStatement(db, account.id, now),
      auditStatement(
        db,
        { accountId: account.id, event: 'terms.accepted', ip: clientIp(c), detail: { location: body.consentLocation } },
        now,
      ),
    ]);
    return {};
  });
}
