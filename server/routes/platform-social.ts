/**
 * Spec §7 login/social-session-cookie, platform variant (docs/platforms.md "Social sign-in on a platform"):
 * a console holding a platform session signs in with a social identity, and the platform identity is
 * linked to the social identity's account.
 *
 *   platform session ─► provider callback {socialType, code, state}
 *     ├─ social identity linked, account without a second factor ─► platform linked + signed in
 *     ├─ social identity linked, account with a second factor ────► link candidate (stands in for the
 *     │                                                              password step): verify-linking/… follows
 *     ├─ an account has the provider's email ─────────────────────► 20128: global/{platform}/social-link/{case}
 *     └─ no account ──────────────────────────────────────────────► 20215 (platform social sign-up not served)
 *
 * The social proof replaces only the password: an account with a second factor still proves it before a
 * console is linked, as the password linking does, so a social sign-in never weakens the link.
 */
import type { Hono } from 'hono';
import { socialSessionCookie } from '../../src/shared/contract/platform';
import { findAccountById } from '../db/accounts';
import { auditStatement } from '../db/audit';
import { authTypesOf } from '../db/mfa';
import { findLinkedAccountId, insertLinkStatement, setLinkCandidateStatement } from '../db/platform';
import { findLink } from '../db/social';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { requirePlatformSession } from '../platform/session';
import { clientIp, startSession } from '../security/sessions';
import { accountStateError } from '../security/sign-in';
import { hashUserNumbers } from '../security/user-hash';
import { redeemOAuth, takeBrowserFlow } from '../social/flow';
import { redeemSteam } from '../social/steam';
import { mountPair, needsParentForConsole } from './platform';
import { openTpaSession } from './tpa';

export function platformSocialRoutes(app: Hono<AppEnv>): void {
  mountPair(app, socialSessionCookie, async (platform, c, { body }) => {
    // 20159 before the provider's code is spent: without a console there is nothing to link to.
    const session = await requirePlatformSession(c, platform);
    const provider = body.socialType;
    const flow = await takeBrowserFlow(c, provider, body.state, 'login');
    const identity =
      provider === 'steam' ? await redeemSteam(flow, body.code) : await redeemOAuth(c, provider, flow, body.code);
    // The third-party session the social-link screens continue with (proof of an existing account).
    const opened = await openTpaSession(c, provider, identity);
    if (opened.next === 'socialLink')
      throw new ApiError(409, '20128', 'Link this sign-in to the existing account first');
    if (opened.next !== 'login') throw new ApiError(404, '20215', 'No account is linked to this sign-in');

    const db = c.env.DB;
    const link = await findLink(db, provider, identity.subject);
    const account = link === null ? null : await findAccountById(db, link.account_id);
    if (account === null) throw new ApiError(404, '20215', 'No account is linked to this sign-in');
    const refused = accountStateError(account);
    if (refused) throw refused;
    const linkedTo = await findLinkedAccountId(db, platform, session.platform_user_id);
    if (linkedTo !== null && linkedTo !== account.id)
      throw new ApiError(409, '20138', 'This platform account is linked to another account');
    const now = c.var.clock.now();
    const ip = clientIp(c);

    if (linkedTo === null && authTypesOf(account).primaryAuthType !== null) {
      // The second factor still guards the link: the verify-linking screens finish it (linking/verify).
      await db.batch([
        setLinkCandidateStatement(db, session.token_hash, account.id, now),
        auditStatement(
          db,
          { accountId: account.id, event: 'platform.link-social', ip, detail: { platform, provider } },
          now,
        ),
      ]);
      return { email: account.email };
    }
    if (linkedTo === null) {
      await db.batch([
        insertLinkStatement(db, platform, session.platform_user_id, account.id, now),
        auditStatement(
          db,
          { accountId: account.id, event: 'platform.linked', ip, detail: { platform, provider } },
          now,
        ),
      ]);
      // The insert is a no-op when the account holds another identity of this platform already.
      if ((await findLinkedAccountId(db, platform, session.platform_user_id)) !== account.id)
        throw new ApiError(409, '20138', 'The account is linked to another account of this platform');
    }
    if (needsParentForConsole(account))
      throw new ApiError(403, '20226', "A parent or guardian must consent to this console's use");
    await startSession(c, account.id, {
      rememberMe: false,
      level: 'full',
      deviceId: null,
      alongside: [
        auditStatement(
          db,
          { accountId: account.id, event: 'signin.succeeded', ip, detail: { channel: platform, provider } },
          now,
        ),
      ],
    });
    const { hashedGlobalUserNo } = await hashUserNumbers(c.env, account);
    return { hashedGlobalUserNo, email: account.email };
  });
}
