/**
 * Spec §7 "Platform and in-game calls": every call sits under
 * /no-auth/global/{platform}, or under /no-auth/ial when the platform is IAL.
 * Each call is therefore a pair of endpoints, `global` and `ial`, made from
 * one definition; the client's platform module picks by platform.
 */
import * as z from 'zod/mini';
import { CONSOLE_PLATFORMS, SOCIAL_PROVIDERS } from '../../regions/schema';
import {
  birthday,
  blackBox,
  clientId,
  countryCode,
  deviceId,
  email,
  emptyResponse,
  hashedUserNo,
  oauthCode,
  oauthState,
  opaqueToken,
  partnerKey,
  postBody,
  serverLanguage,
  verificationCode,
} from './common';
import { endpoint, type Endpoint } from './endpoint';
import type { FlowSession } from './flow-session';
import { password } from './ids';

export type ConsolePlatform = (typeof CONSOLE_PLATFORMS)[number];
/** The platform whose calls use the /no-auth/ial prefix (spec §7) and which short-circuits navigation (§2). */
export const IAL_PLATFORM = 'IAL' satisfies ConsolePlatform;

interface PairDef<Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType> {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the platform prefix, without a leading slash. */
  path: string;
  query?: Q;
  body?: B;
  response: R;
  flowSession?: FlowSession;
  summary: string;
}

export interface PlatformPair<Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType> {
  readonly global: Endpoint<Q, B, R>;
  readonly ial: Endpoint<Q, B, R>;
}

/* @__NO_SIDE_EFFECTS__ */
function pair<Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  def: PairDef<Q, B, R>,
): PlatformPair<Q, B, R> {
  const { id, path, ...rest } = def;
  return {
    global: endpoint({ ...rest, id, base: 'account', path: `/no-auth/global/{platform}/${path}`, auth: false }),
    ial: endpoint({ ...rest, id: `${id}Ial`, base: 'account', path: `/no-auth/ial/${path}`, auth: false }),
  };
}

/** What a platform sign-in or sign-up tells the client (spec §7: may contain hashedGlobalUserNo). */
export const platformSessionResponse = z.object({
  hashedGlobalUserNo: z.optional(hashedUserNo),
  /** The email of the portal account the platform identity is linked to, if any. */
  email: z.optional(z.nullable(email)),
});

export const pfSessionCookie = pair({
  id: 'pfSessionCookie',
  method: 'POST',
  path: 'login/pf-session-cookie',
  body: postBody({ clientId, sessionTicket: opaqueToken }),
  response: platformSessionResponse,
  summary: 'Sets the platform session from a platform session ticket.',
});

export const testPfSessionCookie = pair({
  id: 'testPfSessionCookie',
  method: 'POST',
  path: 'login/test-pf-session-cookie',
  body: postBody({
    platformSessionTicket: opaqueToken,
    ttl: z.optional(z.number().check(z.int(), z.positive(), z.lte(86_400))),
  }),
  response: platformSessionResponse,
  summary: 'Test mode: sets the platform session from a test ticket with an optional lifetime in seconds.',
});

export const inGameLogin = pair({
  id: 'inGameLogin',
  method: 'POST',
  path: 'login/in-game',
  // Spec §7: clientId for platforms, deviceId for IAL; one schema accepts either and the client sends the right one.
  body: postBody({ clientId: z.optional(clientId), deviceId: z.optional(deviceId) }),
  response: platformSessionResponse,
  summary: 'In-game sign-in with the platform session.',
});

const emailValidateBody = postBody({ newsletter: z.boolean(), clientId, email, language: serverLanguage });

export const signupEmailValidate = pair({
  id: 'signupEmailValidate',
  method: 'POST',
  path: 'signup/email/validate',
  body: emailValidateBody,
  response: emptyResponse,
  summary: 'Connector sign-up: checks the email can be used and sends a code.',
});

export const signupInGameEmailValidate = pair({
  id: 'signupInGameEmailValidate',
  method: 'POST',
  path: 'signup/in-game/email/validate',
  body: emailValidateBody,
  response: emptyResponse,
  summary: 'In-game sign-up: checks the email can be used and sends a code.',
});

export const signupSocialEmailValidate = pair({
  id: 'signupSocialEmailValidate',
  method: 'POST',
  path: 'signup/social/email/validate',
  body: postBody({ newsletter: z.boolean(), email, language: serverLanguage }),
  response: emptyResponse,
  summary: 'Social sign-up on a platform: checks the email can be used and sends a code.',
});

/** The §7 fields of the platform sign-up's code call. */
const emailCodeFields = {
  email,
  code: verificationCode,
  codeType: z.enum(['EMAIL']),
  clientId: z.optional(clientId),
  deviceId,
  partnerKey: z.optional(partnerKey),
  blackBox,
};

