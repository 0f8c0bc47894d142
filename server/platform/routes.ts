/**
 * Spec §7 "Platform and in-game calls" for the console platforms, each under
 * /no-auth/global/{platform} and /no-auth/ial (docs/platforms.md):
 *
 *   ticket ─► login/pf-session-cookie ─► platform session ─┬─ linked ─► login/in-game ─► signed in
 *                                                          └─ not linked ─► linking/password ─► linking/verify
 *                                                                           (password)          (second factor)
 *
 * The platform session names a verified platform identity and nothing more;
 * a portal session is issued only by login/in-game for an identity linked
 * through the account's password and its second factor. The password step is
 * the sign-in's own (checkPassword: attempt limits, no enumeration), the
 * second factor the sign-in's own (verifyFactor).
 */
import type { Context, Hono } from 'hono';
import {
  delinkMinorConsole,
  inGameLogin,
  pfSessionCookie,
  platformLinkingState,
  platformLinkPassword,
  platformLinkRequestCode,
  platformLinkVerify,
  testPfSessionCookie,
  IAL_PLATFORM,
  type ConsolePlatform,
  type PlatformPair,
} from '../../src/shared/contract/platform';
import type * as z from 'zod/mini';
import { CONSOLE_PLATFORMS } from '../../src/regions/schema';
import { findAccountById, findAccountByLogin } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import { authTypesOf } from '../mfa/data';
import {
  clearLinkCandidateStatement,
  deleteMinorLink,
  findLinkedAccountId,
  insertLinkStatement,
  setLinkCandidateStatement,
  useTicketId,
  type PlatformSessionRow,
} from './data';
import type { AccountRow } from '../core/data/rows';
import { maskPhone } from '../core/reference/phone-numbers';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, BAD_INPUT, badInput } from '../core/http/errors';
import { mount, type Handler } from '../core/http/mount';
import { sendCodeEmail, sendCodeSms } from '../core/notices/send';
import { openPlatformSession, platformSignedIn, requirePlatformSession } from './session';
import { invalidTicket, verifyTicketSignature } from './tickets';
import { checkPassword } from '../signin/authenticate';
import { CODE_KINDS, issueCode } from '../core/security/codes';
import { hit, type Limit } from '../core/security/rate-limit';
import { verifyFactor } from '../mfa/second-factor';
import { clientIp, clientLimitIp } from '../core/http/client-ip';
import { accountStateError } from '../signin/sign-in';
import { SMS_PER_ACCOUNT_LIMIT, SMS_PER_NUMBER_LIMIT } from '../mfa/sms-routes';
import type { Endpoint } from '../../src/shared/contract/endpoint';

type Ctx = Context<AppEnv>;
type LinkFactor = 'TOTP' | 'SMS' | 'EMAIL';

const MINUTE = 60_000;
/** After the password, the second factor must follow within 10 minutes (like a pending sign-in). */
export const LINK_PASSWORD_VALID_MS = 10 * MINUTE;

/** Tickets presented per IP: 30 in 10 minutes (a console presents one per sign-in). */
export const TICKETS_PER_IP: Limit = {
  scope: 'platform:ticket-ip',
  max: 30,
  windowMs: 10 * MINUTE,
  lockMs: 10 * MINUTE,
  code: '20157',
  onSuccess: 'keep',
};
/** Link codes sent per account: 5 an hour. */
export const LINK_CODES_PER_ACCOUNT: Limit = {
  scope: 'platform:link-code',
  max: 5,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
  code: '20157',
  onSuccess: 'keep',
};

function isPlatform(value: string | undefined): value is ConsolePlatform {
  return (CONSOLE_PLATFORMS as readonly string[]).includes(value ?? '');
}

/**
 * Mounts both endpoints of a pair: the global one for the region's platforms other than IAL (IAL has its own
 * prefix), the ial one for IAL when the region serves it. The handler gets the platform.
 */
export function mountPair<Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  app: Hono<AppEnv>,
  pair: PlatformPair<Q, B, R>,
  handler: (
    platform: ConsolePlatform,
    ...args: Parameters<Handler<Endpoint<Q, B, R>>>
  ) => ReturnType<Handler<Endpoint<Q, B, R>>>,
): void {
  const served = (c: Ctx, platform: string | undefined): ConsolePlatform => {
    if (!isPlatform(platform) || !settingsOf(c.env).region.consolePlatforms.includes(platform))
      throw badInput('This region serves no such platform');
    return platform;
  };
  mount(app, pair.global, (c, input) => {
    const platform = input.params['platform'];
    if (platform === IAL_PLATFORM) throw badInput('IAL calls use the /no-auth/ial prefix');
    return handler(served(c, platform), c, input);
  });
  mount(app, pair.ial, (c, input) => handler(served(c, IAL_PLATFORM), c, input));
}

