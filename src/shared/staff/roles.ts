/**
 * Who on staff may do what (issue 28 §1 "Roles"): ONE table, action → roles. The staff API checks it on the
 * server for every call (server/staff/access.ts), the console shows only the controls it allows,
 * docs/staff-console.md prints it (tests/unit/staff/roles-doc.test.ts keeps the page equal to it) and
 * tests/api/staff-roles.test.ts tries every role against every staff call.
 */
export const STAFF_ROLES = ['support_agent', 'trust_safety', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ALL: readonly StaffRole[] = STAFF_ROLES;
const TRUST: readonly StaffRole[] = ['trust_safety', 'admin'];
const ADMIN: readonly StaffRole[] = ['admin'];

/** Every staff action with the roles allowed to take it, and what it does (the docs' words). */
export const STAFF_ACTIONS = {
  'account.search': { roles: ALL, does: 'find accounts by email, ID, phone, provider, platform or legacy ID' },
  'account.view': { roles: ALL, does: 'view an account (no secrets) and its security timeline' },
  'verification.resend': { roles: ALL, does: 'send the email verification link again' },
  'locks.clear': { roles: ALL, does: 'clear the sign-in and code attempt locks' },
  'mfa.remove': { roles: ALL, does: 'remove two-step verification after a recorded identity check' },
  'deletion.cancel': { roles: ALL, does: 'cancel a pending deletion within its grace period' },
  'cases.view': { roles: ALL, does: 'list and read ownership-verification cases' },
  'cases.decide': { roles: ALL, does: 'approve or reject an ownership-verification case' },
  'account.block': { roles: TRUST, does: 'block with a reason 7000–7006 (ends every session and OIDC grant)' },
  'account.unblock': { roles: TRUST, does: 'lift a block' },
  'password.require-reset': { roles: TRUST, does: 'require a password reset at the next sign-in' },
  'audit.search': { roles: TRUST, does: 'search and export the staff audit log' },
  'ops.view': { roles: ADMIN, does: 'see maintenance and the SMS and mail budgets with their use today' },
  'ops.maintenance': { roles: ADMIN, does: 'switch maintenance on or off' },
  'events.deliveries': { roles: ADMIN, does: "read the delivery log of the game back ends' account events" },
} as const satisfies Record<string, { roles: readonly StaffRole[]; does: string }>;

export type StaffAction = keyof typeof STAFF_ACTIONS;
export const STAFF_ACTION_NAMES: StaffAction[] = Object.keys(STAFF_ACTIONS).filter(
  (a): a is StaffAction => a in STAFF_ACTIONS,
);

export function mayDo(role: StaffRole, action: StaffAction): boolean {
  return STAFF_ACTIONS[action].roles.includes(role);
}

/** The actions a role may take (the console's menu; the sign-in answer carries it). */
export function actionsOf(role: StaffRole): StaffAction[] {
  return STAFF_ACTION_NAMES.filter((a) => mayDo(role, a));
}

/** The identity checks an agent records before removing two-step verification. */
export const IDENTITY_CHECKS = ['ownership_case', 'id_document', 'purchase_record', 'video_call'] as const;
export type IdentityCheck = (typeof IDENTITY_CHECKS)[number];

/** Where a staff search looks (each an exact match on an indexed column). */
export const SEARCH_KINDS = ['email', 'id', 'phone', 'provider', 'platform', 'legacy'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const STAFF_LIMITS = {
  /** A written reason for every action: long enough to say something, short enough to read in a list. */
  reasonMin: 10,
  reasonMax: 500,
  pageMax: 50,
  pageDefault: 20,
  /** The audit export's page: the console pages through it for a CSV. */
  auditPageMax: 200,
} as const;
