/**
 * Social sign-up on a console platform (spec §7 signup[/in-game]/social[/email], docs/platforms.md "Social
 * sign-in on a platform"): the third-party session of login/social-session-cookie (answered 20215: no account)
 * becomes a new account through the web's third-party sign-up pipeline (tpa-signup.ts: the age check and terms
 * of create-tpa first, an email proven by the provider or by code, one batch for the account and its provider
 * link), with the platform session's console identity linked in that same batch. Then the player is signed in,
 * as after a social sign-in on the console.
 */
import type { Context } from 'hono';
import { findLinkedAccountId } from './data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { createFromTpaSession, profileOf } from '../social/signup-routes';
import { normalizeAddress } from '../core/security/email-codes';
import { digest } from '../core/security/tokens';
import { requireTpaSession } from '../social/flow';
import { platformSignedIn, requirePlatformSession } from './session';

type Ctx = Context<AppEnv>;

export interface PlatformSocialSignup {
  clientId: string;
  language: string;
  partnerKey?: string | undefined;
  email: string;
  newsletter: boolean;
  blackBox?: string | undefined;
  deviceId?: string | undefined;
}

export interface SignupVariant {
  /** signup/social… is the connector's, signup/in-game/social… the game's (recorded in the audit entry). */
  channel: 'connector' | 'in-game';
  /** …/email: the player typed the email (proven by signup/social[/in-game]/email/code), else the provider's. */
  typed: boolean;
}

export async function platformSocialSignup(c: Ctx, platform: string, body: PlatformSocialSignup, v: SignupVariant) {
  const db = c.var.db;
  // Without a console there is nothing to link the new account to (20159, before anything is spent).
  const session = await requirePlatformSession(c, platform);
  const s = await requireTpaSession(c);
  const profile = profileOf(s);
  if ((await findLinkedAccountId(db, platform, session.platform_user_id)) !== null)
    throw new ApiError(409, '20138', 'This platform account is linked to an account already');
  const email = body.email.trim();
  // The provider's email only when it vouches for it; a typed one only once its code was entered.
  const proven = v.typed ? s.verified_email : s.email_verified === 1 ? s.email : null;
  if (proven === null || normalizeAddress(proven) !== normalizeAddress(email))
    throw new ApiError(400, '20013', 'Verify this email address with its code first');
  const account = await createFromTpaSession(
    c,
    s,
    { ...profile, newsletter: body.newsletter, language: body.language },
    { email: proven, password: null, typed: v.typed },
    {
      clientId: body.clientId,
      partnerKey: body.partnerKey ?? null,
      // The device fingerprint is kept as its digest only: enough to match a later sign-up, nothing to read.
      auditDetail: {
        platform,
        channel: v.channel,
        ...(body.blackBox === undefined ? {} : { blackBox: await digest(body.blackBox) }),
      },
      platformLink: { platform, platformUserId: session.platform_user_id },
    },
  );
  return platformSignedIn(c, account, body.deviceId ?? null, {
    channel: platform,
    provider: s.provider,
    signup: v.channel,
  });
}
