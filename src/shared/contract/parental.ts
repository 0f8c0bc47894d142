/**
 * Spec §7 "Parental": the family list, verifiable parental consent checks,
 * child management, and the child sign-in and sign-up calls a parent makes
 * when adding a child (§3 "Family").
 */
import * as z from 'zod/mini';
import {
  captchaToken,
  captchaVersion,
  email,
  emptyResponse,
  loginId,
  password,
  phoneNo,
  postBody,
  putBody,
  queryInt,
  serverLanguage,
  verificationCode,
} from './common';
import { endpoint } from './endpoint';
import { paymentMethodId } from './payment-methods';
import { signupBody } from './signup';
import { consentLocation } from './terms';

/** Spec §9: child status 1 = active, anything else inactive. */
export const CHILD_STATUS_ACTIVE = 1;

/** Spec §3 family member. accessibleProductId is a comma-separated list of product ids. */
export const familyMember = z.object({
  globalUserNo: z.number().check(z.int(), z.positive()),
  status: z.number().check(z.int()),
  email,
  name: z.string(),
  accessibleProductId: z.string().check(z.regex(/^(?:\d+(?:,\d+)*)?$/)),
  /** The signed-in user's own entry (spec §6 isMe). */
  isMe: z.boolean(),
});
export type FamilyMember = z.infer<typeof familyMember>;

export const familyResponse = z.object({
  isParent: z.boolean(),
  isParentalSet: z.boolean(),
  parent: z.nullable(z.object({ email })),
  children: z.array(familyMember),
});

export const getFamilyMembers = endpoint({
  id: 'getFamilyMembers',
  base: 'account',
  method: 'GET',
  path: '/parental/family-member',
  response: familyResponse,
  auth: true,
  summary: 'The family: parent, children and whether parental controls are set.',
});

export const checkVpcCompletion = endpoint({
  id: 'checkVpcCompletion',
  base: 'account',
  method: 'GET',
  path: '/parental/vpc/completion/check',
  response: z.object({ isCompleted: z.boolean() }),
  auth: true,
  summary: 'Whether verifiable parental consent is complete.',
});

export const checkVpcRequirement = endpoint({
  id: 'checkVpcRequirement',
  base: 'account',
  method: 'GET',
  path: '/parental/vpc/requirement/check',
  response: z.object({ isRequired: z.boolean() }),
  auth: true,
  summary: 'Whether this parent must complete verifiable parental consent (by country).',
});

/**
 * Setup step 1 ("start"): marks the signed-in account a parent. Parental
 * controls count as set (isParentalSet) only once consent is recorded.
 * Refused with PARENT_NOT_ELIGIBLE for a minor, a child account or an
 * unverified email (docs/parental.md "Who can be a parent").
 */
export const enableParentalControls = endpoint({
  id: 'enableParentalControls',
  base: 'account',
  method: 'POST',
  path: '/parental/controls',
  body: postBody({}),
  response: z.object({ isParent: z.boolean(), isParentalSet: z.boolean() }),
  auth: true,
  summary: 'Setup start: marks the account a parent (consent still to record).',
});

/** Turns parental controls off: 20233 while any child remains; needs a recent verification (20008 N=10). */
export const disableParentalControls = endpoint({
  id: 'disableParentalControls',
  base: 'account',
  method: 'DELETE',
  path: '/parental/controls',
  response: emptyResponse,
  auth: true,
  summary: 'Turns parental controls off (20233 while children remain; needs a settings verification).',
});

/** Spec §9: the consent charge is $1, refunded at once. */
export const VPC_CHARGE_CENTS = 100;
export const VPC_CHARGE_CURRENCY = 'USD';

/**
 * Verifiable parental consent by card (spec §1, §9): charges $1 to one of the
 * parent's saved cards (payment-methods API) and refunds it at once; the
 * consent record keeps the method, time, location and provider reference.
 * A declined card answers the card's payment code (CARD_DECLINED, …) and
 * records nothing. The step carries a captcha (issue 26 §3: each try is a real
 * charge); the caps per IP and per day answer like a declined card
 * (docs/security.md "Card testing through parental consent").
 */
