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
 *     └─ no account ──────────────────────────────────────────────► 20215: platform social sign-up
 *
 * Then, on the third-party session this call opened:
 *   social-link   linking/social/password | linking/social/verify-code (after getSocialLink, socialLinkRequestCode)
 *   sign-up       tpaSignupProfile (age, terms), then signup[/in-game]/social with the provider's email, or
 *                 signup/social/email/validate → signup/social[/in-game]/email/code → signup[/in-game]/social/email
 *
 * The social proof replaces only the password: an account with a second factor still proves it before a
 * console is linked, as the password linking does, so a social sign-in never weakens the link.
 */
import type { Context, Hono } from 'hono';
import {
  platformSocialLinkPassword,
  platformSocialLinkVerifyCode,
  signupInGameSocial,
  signupInGameSocialEmail,
  signupSocial,
  signupSocialEmail,
  signupSocialEmailCode,
  signupSocialEmailValidate,
  signupSocialInGameEmailCode,
  socialSessionCookie,
  type ConsolePlatform,
} from '../../src/shared/contract/platform';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import { authTypesOf } from '../mfa/data';
import { findLinkedAccountId, insertLinkStatement, setLinkCandidateStatement, type PlatformSessionRow } from './data';
import type { AccountRow } from '../core/data/rows';
import { digest } from '../core/security/tokens';
import { findLink } from '../social/data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { platformSignedIn, requirePlatformSession } from './session';
import { clientIp } from '../core/http/client-ip';
import { accountStateError } from '../signin/sign-in';
import { redeemOAuth, takeBrowserFlow } from '../social/flow';
import { redeemSteam } from '../social/steam';
import { mountPair, needsParentForConsole } from './routes';
import { identityOf, linkTarget, openTpaSession, takeSession, verifySocialLinkCode } from '../social/routes';
import { profileOf, sendTypedEmailCode, verifyTypedEmail } from '../social/signup-routes';
import { platformSocialSignup } from './signup-social';
import { checkPassword } from '../signin/authenticate';
import { linkIdentity } from '../social/linking';
import { requireTpaSession, sessionExpired } from '../social/flow';

type Ctx = Context<AppEnv>;

/** Refuses before any proof when the console is linked to another account already (20138). */
async function assertConsoleFree(c: Ctx, platform: ConsolePlatform, session: PlatformSessionRow, accountId: number) {
  const linkedTo = await findLinkedAccountId(c.var.db, platform, session.platform_user_id);
  if (linkedTo !== null && linkedTo !== accountId)
    throw new ApiError(409, '20138', 'This platform account is linked to another account');
}

/** After the social-link proof: the provider is linked (the third-party session used up), then the console. */
async function finishSocialLink(
  c: Ctx,
  platform: ConsolePlatform,
  session: PlatformSessionRow,
  account: AccountRow,
  via: 'password' | 'code',
) {
  const s = await takeSession(c);
  if (s.link_account_id !== account.id) throw sessionExpired();
  await linkIdentity(c, account, identityOf(s), via);
  return linkConsole(c, platform, session, account, s.provider);
}

/**
 * The console step once a social identity is the account's (a social sign-in, or a social link just proven):
 * the console is linked and the player signed in, or — for an account with a second factor — the account becomes
 * the link candidate and the verify-linking screens finish (`{email}` only).
 */
async function linkConsole(
  c: Ctx,
  platform: ConsolePlatform,
  session: PlatformSessionRow,
  account: AccountRow,
  provider: string,
  more: Record<string, string> = {},
) {
  const db = c.var.db;
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
        c.var.db,
        { accountId: account.id, event: 'platform.link-social', ip, detail: { platform, provider, ...more } },
        now,
      ),
    ]);
    return { email: account.email };
  }
  if (linkedTo === null) {
    await db.batch([
      insertLinkStatement(db, platform, session.platform_user_id, account.id, now),
      auditStatement(
        c.var.db,
        { accountId: account.id, event: 'platform.linked', ip, detail: { platform, provider, ...more } },
        now,
      ),
    ]);
    // The insert is a no-op when the account holds another identity of this platform already.
    if ((await findLinkedAccountId(db, platform, session.platform_user_id)) !== account.id)
      throw new ApiError(409, '20138', 'The account is linked to another account of this platform');
  }
  if (needsParentForConsole(account))
    throw new ApiError(403, '20226', "A parent or guardian must consent to this console's use");
  return platformSignedIn(c, account, null, { channel: platform, provider, ...more });
}

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

    const link = await findLink(c.var.db, provider, identity.subject);
    const account = link === null ? null : await findAccountById(c.var.db, link.account_id);
    if (account === null) throw new ApiError(404, '20215', 'No account is linked to this sign-in');
    // The connector's device fingerprint, kept as its digest with the link and the sign-in (as the sign-up does).
    const more = body.blackBox === undefined ? {} : { blackBox: await digest(body.blackBox) };
    return linkConsole(c, platform, session, account, provider, more);
  });

  // global/{platform}/social-link/{case}: the web's proofs (linkTarget, checkPassword, the social-link code).
  mountPair(app, platformSocialLinkPassword, async (platform, c, { body }) => {
    const session = await requirePlatformSession(c, platform);
    const { account } = await linkTarget(c, await requireTpaSession(c));
    await assertConsoleFree(c, platform, session, account.id);
    // Attempt limits and the captcha demand after repeated failures are the password login's (checkPassword).
    await checkPassword(c, account, body.password, { loginId: account.email, captchaSolved: false });
    return finishSocialLink(c, platform, session, account, 'password');
  });

  mountPair(app, platformSocialLinkVerifyCode, async (platform, c, { body }) => {
    const session = await requirePlatformSession(c, platform);
    const { account } = await linkTarget(c, await requireTpaSession(c));
    await assertConsoleFree(c, platform, session, account.id);
    await verifySocialLinkCode(c, account, body.code);
    return finishSocialLink(c, platform, session, account, 'code');
  });

  // Platform social sign-up (server/platform/signup-social.ts): the provider's email, or a typed one proven by code.
  mountPair(app, signupSocialEmailValidate, async (platform, c, { body }) => {
    await requirePlatformSession(c, platform);
    // The age check and terms of create-tpa come first (20022), as on the web.
    profileOf(await requireTpaSession(c));
    await sendTypedEmailCode(c, body.email, body.language);
    return {};
  });
  for (const pair of [signupSocialEmailCode, signupSocialInGameEmailCode])
    mountPair(app, pair, async (platform, c, { body }) => {
      await requirePlatformSession(c, platform);
      const s = await requireTpaSession(c);
      profileOf(s);
      // An address that is an existing account's leads to social-link case 3 (the session carries it).
      if ((await verifyTypedEmail(c, s, body.email, body.code)) !== null)
        throw new ApiError(409, '20128', 'This email belongs to an existing account: link it instead');
      return { email: body.email.trim() };
    });
  const signups = [
    [signupSocial, { channel: 'connector', typed: false }],
    [signupInGameSocial, { channel: 'in-game', typed: false }],
    [signupSocialEmail, { channel: 'connector', typed: true }],
    [signupInGameSocialEmail, { channel: 'in-game', typed: true }],
  ] as const;
  for (const [pair, variant] of signups)
    mountPair(app, pair, (platform, c, { body }) => platformSocialSignup(c, platform, body, variant));
}
