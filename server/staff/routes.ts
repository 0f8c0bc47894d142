/**
 * The staff console's API (issue 28 §1, §3; docs/staff-console.md): staff sign-in, account search and view, the
 * actions (each with a written reason, recorded in the append-only staff audit log), ownership cases, the audit
 * log and ops. Every call but sign-in, sign-out and the session goes through `staffRoute` (./access.ts): staff
 * session and role first, then the body.
 */
import type { Context, Hono } from 'hono';
import { CONFIG_KV_KEY } from '../../src/shared/contract/config';
import {
  staffAccountView,
  staffAuditLog,
  staffBlock,
  staffCancelDeletion,
  staffCases,
  staffClearLocks,
  staffDecideCase,
  staffOps,
  staffRemoveTwoFactor,
  staffRequirePasswordReset,
  staffResendVerification,
  staffSearchAccounts,
  staffSession,
  staffSetMaintenance,
  staffSignIn,
  staffSignOut,
  staffUnblock,
  type StaffSessionInfo,
} from '../../src/shared/contract/staff';
import { actionsOf, STAFF_LIMITS } from '../../src/shared/staff/roles';
import { auditStatement } from '../core/data/audit';
import { findAccountById } from '../core/data/accounts';
import type { AccountRow } from '../core/data/rows';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { clientIp, clientLimitIp } from '../core/http/client-ip';
import { ApiError, NOT_FOUND } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { emailProvider } from '../core/providers/index';
import { maskPhone, toE164 } from '../core/reference/phone-numbers';
import { verifyAgainstDecoy, verifyPassword } from '../core/security/password';
import { reserve, settleFailure, settleSuccess, type Limit } from '../core/security/rate-limit';
import { matchTotpStep } from '../core/security/totp';
import { sendSecurityNotice } from '../core/notices/send';
import { disableSmsQueries, disableTotpQueries } from '../mfa/data';
import { sendVerificationLink } from '../signup/email-verification-routes';
import { endSessionsStatements } from '../sessions/end-sessions';
import { approveCase, CaseRefused, rejectCase } from '../support/operator';
import { staffRoute } from './access';
import { staffEventRoutes } from './event-routes';
import { pageSize, searchRefused } from './page-size';
import { openStaffSecret } from './accounts';
import {
  activeLocks,
  cancelDeletionStatement,
  clearAccountLocksStatements,
  requirePasswordResetStatement,
} from './actions-data';
import { actionRefused, auditIdOf, blockAccount, unblockAccount } from './block';
import {
  accountCases,
  accountDeletion,
  accountFamily,
  accountLinks,
  accountTimeline,
  budgetCounter,
  findAccounts,
  findStaffByEmail,
  listCases,
  searchStaffAudit,
  staffAuditStatement,
  useStaffTotpStep,
  type AccountLookup,
} from './data';
import { endStaffSession, requireStaffSession, startStaffSession, type StaffSession } from './session';

type Ctx = Context<AppEnv>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Per staff email (known or not): 5 failures in 15 minutes lock sign-in to it for 15 minutes. */
export const STAFF_SIGNIN_LIMIT: Limit = {
  scope: 'staff-auth:subject',
  max: 5,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20187',
  onSuccess: 'reset',
};
/** Per IP across staff emails: 20 failures in 15 minutes lock the address out of staff sign-in for 15 minutes. */
export const STAFF_SIGNIN_IP_LIMIT: Limit = {
  scope: 'staff-auth:ip',
  max: 20,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
  onSuccess: 'release',
};

const signInRefused = () => new ApiError(401, 'STAFF_SIGNIN_FAILED', 'Email, password or code not accepted');
function totpKey(c: Ctx): string {
  const key = settingsOf(c.env).totpKey;
  if (key === null) throw new Error('TOTP_ENCRYPTION_KEY is not set: staff sign-in needs it');
  return key;
}

function sessionInfo(s: StaffSession): StaffSessionInfo {
  return {
    staff: { id: s.staff.id, email: s.staff.email, displayName: s.staff.display_name, role: s.staff.role },
    actions: actionsOf(s.staff.role),
    expiresAt: s.absoluteExpiresAt,
  };
}

