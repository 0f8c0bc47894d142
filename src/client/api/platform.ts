/**
 * Spec §7 "Platform and in-game calls": each call goes to /no-auth/global/{platform}
 * or, for IAL, to /no-auth/ial. `onPlatform` picks the endpoint of the pair.
 */
import type * as z from 'zod/mini';
import type { Endpoint } from '../../shared/contract/endpoint';
import type { ConnectorPlatform } from '../../shared/contract/launcher-login';
import * as c from '../../shared/contract/platform';
import { call, type CallInput } from '../http/client';

/** A console platform, or the store connector's (its sign-up calls sit under /no-auth/global/steam). */
type Platform = c.ConsolePlatform | ConnectorPlatform;

/** Calls the IAL endpoint of a pair for IAL, else the global one with the platform parameter. */
export function onPlatform<Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  pair: c.PlatformPair<Q, B, R>,
  platform: Platform,
  input: CallInput<Q, B> = {},
): Promise<z.infer<R>> {
  const e: Endpoint<Q, B, R> = platform === c.IAL_PLATFORM ? pair.ial : pair.global;
  return call(e, { ...input, params: { platform } });
}

type PairBody<P> = P extends c.PlatformPair<z.ZodMiniType, infer B, z.ZodMiniType> ? z.infer<B> : never;

export const pfSessionCookie = (p: Platform, body: PairBody<typeof c.pfSessionCookie>) =>
  onPlatform(c.pfSessionCookie, p, { body });
export const testPfSessionCookie = (p: Platform, body: PairBody<typeof c.testPfSessionCookie>) =>
  onPlatform(c.testPfSessionCookie, p, { body });
/** Spec §7: clientId for platforms, deviceId for IAL. */
export const inGameLogin = (p: Platform, ids: { clientId: string; deviceId: string }) =>
  onPlatform(c.inGameLogin, p, {
    body: p === c.IAL_PLATFORM ? { deviceId: ids.deviceId } : { clientId: ids.clientId },
  });

/** signup/email/validate (connector) or signup/in-game/email/validate. */
export const validateSignupEmail = (
  p: Platform,
  variant: 'connector' | 'in-game',
  body: PairBody<typeof c.signupEmailValidate>,
) => onPlatform(variant === 'in-game' ? c.signupInGameEmailValidate : c.signupEmailValidate, p, { body });
export const validateSocialSignupEmail = (p: Platform, body: PairBody<typeof c.signupSocialEmailValidate>) =>
  onPlatform(c.signupSocialEmailValidate, p, { body });

/** signup/social[/in-game]/email/code: the §7 body. */
export const submitSignupEmailCode = (
  p: Platform,
  variant: { social: true; inGame: boolean },
  body: PairBody<typeof c.signupSocialEmailCode>,
) => onPlatform(variant.inGame ? c.signupSocialInGameEmailCode : c.signupSocialEmailCode, p, { body });

/** signup[/in-game]/email/code: the connector and in-game email sign-up, with the account's details. */
export const submitEmailSignupCode = (
  p: Platform,
  variant: { inGame: boolean },
  body: PairBody<typeof c.signupEmailCode>,
) => onPlatform(variant.inGame ? c.signupInGameEmailCode : c.signupEmailCode, p, { body });

export const requestPlatformEmailCode = (p: Platform, body: PairBody<typeof c.platformEmailRequestCode>) =>
  onPlatform(c.platformEmailRequestCode, p, { body });
export const socialSessionCookie = (p: Platform, body: PairBody<typeof c.socialSessionCookie>) =>
  onPlatform(c.socialSessionCookie, p, { body });

/** signup[/in-game]/social[/email]: `withEmail` when the player typed the email. */
export const socialSignup = (
  p: Platform,
  variant: { inGame: boolean; withEmail: boolean },
  body: PairBody<typeof c.signupSocial>,
) => {
  const pair = variant.inGame
    ? variant.withEmail
      ? c.signupInGameSocialEmail
      : c.signupInGameSocial
    : variant.withEmail
      ? c.signupSocialEmail
      : c.signupSocial;
  return onPlatform(pair, p, { body });
};

/** global/{platform}/social-link/{case}: the existing account's proof, then the console link. */
export const platformSocialLinkPassword = (p: Platform, body: PairBody<typeof c.platformSocialLinkPassword>) =>
  onPlatform(c.platformSocialLinkPassword, p, { body });
export const platformSocialLinkVerifyCode = (p: Platform, body: PairBody<typeof c.platformSocialLinkVerifyCode>) =>
  onPlatform(c.platformSocialLinkVerifyCode, p, { body });

export const delinkMinorConsole = () => call(c.delinkMinorConsole);

/** Linking a platform identity to an existing account (docs/platforms.md). */
export const getLinkingState = (p: Platform) => onPlatform(c.platformLinkingState, p);
export const linkWithPassword = (p: Platform, body: PairBody<typeof c.platformLinkPassword>) =>
  onPlatform(c.platformLinkPassword, p, { body });
export const requestLinkCode = (p: Platform, body: PairBody<typeof c.platformLinkRequestCode>) =>
  onPlatform(c.platformLinkRequestCode, p, { body });
export const verifyLink = (p: Platform, body: PairBody<typeof c.platformLinkVerify>) =>
  onPlatform(c.platformLinkVerify, p, { body });