export const completeVpcCard = endpoint({
  id: 'completeVpcCard',
  base: 'account',
  method: 'POST',
  path: '/parental/vpc/card',
  body: postBody({ paymentMethodId, consentLocation, captchaToken, captchaVersion }),
  response: z.object({
    amountCents: z.number().check(z.int()),
    currency: z.string(),
    last4: z.string().check(z.regex(/^\d{4}$/)),
    refunded: z.boolean(),
  }),
  auth: true,
  summary: 'Consent by card: charges $1 to a saved card and refunds it at once.',
});

/** Texts a 6-digit code (valid 5 minutes) to the parent's phone for consent by SMS. */
export const requestVpcSmsCode = endpoint({
  id: 'requestVpcSmsCode',
  base: 'account',
  method: 'POST',
  path: '/parental/vpc/sms/code',
  body: postBody({ phoneNo, language: serverLanguage }),
  response: emptyResponse,
  auth: true,
  summary: 'Consent by SMS: texts a 6-digit code to the parent’s phone.',
});

export const completeVpcSms = endpoint({
  id: 'completeVpcSms',
  base: 'account',
  method: 'PUT',
  path: '/parental/vpc/sms/complete',
  body: putBody({ phoneNo, verificationCode, consentLocation }),
  response: emptyResponse,
  auth: true,
  summary: 'Completes consent by phone verification; 20229 (already complete) counts as success.',
});

const childQuery = z.strictObject({ childUserNo: queryInt });

export const releaseChild = endpoint({
  id: 'releaseChild',
  base: 'account',
  method: 'DELETE',
  path: '/parental/child/release',
  query: childQuery,
  response: emptyResponse,
  auth: true,
  summary: 'Releases an active child from the family (restrictions lifted).',
});

export const setChildStatus = endpoint({
  id: 'setChildStatus',
  base: 'account',
  method: 'PUT',
  path: '/parental/child/status',
  body: putBody({ childUserNo: z.number().check(z.int(), z.positive()), active: z.boolean() }),
  response: emptyResponse,
  auth: true,
  summary: 'Deactivates or reactivates a child account.',
});

export const resetChildGameAccess = endpoint({
  id: 'resetChildGameAccess',
  base: 'account',
  method: 'DELETE',
  path: '/parental/child/game-access/reset',
  query: childQuery,
  response: emptyResponse,
  auth: true,
  summary: 'Resets the games a child may access.',
});

/** The child added to the family by a parent-side sign-in or sign-up. */
export const addedChildResponse = z.object({ globalUserNo: z.number().check(z.int(), z.positive()) });

export const childLogin = endpoint({
  id: 'childLogin',
  base: 'account',
  method: 'POST',
  path: '/parental/child/login',
  body: postBody({ id: loginId, password, captchaToken, captchaVersion }),
  response: addedChildResponse,
  auth: true,
  summary: 'Adds an existing child account to the family by signing in to it.',
});

export const childTpaLogin = endpoint({
  id: 'childTpaLogin',
  base: 'account',
  method: 'POST',
  path: '/parental/child/login/tpa',
  body: postBody({}),
  response: addedChildResponse,
  auth: true,
  summary:
    "Adds a child account to the family through its third-party session (the child's provider sign-in, started with actionType childLogin; used up). The password variant's rules: 20215 no account linked to the identity, 20159 no session, 20157 too many attempts.",
});

export const childSignup = endpoint({
  id: 'childSignup',
  base: 'account',
  method: 'POST',
  path: '/parental/child/signup',
  body: signupBody,
  response: addedChildResponse,
  auth: true,
  summary: 'Creates a child account in the family (child flow of sign-up).',
});

export const PARENTAL_ENDPOINTS = [
  getFamilyMembers,
  enableParentalControls,
  disableParentalControls,
  checkVpcCompletion,
  checkVpcRequirement,
  completeVpcCard,
  requestVpcSmsCode,
  completeVpcSms,
  releaseChild,
  setChildStatus,
  resetChildGameAccess,
  childLogin,
  childTpaLogin,
  childSignup,
] as const;
