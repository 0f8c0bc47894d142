/**
 * DEV_TOOLS test hooks of the sign-in flow (404 in production, left out of
 * the OpenAPI document like every dev route): put an account into the
 * states sign-in must handle — blocked with a reason, reactivation or
 * password reset required, terms not accepted, country or birth missing, a
 * second factor on — and trust a device, so tests and the e2e suite reach
 * each branch through the real sign-in calls.
 */
import * as z from 'zod/mini';
import { BAN_REASONS } from '../errors/codes';
import { countryCode, deviceId, emptyResponse, phoneNo, postBody } from './common';
import { endpoint } from './endpoint';

const accountId = z.number().check(z.int(), z.positive());

export const devSetAccountState = endpoint({
  id: 'devSetAccountState',
  base: 'core',
  method: 'POST',
  path: '/dev/account/state',
  body: postBody({
    accountId,
    /** A ban reason (20100), or null to lift the ban. */
    banReason: z.optional(z.nullable(z.enum(BAN_REASONS))),
    reactivationRequired: z.optional(z.boolean()),
    passwordResetRequired: z.optional(z.boolean()),
    /** false: the account never accepted the terms (20255 at sign-in); true: accepted now. */
    termsAccepted: z.optional(z.boolean()),
    countryCode: z.optional(z.nullable(countryCode)),
    /** null clears birth month and year (20045 at sign-in). */
    birth: z.optional(
      z.nullable(
        z.object({
          year: z.number().check(z.int(), z.gte(1900)),
          month: z.number().check(z.int(), z.gte(1), z.lte(12)),
        }),
      ),
    ),
    /** SMS verification as the account's second factor (20008 at sign-in on an untrusted device); needs a phone. */
    smsMfaEnabled: z.optional(z.boolean()),
    phoneNo: z.optional(z.nullable(phoneNo)),
    emailVerified: z.optional(z.boolean()),
    /** false: an account without a password (social sign-in only; 20126 at login validate). */
    hasPassword: z.optional(z.boolean()),
    /** Spec §3 child status: 1 active, otherwise inactive. */
    status: z.optional(z.number().check(z.int(), z.gte(0), z.lte(9))),
    /** The account's own membership number (spec §9), e.g. another region's (20011 on an email change). */
    accountMembershipNo: z.optional(z.number().check(z.int(), z.positive())),
    /** A minor's account (the console platforms' minor-linking dialog, docs/platforms.md). */
    isMinor: z.optional(z.boolean()),
  }),
  response: emptyResponse,
  auth: false,
  summary: 'Sets sign-in relevant state of an account (test hook).',
});

export const devTrustDevice = endpoint({
  id: 'devTrustDevice',
  base: 'core',
  method: 'POST',
  path: '/dev/trusted-device',
  body: postBody({ accountId, deviceId, days: z.optional(z.number().check(z.int(), z.gte(1), z.lte(365))) }),
  response: emptyResponse,
  auth: false,
  summary:
    'Makes the calling browser (its device secret cookie, issued when missing) a trusted device of an account, listed under deviceId, for `days` (default 30) (test hook).',
});

export const devResetRateLimits = endpoint({
  id: 'devResetRateLimits',
  base: 'core',
  method: 'POST',
  path: '/dev/rate-limits/reset',
  body: postBody({}),
  response: emptyResponse,
  auth: false,
  summary:
    'Clears every rate-limit counter and lock. Local workerd gives every request the same client IP, so an e2e suite re-run within the hour would otherwise meet its own per-IP caps (test hook).',
});

export const DEV_SIGNIN_ENDPOINTS = [devSetAccountState, devTrustDevice, devResetRateLimits] as const;