/**
 * One step: email, password and the authenticator code. The attempt is reserved before anything is verified;
 * an unknown email verifies the password against a decoy hash; every refusal (unknown, wrong password, wrong or
 * replayed code, disabled account) answers the same 401 STAFF_SIGNIN_FAILED until the lock's 429.
 */
async function signIn(c: Ctx, body: { email: string; password: string; code: string }): Promise<StaffSession> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const subject = body.email.trim().normalize('NFC').toLowerCase();
  const reservations = await reserve(db, now, [
    [STAFF_SIGNIN_LIMIT, subject],
    [STAFF_SIGNIN_IP_LIMIT, clientLimitIp(c) ?? '-'],
  ]);
  const staff = await findStaffByEmail(db, subject);
  let accepted = false;
  // Staff passwords are hashed by the operator script, always at the standard cost: so is the decoy.
  if (staff === null) await verifyAgainstDecoy(body.password);
  else if ((await verifyPassword(body.password, staff.password_hash)).ok && !staff.disabled) {
    const secret = await openStaffSecret(staff.totp_secret_sealed, totpKey(c), staff.email);
    const step = matchTotpStep(secret, body.code, now);
    // A code is used once: the same code replayed within its 30 seconds is refused.
    accepted = step !== null && (await useStaffTotpStep(db, staff.id, step));
  }
  if (!accepted || staff === null) throw (await settleFailure(db, now, reservations)) ?? signInRefused();
  await settleSuccess(db, reservations);
  const session = await startStaffSession(c, staff);
  await db.run(
    staffAuditStatement(
      db,
      {
        staffId: staff.id,
        staffEmail: staff.email,
        action: 'staff.sign-in',
        accountId: null,
        reason: 'staff sign-in',
        ip: clientIp(c),
      },
      now,
    ),
  );
  return session;
}

const ACCOUNT_ID = /^[1-9]\d{0,14}$/;

async function targetAccount(c: Ctx, param: string | undefined): Promise<AccountRow> {
  if (param === undefined || !ACCOUNT_ID.test(param)) throw new ApiError(400, '20022', 'accountId is a number');
  const account = await findAccountById(c.var.db, Number(param));
  if (account === null) throw new ApiError(404, NOT_FOUND, 'No such account');
  return account;
}

/** A wildcard would ask for a pattern match, which no index serves: refused rather than scanned. */
const WILDCARD = /[%*?]/;

function lookupOf(by: string, value: string, source: string | undefined): AccountLookup {
  const v = value.trim();
  if (WILDCARD.test(v)) throw searchRefused('Search takes an exact value: a wildcard pattern would scan every account');
  switch (by) {
    case 'email':
      if (!/^[^\s@]+@[^\s@]+$/.test(v)) throw searchRefused('Give a whole email address');
      return { kind: 'email', email: v };
    case 'id':
      if (!ACCOUNT_ID.test(v)) throw searchRefused('An account ID is a number');
      return { kind: 'id', id: Number(v) };
    case 'phone': {
      const e164 = toE164(v);
      if (e164 === null) throw searchRefused('Give the whole number with its country code (+…)');
      return { kind: 'phone', e164 };
    }
    case 'provider':
      if (source === undefined) throw searchRefused('Name the provider (source)');
      return { kind: 'provider', provider: source, userId: v };
    case 'platform':
      if (source === undefined) throw searchRefused('Name the platform (source)');
      return { kind: 'platform', platform: source, userId: v };
    default:
      return { kind: 'legacy', legacyId: v };
  }
}

function entry(by: StaffSession, c: Ctx, action: string, account: AccountRow, reason: string) {
  return { staffId: by.staff.id, staffEmail: by.staff.email, action, accountId: account.id, reason, ip: clientIp(c) };
}

