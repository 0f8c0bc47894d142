/**
 * Email sign-up on a platform (spec §7 "Platform and in-game calls", docs/platforms.md "Email sign-up"):
 * who is signing up, and what the new account is linked to.
 *
 * - in-game: the platform session (`__Host-lf_pf_session`, 20159 otherwise) names a console identity; the new
 *   account is linked to it (platform_links) in the account's own batch;
 * - store connector: the third-party session that steam/tpa-session-cookie opened from the connector's session
 *   ticket (20159 otherwise) names the 17-digit store ID; the new account is linked to it as the `steam`
 *   provider (linked_providers), the key the PC store's OpenID sign-in uses, so the same player is the same
 *   account either way.
 *
 * An identity linked already answers 20138 before anything is sent or created; a parallel sign-up that links it
 * first makes this one's batch fail whole (no account without its link). The sign-up's blackBox is recorded
 * with the account (signup_black_boxes).
 */
import type { Context } from 'hono';
import { CONNECTOR_PLATFORMS, type ConnectorPlatform } from '../../src/shared/contract/launcher-login';
import type { ConsolePlatform } from '../../src/shared/contract/platform';
import { findLinkedAccountId, signupLinkStatements, type PlatformSessionRow, type SignupLink } from './data';
import { findLink, type TpaSessionRow } from '../social/data';
import { isUniqueViolation } from '../core/db/engine';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { requireTpaSession, sessionExpired } from '../social/flow';
import { clientIp } from '../core/http/client-ip';
import { requirePlatformSession } from './session';

type Ctx = Context<AppEnv>;

/** Who signs up: a console identity (in-game) or a store identity (connector). */
export type SignupContext =
  | { kind: 'in-game'; platform: ConsolePlatform; session: PlatformSessionRow }
  | { kind: 'connector'; platform: ConnectorPlatform; session: TpaSessionRow };

/** Spec §8 20138: the identity is linked to an account already. */
export function identityLinked(): ApiError {
  return new ApiError(409, '20138', 'This platform account is linked already');
}

/** The console identity of the in-game sign-up: its live platform session, not linked yet, not a minor's. */
export async function inGameContext(c: Ctx, platform: ConsolePlatform): Promise<SignupContext> {
  const session = await requirePlatformSession(c, platform);
  if ((await findLinkedAccountId(c.var.db, platform, session.platform_user_id)) !== null) throw identityLinked();
  // A minor signs up through the parental flow only, as on the web (the console says so here).
  if (session.account_type === 'minor')
    throw new ApiError(403, '20022', 'A minor console account signs up with a parent or guardian');
  return { kind: 'in-game', platform, session };
}

export function isConnectorPlatform(value: string | undefined): value is ConnectorPlatform {
  return (CONNECTOR_PLATFORMS as readonly string[]).includes(value ?? '');
}

/** The store identity of the connector sign-up: the connector's third-party session, not linked yet. */
export async function connectorContext(c: Ctx, platform: string | undefined): Promise<SignupContext> {
  if (!isConnectorPlatform(platform)) throw badInput('No store connector for this platform');
  const session = await requireTpaSession(c);
  if (session.provider !== platform) throw sessionExpired();
  if ((await findLink(c.var.db, platform, session.subject)) !== null) throw identityLinked();
  return { kind: 'connector', platform, session };
}

/**
 * The statements that go in the new account's batch: the link, its audit entry, the blackBox, and (connector)
 * the end of the third-party session, which is spent by the sign-up.
 */
export function linkStatements(c: Ctx, ctx: SignupContext, blackBox: string, now: number) {
  const link: SignupLink['link'] =
    ctx.kind === 'in-game'
      ? { kind: 'in-game', platform: ctx.platform, platformUserId: ctx.session.platform_user_id }
      : {
          kind: 'connector',
          provider: ctx.platform,
          subject: ctx.session.subject,
          displayName: ctx.session.display_name,
          tpaSessionHash: ctx.session.token_hash,
        };
  const channel = ctx.kind === 'in-game' ? ctx.platform : `connector:${ctx.platform}`;
  return (email: string) => signupLinkStatements(c.var.db, email, { link, channel, blackBox, ip: clientIp(c) }, now);
}

/** A failed batch because the identity was linked meanwhile: 20138 (null for other failures). */
export function linkConflict(error: unknown): ApiError | null {
  return isUniqueViolation(error, 'platform_links') || isUniqueViolation(error, 'linked_providers')
    ? identityLinked()
    : null;
}