const emailCodeBody = postBody(emailCodeFields);

/**
 * The connector and in-game email sign-ups create the account with this call, so it carries what the web
 * sign-up's last call requires beside the §7 fields (the spec is silent on how they are given; docs/platforms.md):
 * the password, the country and birth date of the age check, the newsletter choice and the language.
 */
const emailSignupCodeBody = postBody({
  ...emailCodeFields,
  password,
  countryCode,
  birthday,
  newsletter: z.boolean(),
  language: serverLanguage,
});

export const signupEmailCode = pair({
  id: 'signupEmailCode',
  method: 'POST',
  path: 'signup/email/code',
  body: emailSignupCodeBody,
  response: platformSessionResponse,
  summary: 'Connector sign-up: verifies the emailed code and creates the account.',
});

export const signupSocialEmailCode = pair({
  id: 'signupSocialEmailCode',
  method: 'POST',
  path: 'signup/social/email/code',
  body: emailCodeBody,
  response: platformSessionResponse,
  summary:
    'Social sign-up on a platform: verifies the emailed code of the typed address (the account follows with signup/social/email).',
});

export const signupInGameEmailCode = pair({
  id: 'signupInGameEmailCode',
  method: 'POST',
  path: 'signup/in-game/email/code',
  body: emailSignupCodeBody,
  response: platformSessionResponse,
  summary: 'In-game sign-up: verifies the emailed code and creates the account.',
});

export const signupSocialInGameEmailCode = pair({
  id: 'signupSocialInGameEmailCode',
  method: 'POST',
  path: 'signup/social/in-game/email/code',
  body: emailCodeBody,
  response: platformSessionResponse,
  summary:
    'In-game social sign-up: verifies the emailed code of the typed address (the account follows with signup/in-game/social/email).',
});

export const platformEmailRequestCode = pair({
  id: 'platformEmailRequestCode',
  method: 'POST',
  path: 'email/request-code',
  body: postBody({ email, language: serverLanguage }),
  response: emptyResponse,
  summary: 'Sends (or resends) an email code during platform sign-up.',
});

export const socialSessionCookie = pair({
  id: 'socialSessionCookie',
  method: 'POST',
  path: 'login/social-session-cookie',
  body: postBody({
    socialType: z.enum(SOCIAL_PROVIDERS),
    code: oauthCode,
    state: oauthState,
    blackBox: z.optional(blackBox),
  }),
  response: platformSessionResponse,
  summary: 'Sets the social session on a platform from a provider callback (blackBox for the connector).',
});

const socialSignupBody = postBody({
  clientId,
  language: serverLanguage,
  partnerKey: z.optional(partnerKey),
  email,
  newsletter: z.boolean(),
  blackBox: z.optional(blackBox),
  deviceId: z.optional(deviceId),
});

export const signupSocial = pair({
  id: 'signupSocial',
  method: 'POST',
  path: 'signup/social',
  body: socialSignupBody,
  response: platformSessionResponse,
  summary: 'Connector social sign-up with the provider email.',
});

export const signupSocialEmail = pair({
  id: 'signupSocialEmail',
  method: 'POST',
  path: 'signup/social/email',
  body: socialSignupBody,
  response: platformSessionResponse,
  summary: 'Connector social sign-up with an email the player typed.',
});

export const signupInGameSocial = pair({
  id: 'signupInGameSocial',
  method: 'POST',
  path: 'signup/in-game/social',
  body: socialSignupBody,
  response: platformSessionResponse,
  summary: 'In-game social sign-up with the provider email.',
});

export const signupInGameSocialEmail = pair({
  id: 'signupInGameSocialEmail',
  method: 'POST',
  path: 'signup/in-game/social/email',
  body: socialSignupBody,
  response: platformSessionResponse,
  summary: 'In-game social sign-up with an email the player typed.',
});

export const delinkMinorConsole = endpoint({
  id: 'delinkMinorConsole',
  base: 'account',
  method: 'DELETE',
  path: '/no-auth/ial/delink/minor-console',
  response: emptyResponse,
  auth: false,
  summary: 'Minor-linking dialog: removes the console link of a minor account.',
});

/*
 * Linking a platform identity to an existing portal account (§2 verify-linking screens; docs/platforms.md):
 * the platform session names the identity, the account's password names the account, and its second factor
 * (authenticator, SMS or backup code; an emailed code for an account without one) proves it. Added beside the
 * §7 calls, which do not name these steps.
 */
export const LINK_FACTORS = ['TOTP', 'SMS', 'EMAIL'] as const;
export const linkFactor = z.enum(LINK_FACTORS);

