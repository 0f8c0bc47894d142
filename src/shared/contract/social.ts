/**
 * Social and third-party sign-in (spec §1, §2 "Social callback behaviour", §3
 * third-party login state and linked social account, §4 steps 5–7): the
 * calls the callback, social-link, create-tpa and linked-account screens make
 * beyond the spec §7 tpa calls (those stay in launcher-login.ts, mfa.ts and
 * trusted-devices.ts). The whole flow is described in docs/social.md. Paths
 * marked "chosen by this contract" are not shown in the spec.
 */
import * as z from 'zod/mini';
import { SOCIAL_PROVIDERS } from '../../regions/schema';
import { linkedAccount } from './settings';
import {
  birthday,
  blackBox,
  captchaToken,
  captchaVersion,
  countryCode,
  deviceId,
  email,
  emptyResponse,
  localTime,
  loginResponse,
  oauthCode,
  oauthState,
  password,
  postBody,
  serverLanguage,
  timeOffset,
  verificationCode,
} from './common';
import { endpoint } from './endpoint';

export const socialProvider = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProvider>;

// ---------------------------------------------------------------------------
// Start: a navigation, not a fetch. The portal links (a plain <a href>, or
// window.open for Apple's popup) to the API's start URL; the API sets the
// __Host-tpa_flow cookie (state, nonce, PKCE verifier) and answers 302 to the
// provider. The provider comes back to
//   /account/{locale}/login/callback/{provider}?code=…&state=…
// (Apple posts to the API, which answers 303 to that same URL; the PC store's
// OpenID 2.0 assertion is checked by the API, which answers 303 there with a
// one-time `code` of its own). On refusal: ?error=…&state=….
// ---------------------------------------------------------------------------

/**
 * What the sign-in is for; carried in `state` (spec §2: actionType socialLink → settings social link). childLogin:
 * a parent adds a child who proves their account by a provider sign-in (spec §4 step 5; the callback goes on to
 * add-child/login, which calls tpa-session-cookie and then POST /parental/child/login/tpa).
 */
export const TPA_ACTIONS = ['login', 'socialLink', 'childLogin'] as const;
/** web: same tab; popup: Apple-style popup that redirects its opener and closes; app: the launcher/app callback. */
export const TPA_MODES = ['web', 'popup', 'app'] as const;
/** Which callback screen finishes: the portal's login callback, the global one, or the global simple one (§2). */
export const TPA_FLOWS = ['portal', 'global', 'simpleGlobal'] as const;

const locale = z.string().check(z.regex(/^[a-z]{2}$/));
/** A same-site path to come back to (route_to/return_url are re-checked by the portal's navigation rules). */
const returnUrl = z.string().check(z.maxLength(2048));
const clientIdValue = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const platformValue = z.string().check(z.regex(/^[A-Za-z]{2,16}$/));
const appRequestValue = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));

/** Query of GET {account base}/no-auth/tpa/{provider}/start (path chosen by this contract). */
export const tpaStartQuery = z.strictObject({
  locale,
  actionType: z._default(z.enum(TPA_ACTIONS), 'login'),
  mode: z._default(z.enum(TPA_MODES), 'web'),
  flow: z._default(z.enum(TPA_FLOWS), 'portal'),
  /** The launcher/app client code (§2: a client code outside app mode → tpa-callback-app). */
  clientId: z.optional(clientIdValue),
  /** global/{platform} flows. */
  platform: z.optional(platformValue),
  returnUrl: z.optional(returnUrl),
  /** The unified region's variant calls (§2 navigation rules). */
  unified: z.optional(z.enum(['1'])),
  /** The launcher's app request the system browser hands the sign-in to (docs/launcher.md, login/tpa-callback-app). */
  appRequest: z.optional(appRequestValue),
});
export type TpaStartQuery = z.input<typeof tpaStartQuery>;

/** Path below the account base; the portal builds `${accountBase}${tpaStartPath(p)}?${query}`. */
export function tpaStartPath(provider: SocialProvider): string {
  return `/no-auth/tpa/${provider}/start`;
}

/**
 * The non-secret values the callback screen decodes from `state` into query
 * values (spec §2). `state` is `{random}.{base64url(JSON of these)}`; the
 * random part is what the server checks against its cookie. Short keys keep
 * the provider URL short.
 */