export function staffRoutes(app: Hono<AppEnv>): void {
  staffEventRoutes(app);
  mount(app, staffSignIn, async (c, { body }) => sessionInfo(await signIn(c, body)));

  mount(app, staffSignOut, async (c) => {
    await endStaffSession(c);
    return {};
  });

  mount(app, staffSession, async (c) => {
    return sessionInfo(await requireStaffSession(c));
  });

  staffRoute(app, staffSearchAccounts, async (c, { query }) => {
    const limit = pageSize(query.limit, STAFF_LIMITS.pageMax, STAFF_LIMITS.pageDefault);
    const rows = await findAccounts(
      c.var.db,
      lookupOf(query.by, query.value, query.source),
      query.cursor ?? 0,
      limit + 1,
    );
    const page = rows.slice(0, limit);
    return {
      items: page.map((r) => ({
        id: r.id,
        email: r.email,
        status: r.status,
        banReason: r.ban_reason,
        createdAt: r.created_at,
      })),
      nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  });

  staffRoute(app, staffAccountView, async (c, { params }) => {
    const account = await targetAccount(c, params['accountId']);
    const db = c.var.db;
    const [links, family, cases, deletion, timeline] = await Promise.all([
      accountLinks(db, account.id),
      accountFamily(db, account.id),
      accountCases(db, account.id),
      accountDeletion(db, account.id),
      accountTimeline(db, account.id, 50),
    ]);
    const factors: ('TOTP' | 'SMS' | 'BACKUP_CODES')[] = [];
    if (account.totp_enabled_at !== null) factors.push('TOTP');
    if (account.sms_mfa_enabled) factors.push('SMS');
    if (links.hasBackupCodes) factors.push('BACKUP_CODES');
    return {
      id: account.id,
      email: account.email,
      loginId: account.login_id,
      status: account.status,
      banReason: account.ban_reason,
      region: settingsOf(c.env).region.id,
      country: account.country_code,
      ageGroup: account.is_minor ? ('minor' as const) : ('adult' as const),
      emailVerified: account.email_verified,
      // Masked: the agent recognises the number; the console never needs it whole.
      phone: account.phone_no === null ? null : maskPhone(account.phone_no),
      phoneVerified: account.phone_verified_at !== null,
      passwordResetRequired: account.password_reset_required,
      createdAt: account.created_at,
      providers: links.providers.map((p) => ({ provider: p.provider, linkedAt: p.linked_at })),
      platforms: links.platforms.map((p) => ({ platform: p.platform, linkedAt: p.linked_at })),
      secondFactors: factors,
      passkeys: links.passkeys.map((p) => ({ name: p.name, createdAt: p.created_at, lastUsedAt: p.last_used_at })),
      trustedDevices: links.trusted.map((t) => ({ name: t.name, expiresAt: t.expires_at })),
      sessions: links.sessions.map((s) => ({ createdAt: s.created_at, lastSeenAt: s.last_seen_at, ip: s.ip })),
      family,
      pendingDeletion: deletion === null ? null : { requestedAt: deletion.requested_at, purgeAt: deletion.purge_at },
      supportCases: cases.map((k) => ({ reference: k.reference, status: k.status, createdAt: k.created_at })),
      timeline: timeline.map((t) => ({
        at: t.created_at,
        event: t.event,
        ip: t.ip,
        browser: t.browser,
        os: t.os,
        country: t.country,
      })),
    };
  });

  staffRoute(app, staffBlock, async (c, { params, body }, by) => {
    const account = await targetAccount(c, params['accountId']);
    return { auditId: await blockAccount(c, by, account, body.banReason, body.reason) };
  });

  staffRoute(app, staffUnblock, async (c, { params, body }, by) => {
    const account = await targetAccount(c, params['accountId']);
    return { auditId: await unblockAccount(c, by, account, body.reason) };
  });

  staffRoute(app, staffClearLocks, async (c, { params, body }, by) => {
    const account = await targetAccount(c, params['accountId']);
    const db = c.var.db;
    const now = c.var.clock.now();
    const locks = await activeLocks(db, account.id, now);
    const results = await db.batch([
      staffAuditStatement(db, { ...entry(by, c, 'locks.clear', account, body.reason), before: { locks } }, now),
      ...clearAccountLocksStatements(db, account.id),
    ]);
    return { auditId: auditIdOf(results[0]) };
  });

  staffRoute(app, staffResendVerification, async (c, { params, body }, by) => {
    const account = await targetAccount(c, params['accountId']);
    if (account.email_verified) throw actionRefused('The email address is verified already');
    // The player flow's own send (its limit of 5 an hour per account applies); the account keeps no language.
    await sendVerificationLink(c, account.id, account.email, 'en_US');
    const db = c.var.db;
    const row = await db.first(
      staffAuditStatement(db, entry(by, c, 'verification.resend', account, body.reason), c.var.clock.now()),
    );
    return { auditId: auditIdOf({ rows: [row] }) };
  });

  staffRoute(app, staffRequirePasswordReset, async (c, { params, body }, by) => {
    const account = await targetAccount(c, params['accountId']);
    if (account.password_reset_required) throw actionRefused('A password reset is required already');
    const db = c.var.db;
    const now = c.var.clock.now();
    // Sign-in answers 20037 until the player resets through self-service (server/signin/sign-in.ts); the sessions
    // end so the next sign-in comes now, not when a remember-me session runs out.
    const results = await db.batch([
      staffAuditStatement(
        db,
        {
          ...entry(by, c, 'password.require-reset', account, body.reason),
          before: { passwordResetRequired: false },
          after: { passwordResetRequired: true },
        },
        now,
      ),
      requirePasswordResetStatement(db, account.id, now),
      ...endSessionsStatements(db, account.id),
      auditStatement(db, { accountId: account.id, event: 'password.reset-required', ip: null }, now),
    ]);
    return { auditId: auditIdOf(results[0]) };
  });

  staffRoute(app, staffRemoveTwoFactor, async (c, { params, body }, by) => {
    const account = await targetAccount(c, params['accountId']);
    const had = { totp: account.totp_enabled_at !== null, sms: account.sms_mfa_enabled };
    if (!had.totp && !had.sms) throw actionRefused('The account has no two-step verification');
    const db = c.var.db;
    const now = c.var.clock.now();
    const results = await db.batch([
      staffAuditStatement(
        db,
        {
          ...entry(by, c, 'mfa.remove', account, body.reason),
          before: { totp: had.totp, sms: had.sms },
          after: { totp: false, sms: false },
          detail: { identityCheck: body.identityCheck },
        },
        now,
      ),
      ...disableTotpQueries(db, account.id, now),
      ...disableSmsQueries(db, account.id, now),
      auditStatement(
        db,
        { accountId: account.id, event: 'mfa.removed-by-support', ip: null, detail: { check: body.identityCheck } },
        now,
      ),
    ]);
    // The notices the player's own change sends (the change is committed: a failed delivery is only logged).
    if (had.totp) await sendSecurityNotice(c, account.email, { key: 'totpDisabled' }, { language: 'en_US' });
    if (had.sms) await sendSecurityNotice(c, account.email, { key: 'smsDisabled' }, { language: 'en_US' });
    return { auditId: auditIdOf(results[0]) };
  });

  staffRoute(app, staffCancelDeletion, async (c, { params, body }, by) => {
    const account = await targetAccount(c, params['accountId']);
    const db = c.var.db;
    const now = c.var.clock.now();
    const deletion = await accountDeletion(db, account.id);
    if (deletion === null || deletion.purge_at <= now) throw actionRefused('No deletion is pending within its grace');
    const results = await db.batch([
      staffAuditStatement(
        db,
        {
          ...entry(by, c, 'deletion.cancel', account, body.reason),
          before: { purgeAt: deletion.purge_at },
          after: { purgeAt: null },
        },
        now,
      ),
      cancelDeletionStatement(db, account.id, now),
      auditStatement(db, { accountId: account.id, event: 'account.deletion-cancelled', ip: null }, now),
    ]);
    return { auditId: auditIdOf(results[0]) };
  });

  staffRoute(app, staffCases, async (c, { query }) => {
    const status = query.status === undefined || query.status === 'all' ? null : query.status;
    const rows = await listCases(c.var.db, status, 100);
    return {
      items: rows.map((r) => ({
        reference: r.reference,
        status: r.status as 'open' | 'approved' | 'rejected',
        accountId: r.account_id,
        accountInput: r.account_input,
        contactEmail: r.contact_email,
        description: r.description,
        createdAt: r.created_at,
      })),
    };
  });

  staffRoute(app, staffDecideCase, async (c, { params, body }, by) => {
    const reference = params['reference'] ?? '';
    const deps = { db: c.var.db, clock: c.var.clock, email: emailProvider(c), operator: by.staff.email };
    let decision;
    try {
      // The rules and mails of `npm run support:cases` (server/support/operator.ts), with the staff member as operator.
      decision = body.decision === 'approve' ? await approveCase(deps, reference) : await rejectCase(deps, reference);
    } catch (e) {
      if (e instanceof CaseRefused) throw actionRefused(e.message);
      throw e;
    }
    const db = c.var.db;
    const row = await db.first(
      staffAuditStatement(
        db,
        {
          staffId: by.staff.id,
          staffEmail: by.staff.email,
          action: `cases.${body.decision}`,
          accountId: null,
          reason: body.reason,
          before: { status: 'open' },
          after: { status: decision.status },
          detail: { reference: decision.reference },
          ip: clientIp(c),
        },
        c.var.clock.now(),
      ),
    );
    return { auditId: auditIdOf({ rows: [row] }), status: decision.status };
  });

  staffRoute(app, staffAuditLog, async (c, { query }) => {
    const limit = pageSize(query.limit, STAFF_LIMITS.auditPageMax, STAFF_LIMITS.pageDefault);
    let staffId: number | undefined;
    if (query.staffEmail !== undefined) {
      const member = await findStaffByEmail(c.var.db, query.staffEmail);
      if (member === null) return { items: [], nextCursor: null };
      staffId = member.id;
    }
    const rows = await searchStaffAudit(c.var.db, {
      ...(staffId === undefined ? {} : { staffId }),
      ...(query.accountId === undefined ? {} : { accountId: query.accountId }),
      ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    return {
      items: page.map((r) => ({
        id: r.id,
        at: r.created_at,
        staffId: r.staff_id,
        staffEmail: r.staff_email,
        action: r.action,
        accountId: r.account_id,
        reason: r.reason,
        before: r.before_json,
        after: r.after_json,
        detail: r.detail_json,
      })),
      nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  });

  staffRoute(app, staffOps, async (c) => {
    const { region, cost } = settingsOf(c.env);
    const now = c.var.clock.now();
    // The send gate's day windows (server/core/security/send-gate.ts): a window over is a day with no use yet.
    const used = async (scope: string) => {
      const row = await budgetCounter(c.var.db, scope, region.id);
      return row === null || row.window_start + DAY <= now ? 0 : row.count;
    };
    return {
      region: region.id,
      maintenance: (await readMaintenance(c)).maintenance,
      sms: { limit: cost.smsDailyBudget, usedToday: await used('sms:budget:region') },
      mail: { limit: cost.mailDailyBudget, usedToday: await used('mail:budget:region') },
    };
  });

  staffRoute(app, staffSetMaintenance, async (c, { body }, by) => {
    const current = await readMaintenance(c);
    // The README's command writes {"maintenance":…}; the other keys of the value (showCaptcha…) are kept.
    await c.env.CONFIG.put(CONFIG_KV_KEY, JSON.stringify({ ...current.value, maintenance: body.on }));
    const db = c.var.db;
    const row = await db.first(
      staffAuditStatement(
        db,
        {
          staffId: by.staff.id,
          staffEmail: by.staff.email,
          action: 'ops.maintenance',
          accountId: null,
          reason: body.reason,
          before: { maintenance: current.maintenance },
          after: { maintenance: body.on },
          ip: clientIp(c),
        },
        c.var.clock.now(),
      ),
    );
    return { auditId: auditIdOf({ rows: [row] }), maintenance: body.on };
  });
}

/** The CONFIG value as stored (an object, or {} when missing or not JSON) and its maintenance flag. */
async function readMaintenance(c: Ctx): Promise<{ value: Record<string, unknown>; maintenance: boolean }> {
  const raw = await c.env.CONFIG.get(CONFIG_KV_KEY, 'text');
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      value = parsed as Record<string, unknown>;
  } catch {
    value = {};
  }
  return { value, maintenance: value['maintenance'] === true };
}
