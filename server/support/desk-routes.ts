/**
 * The support-desk sign-in (spec §7 login/token, login/zendesk [unified], §2 login/move-to-zendesk, §8 20100;
 * docs/support-desk.md):
 *
 * - login/token: a blocked player (20100) proves the account with id + password (+ captcha), under the sign-in's
 *   own limits and with its one answer for unknown accounts and wrong passwords (20002), and gets a one-time
 *   token. A right password on an account that is not blocked gets 403 20022: that player signs in and uses
 *   login/move-to-zendesk instead.
 * - login/zendesk: the token, used once within 5 minutes, becomes the desk's JWT single-sign-on URL.
 * - login/zendesk/move (this contract's path): the same URL for the signed-in player, from the session.
 *
 * Only regions whose Contact Support signs into the desk (region.supportViaDeskLogin) serve them; the others
 * open their help URL and answer 404 here.
 */
import type { Context, Hono } from 'hono';
import { loginToken, moveToZendesk, zendeskLogin } from '../../src/shared/contract/launcher-login';
import { findAccountById, findAccountByLogin } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, NOT_FOUND } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { assertCaptcha } from '../core/providers/index';
import { checkPassword } from '../signin/authenticate';
import { clientIp } from '../core/http/client-ip';
import { accountStateError, stillAllowed } from '../signin/sign-in';
import { consumeDeskToken, issueDeskToken } from './desk-token';
import { deskSignInUrl } from './desk-sso';
import { DEV_DESK_PATH } from '../dev/support-desk-routes';

type Ctx = Context<AppEnv>;

/** The desk this region signs into: its base URL (the dev page of this API when unset in dev mode) and secret. */
function deskOf(c: Ctx): { baseUrl: string; jwtSecret: string } {
  const desk = settingsOf(c.env).supportDesk;
  if (desk === null) throw new ApiError(404, NOT_FOUND, 'This region has no support-desk sign-in');
  return { baseUrl: desk.url ?? new URL(DEV_DESK_PATH, c.req.url).href, jwtSecret: desk.jwtSecret };
}

/**
 * 20022 (invalid access): 400 for a token that is unknown, used or expired; 403 for a right password on an
 * account that is not blocked (the portal tells it apart from bad input by the status: docs/support-desk.md).
 */
const invalidAccess = (message: string, status: 400 | 403 = 400) => new ApiError(status, '20022', message);

async function signInUrl(c: Ctx, account: AccountRow, via: 'ban-flow' | 'session'): Promise<{ returnUrl: string }> {
  const now = c.var.clock.now();
  const returnUrl = await deskSignInUrl(deskOf(c), account, now);
  await c.var.db.run(
    auditStatement(
      c.var.db,
      { accountId: account.id, event: 'support-desk.signed-in', ip: clientIp(c), detail: { via } },
      now,
    ),
  );
  return { returnUrl };
}

export function supportDeskRoutes(app: Hono<AppEnv>): void {
  mount(app, loginToken, async (c, { body }) => {
    deskOf(c);
    await assertCaptcha(c, body.captchaToken, body.captchaVersion, 'web_login');
    const db = c.var.db;
    const account = await findAccountByLogin(db, body.id.trim());
    // The sign-in's password step: its limits, its decoy for unknown accounts, its 20002 for both.
    const { account: checked } = await checkPassword(c, account, body.password, {
      loginId: body.id,
      captchaSolved: body.captchaVersion === 'v2',
    });
    const now = c.var.clock.now();
    const ip = clientIp(c);
    // The account state as the sign-in reads it (security/sign-in.ts): only a blocked account takes this way.
    if (accountStateError(checked)?.code !== '20100') {
      await c.var.db.run(auditStatement(db, { accountId: checked.id, event: 'support-desk.token.refused', ip }, now));
      throw invalidAccess('The support-desk token is for blocked accounts; sign in instead', 403);
    }
    const { token, statements } = await issueDeskToken(c.var.db, checked.id, now);
    await c.var.db.batch([
      ...statements,
      auditStatement(db, { accountId: checked.id, event: 'support-desk.token.issued', ip }, now),
    ]);
    return { token };
  });

  mount(app, zendeskLogin, async (c, { query }) => {
    deskOf(c);
    const db = c.var.db;
    const accountId = await consumeDeskToken(c.var.db, query.token, c.var.clock.now());
    const account = accountId === null ? null : await findAccountById(db, accountId);
    if (account === null) throw invalidAccess('Support-desk token expired, used or unknown');
    return signInUrl(c, account, 'ban-flow');
  });

  mount(app, moveToZendesk, async (c, { account }) => {
    deskOf(c);
    // A session whose account was blocked since ends here, as at the next silent login.
    return signInUrl(c, await stillAllowed(c, account), 'session');
  });
}