export const tpaStateValues = z.object({
  actionType: z.enum(TPA_ACTIONS),
  mode: z.enum(TPA_MODES),
  flow: z.enum(TPA_FLOWS),
  locale,
  clientId: z.optional(clientIdValue),
  platform: z.optional(platformValue),
  returnUrl: z.optional(returnUrl),
  unified: z.optional(z.boolean()),
  appRequest: z.optional(appRequestValue),
});
export type TpaStateValues = z.infer<typeof tpaStateValues>;

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
}

/** Decodes the readable half of a `state` (null when it is not one of ours). Never trust it for security. */
export function decodeTpaState(state: string): TpaStateValues | null {
  const dot = state.indexOf('.');
  if (dot <= 0) return null;
  try {
    const parsed = tpaStateValues.safeParse(JSON.parse(base64UrlDecode(state.slice(dot + 1))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// After tpa-session-cookie: what the callback screen does next.
// ---------------------------------------------------------------------------

/**
 * Social-link cases (login/social-link/{case}), docs/social.md:
 * 1 the provider's verified email is an existing account's, which has a password (prove: password or code);
 * 2 same, the account has no password (social-only; prove: emailed code);
 * 3 the provider gave no email, and the email the player typed and verified on create-tpa is an existing
 *   account's (prove: password, or nothing more when the code just verified it);
 * 4 the matching account already has another identity of this provider linked: no link, sign in with it;
 * 5 reached by error 20128 (a call that needs a linked identity found an unlinked one whose email matches):
 *   the screen asks getSocialLink which proof applies.
 */
export const SOCIAL_LINK_CASES = [1, 2, 3, 4, 5] as const;
export const socialLinkCase = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export type SocialLinkCase = z.infer<typeof socialLinkCase>;

/**
 * login: a linked identity — call login/tpa next (then §4: second factor, terms, promo);
 * signup: a new identity with a verified email — create-tpa (age check, terms), then tpaSignup;
 * needsEmail: a new identity without a (verified) email — create-tpa asks one, verified by code;
 * socialLink: an existing account has this email — login/social-link/{socialLinkCase}.
 */
export const TPA_NEXT = ['login', 'signup', 'needsEmail', 'socialLink'] as const;

/** Response of tpa-session-cookie (launcher-login.ts): spec's `email` plus what comes next. */
export const tpaSessionResponse = z.object({
  email: z.nullable(email),
  provider: socialProvider,
  next: z.enum(TPA_NEXT),
  socialLinkCase: z.optional(socialLinkCase),
});
export type TpaSessionResponse = z.infer<typeof tpaSessionResponse>;

const clock = { localTime, timeOffset };

export const SOCIAL_LINK_PROOFS = ['password', 'code'] as const;

export const socialLinkInfoResponse = z.object({
  case: socialLinkCase,
  provider: socialProvider,
  /** The existing account's email (the provider's own, or the one the player verified): nothing new to them. */
  email,
  proofs: z.array(z.enum(SOCIAL_LINK_PROOFS)),
});

export const getSocialLink = endpoint({
  id: 'getSocialLink',
  base: 'account',
  method: 'GET',
  path: '/no-auth/tpa/social-link',
  response: socialLinkInfoResponse,
  auth: false,
  flowSession: 'tpa',
  summary:
    'The social-link case of the third-party session: which account and which proofs (path chosen by this contract). 20159 without a third-party session.',
});

export const socialLinkWithPassword = endpoint({
  id: 'socialLinkWithPassword',
  base: 'account',
  method: 'POST',
  path: '/no-auth/tpa/social-link/password',
  body: postBody({ password, deviceId, ...clock }),
  response: loginResponse,
  auth: false,
  summary:
    'Proves the existing account with its password, links the provider and signs in through the §4 steps (path chosen by this contract).',
});

export const socialLinkRequestCode = endpoint({
  id: 'socialLinkRequestCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/tpa/social-link/request-code',
  body: postBody({ language: serverLanguage }),
  response: emptyResponse,
  auth: false,
  summary: "Emails a 6-digit code to the existing account's address (path chosen by this contract).",
});

export const socialLinkVerifyCode = endpoint({
  id: 'socialLinkVerifyCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/tpa/social-link/verify-code',
  body: postBody({ code: verificationCode, deviceId, ...clock }),
  response: loginResponse,
  auth: false,
  summary:
    'Proves the existing account with the emailed code, links the provider and signs in through the §4 steps (path chosen by this contract).',
});

// ---------------------------------------------------------------------------
// Sign-up through a provider (create-tpa, create/verify/code-tpa).
// ---------------------------------------------------------------------------

export const tpaSignupProfileResponse = z.object({ isMinor: z.boolean() });

export const tpaSignupProfile = endpoint({
  id: 'tpaSignupProfile',
  base: 'account',
  method: 'POST',
  path: '/no-auth/tpa/signup/profile',
  unifiedPath: '/no-auth/unified/tpa/signup/profile',
  body: postBody({
    countryCode,
    birthday,
    newsletter: z.boolean(),
    language: serverLanguage,
    /** The player ticked the terms (the create screen's rule). */
    termsAccepted: z.literal(true),
    deviceId,
    captchaToken,
    captchaVersion,
  }),
  response: tpaSignupProfileResponse,
  auth: false,
  summary:
    'create-tpa: the age check (as signup/verify/age) and terms for the third-party session; a minor answers isMinor and cannot continue here (path chosen by this contract).',
});

export const tpaSignupEmailRequestCode = endpoint({
  id: 'tpaSignupEmailRequestCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/tpa/signup/email/request-code',
  unifiedPath: '/no-auth/unified/tpa/signup/email/request-code',
  body: postBody({ email, language: serverLanguage }),
  response: emptyResponse,
  auth: false,
  summary:
    'create-tpa without a provider email: emails a 6-digit code to the address the player typed (path chosen by this contract).',
});

export const tpaSignupEmailVerifyResponse = z.object({
  /** signup: call signup-tpa-with-email; socialLink: the email is an existing account's (case 3). */
  next: z.enum(['signup', 'socialLink']),
  socialLinkCase: z.optional(socialLinkCase),
});

export const tpaSignupEmailVerifyCode = endpoint({
  id: 'tpaSignupEmailVerifyCode',
  base: 'account',
  method: 'POST',
  path: '/no-auth/tpa/signup/email/verify-code',
  unifiedPath: '/no-auth/unified/tpa/signup/email/verify-code',
  body: postBody({ email, code: verificationCode }),
  response: tpaSignupEmailVerifyResponse,
  auth: false,
  summary:
    'create/verify/code-tpa: checks the code and binds the verified email to the third-party session (path chosen by this contract).',
});

export const tpaSignup = endpoint({
  id: 'tpaSignup',
  base: 'account',
  method: 'POST',
  path: '/no-auth/tpa/signup',
  unifiedPath: '/no-auth/unified/tpa/signup',
  body: postBody({ deviceId, blackBox: z.optional(blackBox), ...clock }),
  response: loginResponse,
  auth: false,
  summary:
    'Creates a social-only account (no password) from the third-party session whose provider email is verified, after tpaSignupProfile; links it and signs in (path chosen by this contract). Without a provider email use signup-tpa-with-email.',
});

// ---------------------------------------------------------------------------
// Linked accounts (settings linked-account tab, settings/social-link/{provider}).
// ---------------------------------------------------------------------------

export const linkedAccountsResponse = z.object({ tpaAccountList: z.array(linkedAccount) });

export const listLinkedAccounts = endpoint({
  id: 'listLinkedAccounts',
  base: 'account',
  method: 'GET',
  path: '/social/accounts',
  response: linkedAccountsResponse,
  auth: true,
  summary: "The signed-in account's linked providers, type and email (path chosen by this contract).",
});

export const linkSocialAccount = endpoint({
  id: 'linkSocialAccount',
  base: 'account',
  method: 'POST',
  path: '/social/link',
  body: postBody({ tpaType: socialProvider, code: oauthCode, state: oauthState }),
  response: linkedAccount,
  auth: true,
  summary:
    'settings/social-link/{provider}: exchanges the callback code (started with actionType socialLink) and links the identity. 20009/20109 used by another account or this provider already linked, 20087/20088 the same for the streaming service, 20010 the email belongs to another account (path chosen by this contract).',
});

export const unlinkSocialAccount = endpoint({
  id: 'unlinkSocialAccount',
  base: 'account',
  method: 'DELETE',
  path: '/social/link/{provider}',
  response: linkedAccountsResponse,
  auth: true,
  summary:
    'Unlinks a provider and answers the remaining list; never the last way to sign in (NEED_TO_SET_PASSWORD: set a password first) (path chosen by this contract).',
});

export const SOCIAL_ENDPOINTS = [
  getSocialLink,
  socialLinkWithPassword,
  socialLinkRequestCode,
  socialLinkVerifyCode,
  tpaSignupProfile,
  tpaSignupEmailRequestCode,
  tpaSignupEmailVerifyCode,
  tpaSignup,
  listLinkedAccounts,
  linkSocialAccount,
  unlinkSocialAccount,
] as const;
