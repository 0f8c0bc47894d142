/**
 * The staff console's API (issue 28 §1, §3; docs/staff-console.md). Not part of the public contract publishers
 * implement (ALL_ENDPOINTS, /api/openapi.json): it is the reference API's own operations tool. Every call but
 * sign-in needs the staff session (`__Host-lf_staff`), never the player's; STAFF_ENDPOINT_ACTIONS names the
 * action of src/shared/staff/roles.ts each call is checked against.
 */
import * as z from 'zod/mini';
import { BAN_REASONS } from '../errors/codes';
import { IDENTITY_CHECKS, SEARCH_KINDS, STAFF_LIMITS, STAFF_ROLES, type StaffAction } from '../staff/roles';
import { checked } from './checked';
import { email, emptyResponse, postBody, queryInt, verificationCode } from './common';
import { endpoint, type Endpoint } from './endpoint';
import { DELIVERY_STATUSES, eventDelivery, eventType } from './events';
import { password, text } from './ids';

/** The staff session cookie (`__Host-`: Secure, Path=/, no Domain), never the player's. */
export const STAFF_SESSION_COOKIE = '__Host-lf_staff';

/** Every action carries a written reason (recorded in the staff audit log). */
export const staffReason = text(STAFF_LIMITS.reasonMin, STAFF_LIMITS.reasonMax);

const role = z.enum(STAFF_ROLES);
const staffMember = z.object({ id: z.number(), email: z.string(), displayName: z.string(), role });
const staffSessionResponse = z.object({
  staff: staffMember,
  /** What this staff member may do (src/shared/staff/roles.ts), for the console's controls. */
  actions: z.array(z.string()),
  /** When the session ends at the latest (ms since the epoch, API clock). */
  expiresAt: z.number(),
});

export const staffSignIn = endpoint({
  id: 'staffSignIn',
  base: 'core',
  method: 'POST',
  path: '/staff/v1/sign-in',
  body: postBody({ email, password, code: verificationCode }),
  response: staffSessionResponse,
  auth: false,
  summary: 'Staff sign-in: email, password and the authenticator code, in one step',
});

export const staffSignOut = endpoint({
  id: 'staffSignOut',
  base: 'core',
  method: 'POST',
  path: '/staff/v1/sign-out',
  response: emptyResponse,
  auth: false,
  summary: 'Ends the staff session',
});

export const staffSession = endpoint({
  id: 'staffSession',
  base: 'core',
  method: 'GET',
  path: '/staff/v1/session',
  response: staffSessionResponse,
  auth: false,
  // Every staff page asks it first: without the staff session's companion cookie the client answers
  // STAFF_LOGIN_REQUIRED itself (a signed-out visit makes no request).
  flowSession: 'staff',
  summary: 'The signed-in staff member',
});

/** An exact value: no wildcard (`%`, `_` as a pattern, `*`, `?`): a pattern would scan (docs/staff-console.md). */
const searchValue = text(1, 254);

export const staffSearchAccounts = endpoint({
  id: 'staffSearchAccounts',
  base: 'core',
  method: 'GET',
  path: '/staff/v1/accounts',
  query: z.object({
    by: z.enum(SEARCH_KINDS),
    value: searchValue,
    /** provider or platform name, for `by=provider` / `by=platform`. */
    source: z.optional(checked(z.string(), z.regex(/^[a-z0-9_-]{1,32}$/))),
    cursor: z.optional(queryInt),
    limit: z.optional(queryInt),
  }),
  response: z.object({
    items: z.array(
      z.object({
        id: z.number(),
        email: z.string(),
        status: z.number(),
        banReason: z.nullable(z.string()),
        createdAt: z.number(),
      }),
    ),
    nextCursor: z.nullable(z.number()),
  }),
  auth: false,
  summary: 'Finds accounts by an exact, indexed value; paged by cursor',
});

const timelineEntry = z.object({
  at: z.number(),
  event: z.string(),
  ip: z.nullable(z.string()),
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  country: z.nullable(z.string()),
});