export const platformLinkingState = pair({
  id: 'platformLinkingState',
  method: 'GET',
  path: 'linking/state',
  response: z.object({
    /** §3 console linking: accountType, game, platform. */
    platform: z.enum(CONSOLE_PLATFORMS),
    accountType: z.enum(['adult', 'minor']),
    game: z.nullable(z.string()),
    /** The identity is linked to a portal account already. */
    linked: z.boolean(),
    /** The linked account is a minor's without a parent's consent (the portal opens the minor-linking dialog). */
    minor: z.boolean(),
    /** The account whose password was given and whose second factor is due; null before the password step. */
    pending: z.nullable(
      z.object({
        email,
        authTypes: z.array(linkFactor),
        primaryAuthType: linkFactor,
        /** Masked number for the SMS screen. */
        phoneNo: z.nullable(z.string()),
      }),
    ),
  }),
  flowSession: 'platform',
  summary: 'The console-linking state of the platform session (20159 without one).',
});

export const platformLinkPassword = pair({
  id: 'platformLinkPassword',
  method: 'POST',
  path: 'linking/password',
  body: postBody({ email, password }),
  response: z.object({ authTypes: z.array(linkFactor), primaryAuthType: linkFactor }),
  summary: "Linking step 1: the existing account's password; answers the second factors it may use.",
});

export const platformLinkRequestCode = pair({
  id: 'platformLinkRequestCode',
  method: 'POST',
  path: 'linking/request-code',
  body: postBody({ authType: z.enum(['SMS', 'EMAIL']), language: serverLanguage }),
  response: emptyResponse,
  summary: 'Linking: texts or emails the code of the second step.',
});

export const platformLinkVerify = pair({
  id: 'platformLinkVerify',
  method: 'POST',
  path: 'linking/verify',
  body: postBody({
    authType: z.enum([...LINK_FACTORS, 'BACKUP_CODE']),
    code: z.string().check(z.regex(/^(?:\d{6}|\d{8})$/)),
  }),
  response: z.object({ email, playerTag: z.nullable(z.string()) }),
  summary: 'Linking step 2: verifies the second factor and links the identity to the account.',
});

/*
 * Social link on a platform (global/{platform}/social-link/{case}, docs/platforms.md): the third-party session of
 * login/social-session-cookie names an existing account (20128); the player proves it as on login/social-link
 * (getSocialLink, socialLinkRequestCode), with these calls instead of the web's sign-in ones: the provider is
 * linked, then the console as a linked social identity's is (second factor due → `{email}` and the
 * verify-linking screens). Paths chosen by this contract.
 */
export const platformSocialLinkPassword = pair({
  id: 'platformSocialLinkPassword',
  method: 'POST',
  path: 'linking/social/password',
  body: postBody({ password }),
  response: platformSessionResponse,
  summary:
    "Social link on a platform: the existing account's password; links the provider, then the console (or hands over to verify-linking).",
});

export const platformSocialLinkVerifyCode = pair({
  id: 'platformSocialLinkVerifyCode',
  method: 'POST',
  path: 'linking/social/verify-code',
  body: postBody({ code: verificationCode }),
  response: platformSessionResponse,
  summary:
    "Social link on a platform: the code emailed to the existing account's address; links the provider, then the console (or hands over to verify-linking).",
});

/** Both endpoints of every pair, plus the IAL-only delink call. */
export const PLATFORM_ENDPOINTS = [
  pfSessionCookie.global,
  pfSessionCookie.ial,
  testPfSessionCookie.global,
  testPfSessionCookie.ial,
  inGameLogin.global,
  inGameLogin.ial,
  signupEmailValidate.global,
  signupEmailValidate.ial,
  signupInGameEmailValidate.global,
  signupInGameEmailValidate.ial,
  signupSocialEmailValidate.global,
  signupSocialEmailValidate.ial,
  signupEmailCode.global,
  signupEmailCode.ial,
  signupSocialEmailCode.global,
  signupSocialEmailCode.ial,
  signupInGameEmailCode.global,
  signupInGameEmailCode.ial,
  signupSocialInGameEmailCode.global,
  signupSocialInGameEmailCode.ial,
  platformEmailRequestCode.global,
  platformEmailRequestCode.ial,
  socialSessionCookie.global,
  socialSessionCookie.ial,
  signupSocial.global,
  signupSocial.ial,
  signupSocialEmail.global,
  signupSocialEmail.ial,
  signupInGameSocial.global,
  signupInGameSocial.ial,
  signupInGameSocialEmail.global,
  signupInGameSocialEmail.ial,
  delinkMinorConsole,
  platformLinkingState.global,
  platformLinkingState.ial,
  platformLinkPassword.global,
  platformLinkPassword.ial,
  platformLinkRequestCode.global,
  platformLinkRequestCode.ial,
  platformLinkVerify.global,
  platformLinkVerify.ial,
  platformSocialLinkPassword.global,
  platformSocialLinkPassword.ial,
  platformSocialLinkVerifyCode.global,
  platformSocialLinkVerifyCode.ial,
] as const;