/** Verifies the ticket (adapter) and accepts its id once (replay store); opens the platform session. */
async function acceptTicket(c: Ctx, platform: ConsolePlatform, ticket: string, ttlMs?: number) {
  const now = c.var.clock.now();
  await hit(c.var.db, now, TICKETS_PER_IP, clientLimitIp(c) ?? 'unknown');
  const identity = await verifyTicketSignature(c.env, platform, ticket, now);
  if (!(await useTicketId(c.var.db, platform, identity.jti, identity.expiresAt, now))) {
    await c.var.db.run(
      auditStatement(
        c.var.db,
        { accountId: null, event: 'platform.ticket-replayed', ip: clientIp(c), detail: { platform } },
        now,
      ),
    );
    throw invalidTicket();
  }
  await openPlatformSession(c, identity, ttlMs);
  const linked = await findLinkedAccountId(c.var.db, platform, identity.platformUserId);
  const account = linked === null ? null : await findAccountById(c.var.db, linked);
  return { email: account?.email ?? null };
}

/** The factors that may link this account: its second factors, or an emailed code when it has none. */
export function linkFactors(account: AccountRow): { authTypes: LinkFactor[]; primaryAuthType: LinkFactor } {
  const { authTypes, primaryAuthType } = authTypesOf(account);
  if (primaryAuthType === null) return { authTypes: ['EMAIL'], primaryAuthType: 'EMAIL' };
  return { authTypes, primaryAuthType };
}

/** A minor's account without a parent's consent on record: its console link waits for the parent (or is removed). */
export function needsParentForConsole(account: AccountRow): boolean {
  return account.is_minor && account.parental_consent_at === null;
}

function playerTag(account: AccountRow): string | null {
  if (account.player_tag_name === null) return null;
  return account.player_tag_number === null
    ? account.player_tag_name
    : `${account.player_tag_name}#${account.player_tag_number}`;
}

/** The account whose password this platform session gave (within its validity), or 20001. */
async function linkCandidate(c: Ctx, session: PlatformSessionRow): Promise<AccountRow> {
  const fresh =
    session.link_password_at !== null && c.var.clock.now() - session.link_password_at < LINK_PASSWORD_VALID_MS;
  const account =
    fresh && session.link_account_id !== null ? await findAccountById(c.var.db, session.link_account_id) : null;
  if (account === null) throw new ApiError(401, '20001', 'Give the account password first');
  return account;
}

/** Spec §8 20138: the identity or the account is linked already, or the link could not be made. */
function linkRefused(message: string): ApiError {
  return new ApiError(409, '20138', message);
}