export const staffAccountView = endpoint({
  id: 'staffAccountView',
  base: 'core',
  method: 'GET',
  path: '/staff/v1/accounts/{accountId}',
  response: z.object({
    id: z.number(),
    email: z.string(),
    loginId: z.nullable(z.string()),
    status: z.number(),
    banReason: z.nullable(z.string()),
    region: z.string(),
    country: z.nullable(z.string()),
    ageGroup: z.enum(['adult', 'minor']),
    emailVerified: z.boolean(),
    phone: z.nullable(z.string()),
    phoneVerified: z.boolean(),
    passwordResetRequired: z.boolean(),
    createdAt: z.number(),
    providers: z.array(z.object({ provider: z.string(), linkedAt: z.number() })),
    platforms: z.array(z.object({ platform: z.string(), linkedAt: z.number() })),
    secondFactors: z.array(z.enum(['TOTP', 'SMS', 'BACKUP_CODES'])),
    passkeys: z.array(z.object({ name: z.string(), createdAt: z.number(), lastUsedAt: z.nullable(z.number()) })),
    trustedDevices: z.array(z.object({ name: z.nullable(z.string()), expiresAt: z.number() })),
    sessions: z.array(z.object({ createdAt: z.number(), lastSeenAt: z.number(), ip: z.nullable(z.string()) })),
    family: z.object({ parentId: z.nullable(z.number()), childIds: z.array(z.number()) }),
    pendingDeletion: z.nullable(z.object({ requestedAt: z.number(), purgeAt: z.number() })),
    supportCases: z.array(z.object({ reference: z.string(), status: z.string(), createdAt: z.number() })),
    timeline: z.array(timelineEntry),
  }),
  auth: false,
  summary: 'One account with no secrets: state, links, factors (kinds only), sessions, family, cases, timeline',
});

function accountAction<S extends z.core.$ZodLooseShape>(id: string, path: string, shape: S, summary: string) {
  return endpoint({
    id,
    base: 'core',
    method: 'POST',
    path: `/staff/v1/accounts/{accountId}/${path}`,
    body: postBody({ reason: staffReason, ...shape }),
    response: z.object({ auditId: z.number() }),
    auth: false,
    summary,
  });
}

export const staffBlock = accountAction('staffBlock', 'block', { banReason: z.enum(BAN_REASONS) }, 'Blocks');
export const staffUnblock = accountAction('staffUnblock', 'unblock', {}, 'Lifts a block');
export const staffClearLocks = accountAction('staffClearLocks', 'clear-locks', {}, 'Clears attempt locks');
export const staffResendVerification = accountAction(
  'staffResendVerification',
  'resend-verification',
  {},
  'Sends the email verification link again',
);
export const staffRequirePasswordReset = accountAction(
  'staffRequirePasswordReset',
  'require-password-reset',
  {},
  'Requires a password reset at the next sign-in',
);
export const staffRemoveTwoFactor = accountAction(
  'staffRemoveTwoFactor',
  'remove-two-factor',
  { identityCheck: z.enum(IDENTITY_CHECKS) },
  'Removes two-step verification after an identity check',
);
export const staffCancelDeletion = accountAction(
  'staffCancelDeletion',
  'cancel-deletion',
  {},
  'Cancels a pending deletion within its grace period',
);

const caseSummary = z.object({
  reference: z.string(),
  status: z.enum(['open', 'approved', 'rejected']),
  accountId: z.nullable(z.number()),
  accountInput: z.string(),
  contactEmail: z.string(),
  description: z.string(),
  createdAt: z.number(),
});

export const staffCases = endpoint({
  id: 'staffCases',
  base: 'core',
  method: 'GET',
  path: '/staff/v1/cases',
  query: z.object({ status: z.optional(z.enum(['open', 'approved', 'rejected', 'all'])) }),
  response: z.object({ items: z.array(caseSummary) }),
  auth: false,
  summary: 'Ownership-verification cases (newest first, at most 100)',
});

