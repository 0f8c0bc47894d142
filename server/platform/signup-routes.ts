/**
 * Email sign-up on a platform and the store connector's ticket login (spec §7 "Platform and in-game calls",
 * "Launcher and login"; docs/platforms.md "Email sign-up", docs/launcher.md):
 *
 *   in-game:   platform session ─► signup/in-game/email/validate ─► (email/request-code) ─► signup/in-game/email/code
 *   connector: steam/tpa-session-cookie ─► signup/email/validate ─► (email/request-code) ─► signup/email/code
 *
 * validate sends the code (the web sign-up's send: caps per IP and address, and the owner of a registered address
 * gets the "you already have an account" email instead: the same answer either way); code creates the account
 * through the web sign-up's pipeline (completeEmailSignup: age, password policy, code attempts reserved before the
 * check, terms) and links the platform identity in the account's own batch (server/platform/signup-email.ts).
 */
import type { Context, Hono } from 'hono';
import { steamTpaSessionCookie } from '../../src/shared/contract/launcher-login';
import {
  platformEmailRequestCode,
  signupEmailCode,
  signupEmailValidate,
  signupInGameEmailCode,
  signupInGameEmailValidate,
  IAL_PLATFORM,
} from '../../src/shared/contract/platform';
import { CONSOLE_PLATFORMS } from '../../src/regions/schema';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import { useTicketId } from './data';
import { findLink } from '../social/data';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import {
  connectorContext,
  inGameContext,
  isConnectorPlatform,
  linkConflict,
  linkStatements,
  type SignupContext,
} from './signup-email';
import { requirePlatformSession } from './session';
import { invalidTicket, verifyStoreTicket } from './tickets';
import { hit } from '../core/security/rate-limit';
import { clientIp, clientLimitIp } from '../core/http/client-ip';
import { requireTpaSession, sessionExpired } from '../social/flow';
import { mountPair, TICKETS_PER_IP } from './routes';
import { completeEmailSignup, sendSignupCode, type EmailSignup } from '../signup/routes';
import { openTpaSession } from '../social/routes';

type Ctx = Context<AppEnv>;

type CodeBody = EmailSignup & { blackBox: string; deviceId: string };

/** The code call of either sign-up: the pipeline, with the identity's link and the blackBox in the account's batch. */
async function complete(c: Ctx, ctx: SignupContext, body: CodeBody) {
  const { response } = await completeEmailSignup(c, body, {
    alongside: linkStatements(c, ctx, body.blackBox, c.var.clock.now()),
    conflict: linkConflict,
  });
  return { hashedGlobalUserNo: response.hashedGlobalUserNo, email: response.email };
}

/**
 * email/request-code: the code again, for whoever signs up on this platform: a console platform's session, or
 * the store connector's third-party session (20159 without one).
 */
async function requireSigningUp(c: Ctx, platform: string | undefined): Promise<void> {
  if (isConnectorPlatform(platform)) {
    const session = await requireTpaSession(c);
    if (session.provider !== platform) throw sessionExpired();
    return;
  }
  if (!(CONSOLE_PLATFORMS as readonly string[]).includes(platform ?? '')) throw badInput('No such platform');
  const served = settingsOf(c.env).region.consolePlatforms as readonly string[];
  if (!served.includes(platform ?? '')) throw badInput('This region serves no such platform');
  await requirePlatformSession(c, platform ?? null);
}

export function platformSignupRoutes(app: Hono<AppEnv>): void {
  // In-game: the platform session's console identity.
  mountPair(app, signupInGameEmailValidate, async (platform, c, { body }) => {
    await inGameContext(c, platform);
    await sendSignupCode(c, body.email, body.language);
    return {};
  });

  mountPair(app, signupInGameEmailCode, async (platform, c, { body }) =>
    complete(c, await inGameContext(c, platform), body),
  );

  // Store connector: /no-auth/global/steam/…; IAL is an in-game platform and has no connector (20022).
  mount(app, signupEmailValidate.global, async (c, { body, params }) => {
    await connectorContext(c, params['platform']);
    await sendSignupCode(c, body.email, body.language);
    return {};
  });
  mount(app, signupEmailValidate.ial, () => {
    throw badInput('IAL has no store connector');
  });

  mount(app, signupEmailCode.global, async (c, { body, params }) =>
    complete(c, await connectorContext(c, params['platform']), body),
  );
  mount(app, signupEmailCode.ial, () => {
    throw badInput('IAL has no store connector');
  });

  mount(app, platformEmailRequestCode.global, async (c, { body, params }) => {
    if (params['platform'] === IAL_PLATFORM) throw badInput('IAL calls use the /no-auth/ial prefix');
    await requireSigningUp(c, params['platform']);
    await sendSignupCode(c, body.email, body.language);
    return {};
  });
  mount(app, platformEmailRequestCode.ial, async (c, { body }) => {
    await requireSigningUp(c, IAL_PLATFORM);
    await sendSignupCode(c, body.email, body.language);
    return {};
  });

  /**
   * The store connector's ticket login: the connector's session ticket (adapter checks, replay store, 17-digit
   * store ID; INVALID_TICKET for any failure) opens the same third-party session the PC store's OpenID sign-in
   * opens, for the same `steam` identity. A linked identity then signs in with login/tpa/launcher; the answer
   * carries the linked account's email (null: none, the connector offers the sign-up).
   */
  mount(app, steamTpaSessionCookie, async (c, { body }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    await hit(c.var.db, now, TICKETS_PER_IP, clientLimitIp(c) ?? 'unknown');
    const identity = await verifyStoreTicket(c.env, 'steam', body.steamSessionTicket, now);
    if (!(await useTicketId(c.var.db, identity.platform, identity.jti, identity.expiresAt, now))) {
      await c.var.db.run(
        auditStatement(
          db,
          {
            accountId: null,
            event: 'platform.ticket-replayed',
            ip: clientIp(c),
            detail: { platform: identity.platform },
          },
          now,
        ),
      );
      throw invalidTicket();
    }
    await openTpaSession(c, identity.platform, {
      subject: identity.storeId,
      email: null,
      emailVerified: false,
      name: null,
    });
    const link = await findLink(c.var.db, identity.platform, identity.storeId);
    const account = link === null ? null : await findAccountById(db, link.account_id);
    return { email: account?.email ?? null };
  });
}