export function platformRoutes(app: Hono<AppEnv>): void {
  mountPair(app, pfSessionCookie, (platform, c, { body }) => acceptTicket(c, platform, body.sessionTicket));

  // Test mode only (DEV_TOOLS, never beside a production build): the same ticket checks, with a chosen lifetime.
  mountPair(app, testPfSessionCookie, (platform, c, { body }) => {
    if (!settingsOf(c.env).devTools) throw new ApiError(404, BAD_INPUT, 'Not found');
    return acceptTicket(c, platform, body.platformSessionTicket, body.ttl === undefined ? undefined : body.ttl * 1000);
  });

  mountPair(app, inGameLogin, async (platform, c, { body }) => {
    const session = await requirePlatformSession(c, platform);
    const accountId = await findLinkedAccountId(c.var.db, platform, session.platform_user_id);
    const account = accountId === null ? null : await findAccountById(c.var.db, accountId);
    if (account === null) throw linkRefused('This platform account is not linked to an account');
    const refused = accountStateError(account);
    if (refused) throw refused;
    // A minor's account signs in from a console only with a parent's consent (the minor-linking dialog's notice).
    if (needsParentForConsole(account))
      throw new ApiError(403, '20226', "A parent or guardian must consent to this console's use");
    // The platform vouches for the console's holder; the link itself took the password and the second factor.
    return platformSignedIn(c, account, body.deviceId ?? null, { channel: platform });
  });

  mountPair(app, platformLinkingState, async (platform, c) => {
    const session = await requirePlatformSession(c, platform);
    const linkedId = await findLinkedAccountId(c.var.db, platform, session.platform_user_id);
    const linked = linkedId === null ? null : await findAccountById(c.var.db, linkedId);
    let pending = null;
    if (linked === null) {
      try {
        const account = await linkCandidate(c, session);
        pending = {
          email: account.email,
          ...linkFactors(account),
          phoneNo: account.sms_mfa_enabled && account.phone_no !== null ? maskPhone(account.phone_no) : null,
        };
      } catch {
        pending = null;
      }
    }
    return {
      platform,
      accountType: session.account_type,
      game: session.game,
      linked: linked !== null,
      minor: linked !== null && needsParentForConsole(linked),
      pending,
    };
  });

  mountPair(app, platformLinkPassword, async (platform, c, { body }) => {
    const session = await requirePlatformSession(c, platform);
    if ((await findLinkedAccountId(c.var.db, platform, session.platform_user_id)) !== null)
      throw linkRefused('This platform account is linked already');
    const found = await findAccountByLogin(c.var.db, body.email.trim());
    // The sign-in's password step: attempt limits reserved first, one answer for unknown accounts and wrong passwords.
    const { account } = await checkPassword(c, found, body.password, { loginId: body.email, captchaSolved: false });
    const refused = accountStateError(account);
    if (refused) throw refused;
    const region = settingsOf(c.env).region;
    if (region.membershipNo !== null && account.membership_no !== null && account.membership_no !== region.membershipNo)
      throw new ApiError(403, '20074', 'The account belongs to another region');
    const now = c.var.clock.now();
    await c.var.db.batch([
      setLinkCandidateStatement(c.var.db, session.token_hash, account.id, now),
      auditStatement(
        c.var.db,
        { accountId: account.id, event: 'platform.link-password', ip: clientIp(c), detail: { platform } },
        now,
      ),
    ]);
    return linkFactors(account);
  });

  mountPair(app, platformLinkRequestCode, async (platform, c, { body }) => {
    const session = await requirePlatformSession(c, platform);
    const account = await linkCandidate(c, session);
    if (!linkFactors(account).authTypes.includes(body.authType))
      throw badInput(`${body.authType} is not a linking factor of this account`);
    const db = c.var.db;
    const now = c.var.clock.now();
    await hit(c.var.db, now, LINK_CODES_PER_ACCOUNT, String(account.id));
    if (body.authType === 'SMS') {
      const target = account.phone_no ?? '';
      await hit(c.var.db, now, SMS_PER_NUMBER_LIMIT, target);
      await hit(c.var.db, now, SMS_PER_ACCOUNT_LIMIT, String(account.id));
      const code = await issueCode(c.var.db, { accountId: account.id, target, kind: CODE_KINDS.linkSms }, now);
      await sendCodeSms(c, target, code, CODE_KINDS.linkSms.ttlMs, body.language);
    } else {
      const code = await issueCode(
        c.var.db,
        { accountId: account.id, target: account.email, kind: CODE_KINDS.linkEmail },
        now,
      );
      await sendCodeEmail(c, account.email, code, CODE_KINDS.linkEmail.ttlMs, body.language);
    }
    await c.var.db.run(
      auditStatement(
        db,
        { accountId: account.id, event: 'platform.link-code-sent', ip: clientIp(c), detail: { method: body.authType } },
        now,
      ),
    );
    return {};
  });

  mountPair(app, platformLinkVerify, async (platform, c, { body }) => {
    const session = await requirePlatformSession(c, platform);
    const account = await linkCandidate(c, session);
    const { authTypes } = linkFactors(account);
    // A backup code stands in for the authenticator; an emailed code only for an account without a second factor.
    const allowed = body.authType === 'BACKUP_CODE' ? authTypes.includes('TOTP') : authTypes.includes(body.authType);
    if (!allowed) throw badInput(`${body.authType} is not a linking factor of this account`);
    const db = c.var.db;
    if ((await findLinkedAccountId(db, platform, session.platform_user_id)) !== null)
      throw linkRefused('This platform account is linked already');
    const now = c.var.clock.now();
    await verifyFactor(c, account, body.authType, body.code, 'link', [
      insertLinkStatement(db, platform, session.platform_user_id, account.id, now),
      clearLinkCandidateStatement(db, session.token_hash),
      auditStatement(
        c.var.db,
        { accountId: account.id, event: 'platform.linked', ip: clientIp(c), detail: { platform } },
        now,
      ),
    ]);
    // The insert was a no-op if the account holds another identity of this platform already.
    if ((await findLinkedAccountId(db, platform, session.platform_user_id)) !== account.id)
      throw linkRefused('The account is linked to another account of this platform');
    return { email: account.email, playerTag: playerTag(account) };
  });

  // The minor-linking dialog's delink view: the platform session's identity leaves a minor's account.
  mount(app, delinkMinorConsole, async (c) => {
    const session = await requirePlatformSession(c, null);
    const db = c.var.db;
    const now = c.var.clock.now();
    const accountId = await deleteMinorLink(c.var.db, session.platform, session.platform_user_id);
    if (accountId === null) throw linkRefused('No console link of a minor account to remove');
    await c.var.db.run(
      auditStatement(
        db,
        { accountId, event: 'platform.minor-delinked', ip: clientIp(c), detail: { platform: session.platform } },
        now,
      ),
    );
    return {};
  });
}