export const staffDecideCase = endpoint({
  id: 'staffDecideCase',
  base: 'core',
  method: 'POST',
  path: '/staff/v1/cases/{reference}/decision',
  body: postBody({ decision: z.enum(['approve', 'reject']), reason: staffReason }),
  response: z.object({ auditId: z.number(), status: z.enum(['approved', 'rejected']) }),
  auth: false,
  summary: 'Approves (the player gets a reset link) or rejects an ownership case, as npm run support:cases does',
});

const auditEntry = z.object({
  id: z.number(),
  at: z.number(),
  staffId: z.number(),
  staffEmail: z.string(),
  action: z.string(),
  accountId: z.nullable(z.number()),
  reason: z.string(),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
  detail: z.nullable(z.string()),
});

export const staffAuditLog = endpoint({
  id: 'staffAuditLog',
  base: 'core',
  method: 'GET',
  path: '/staff/v1/audit',
  query: z.object({
    staffEmail: z.optional(email),
    accountId: z.optional(queryInt),
    cursor: z.optional(queryInt),
    limit: z.optional(queryInt),
  }),
  response: z.object({ items: z.array(auditEntry), nextCursor: z.nullable(z.number()) }),
  auth: false,
  summary: 'The staff audit log, newest first, by staff member or account; paged by cursor',
});

const budget = z.object({ limit: z.number(), usedToday: z.number() });

export const staffOps = endpoint({
  id: 'staffOps',
  base: 'core',
  method: 'GET',
  path: '/staff/v1/ops',
  response: z.object({ region: z.string(), maintenance: z.boolean(), sms: budget, mail: budget }),
  auth: false,
  summary: "Maintenance, and the region's SMS and mail budgets with today's use",
});

export const staffSetMaintenance = endpoint({
  id: 'staffSetMaintenance',
  base: 'core',
  method: 'POST',
  path: '/staff/v1/ops/maintenance',
  body: postBody({ on: z.boolean(), reason: staffReason }),
  response: z.object({ auditId: z.number(), maintenance: z.boolean() }),
  auth: false,
  summary: 'Switches maintenance on or off (the same CONFIG KV value as the README command)',
});

export const staffEventDeliveries = endpoint({
  id: 'staffEventDeliveries',
  base: 'core',
  method: 'GET',
  path: '/staff/v1/events/deliveries',
  query: z.object({
    status: z.optional(z.enum(DELIVERY_STATUSES)),
    type: z.optional(eventType),
    /** One account's events (its account ID). */
    accountId: z.optional(queryInt),
    limit: z.optional(queryInt),
  }),
  response: z.object({ items: z.array(eventDelivery) }),
  auth: false,
  summary: "The delivery log of the game back ends' account events, newest first (docs/events.md)",
});

/** Every staff call and the action it is checked against; null: sign-in, sign-out and the session itself. */
export const STAFF_ENDPOINT_ACTIONS: ReadonlyMap<Endpoint, StaffAction | null> = new Map<Endpoint, StaffAction | null>([
  [staffSignIn, null],
  [staffSignOut, null],
  [staffSession, null],
  [staffSearchAccounts, 'account.search'],
  [staffAccountView, 'account.view'],
  [staffBlock, 'account.block'],
  [staffUnblock, 'account.unblock'],
  [staffClearLocks, 'locks.clear'],
  [staffResendVerification, 'verification.resend'],
  [staffRequirePasswordReset, 'password.require-reset'],
  [staffRemoveTwoFactor, 'mfa.remove'],
  [staffCancelDeletion, 'deletion.cancel'],
  [staffCases, 'cases.view'],
  [staffDecideCase, 'cases.decide'],
  [staffAuditLog, 'audit.search'],
  [staffOps, 'ops.view'],
  [staffSetMaintenance, 'ops.maintenance'],
  [staffEventDeliveries, 'events.deliveries'],
]);

export const STAFF_ENDPOINTS: readonly Endpoint[] = [...STAFF_ENDPOINT_ACTIONS.keys()];

export type StaffSessionInfo = z.infer<typeof staffSessionResponse>;
