/**
 * Terms consent during sign-in (spec §7 "Parental" terms calls, §8 20255 and
 * 20256; §4 "Terms reconsent: accept, then login completes"):
 *
 * - POST /no-auth/terms/consent {consentLocation}: the account holder accepts
 *   the current terms (20255). A minor in a family cannot: it answers 20256,
 *   the parent's consent is required (docs/parental.md "Minors' terms").
 * - POST /no-auth/terms/request-code-to-parent: emails the parent a new
 *   6-character code (server/parental/parent-codes.ts).
 * - POST /no-auth/terms/consent-by-parent {consentLocation, verificationCode}:
 *   the code the parent received accepts the terms for the minor (20068 on a
 *   wrong, used or expired code).
 *
 * Each needs the session of a sign-in in progress (the pending session the
 * password step created) or a signed-in one. None changes the session: the
 * portal then calls login complete, which goes on to the second factor if the
 * account has one (see security/sign-in.ts).
 */
import type { Context, Hono } from 'hono';
import { consentTerms, consentTermsByParent, requestParentCode } from '../../src/shared/contract/terms';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import { acceptTermsQuery, parentalConsentQuery } from './data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, LOGIN_REQUIRED } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendParentalNotice } from '../parental/notices';
import { checkParentCode, consentingParent, parentCodeRequired, sendCodeToParent } from '../parental/parent-codes';
import { type Session } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { allowedAccount } from './sign-in';

async function signingIn(c: Context<AppEnv>, session: Session | null): Promise<AccountRow> {
  if (!session) throw new ApiError(401, LOGIN_REQUIRED, 'No sign-in in progress');
  return allowedAccount(c, session);
}

/** Nothing to consent to: the terms are current, or the account accepts them itself (20022). */
function noParentConsentDue(): ApiError {
  return new ApiError(400, '20022', "No terms are waiting for a parent's consent");
}

export function termsRoutes(app: Hono<AppEnv>): void {
  mount(app, consentTerms, async (c, { body, session }) => {
    const account = await signingIn(c, session);
    const db = c.var.db;
    const now = c.var.clock.now();
    if ((await consentingParent(c.env.DB, account, now)) !== null) throw parentCodeRequired();
    await c.var.db.batch([
      acceptTermsQuery(c.var.db, account.id, now),
      auditStatement(
        db,
        { accountId: account.id, event: 'terms.accepted', ip: clientIp(c), detail: { location: body.consentLocation } },
        now,
      ),
    ]);
    return {};
  });

  mount(app, requestParentCode, async (c, { session }) => {
    const account = await signingIn(c, session);
    const parent = await consentingParent(c.env.DB, account, c.var.clock.now());
    if (parent === null) throw noParentConsentDue();
    await sendCodeToParent(c, account, parent);
    await c.var.db.run(
      auditStatement(
        c.var.db,
        { accountId: account.id, event: 'terms.parent-code-sent', ip: clientIp(c) },
        c.var.clock.now(),
      ),
    );
    return {};
  });

  mount(app, consentTermsByParent, async (c, { body, session }) => {
    const account = await signingIn(c, session);
    const db = c.var.db;
    const now = c.var.clock.now();
    const parent = await consentingParent(c.env.DB, account, now);
    if (parent === null) throw noParentConsentDue();
    const settle = await checkParentCode(c, account, parent, body.verificationCode);
    await c.var.db.batch([
      acceptTermsQuery(c.var.db, account.id, now),
      parentalConsentQuery(c.var.db, account.id, now),
      ...settle,
      auditStatement(
        db,
        {
          accountId: account.id,
          event: 'terms.accepted-by-parent',
          ip: clientIp(c),
          detail: { location: body.consentLocation, parent: parent.id },
        },
        now,
      ),
      auditStatement(
        db,
        {
          accountId: parent.id,
          event: 'parental.terms-consented',
          ip: clientIp(c),
          detail: { childUserNo: account.id },
        },
        now,
      ),
    ]);
    await sendParentalNotice(c, parent.email, 'childTermsConsented', { child: account.email });
    return {};
  });
}
