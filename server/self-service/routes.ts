/**
 * Spec §7 "Self-service" on the reference API (issue 13 part A): the
 * session, the auth-type look-up, code requests and checks, the legacy check,
 * find email, the password reset (by session or by a reset link's token), the
 * ID change, and /reset/request-reset (20126). docs/self-service.md.
 *
 * No account enumeration: every step a stranger reaches (session, look-up,
 * code request, code check, request-reset) answers an existing and a missing
 * account with the same status and body; what differs (a code, or a "no
 * account uses this address" email) goes only to the address or number typed.
 */
import { endGrantsAndNotify } from '../oidc/backchannel';
import type { Context, Hono } from 'hono';
import { localePath } from '../../src/routes/paths';
import { buildPath } from '../../src/routes/registry';
import type { Locale } from '../../src/i18n/locales';
import {
  changeSelfServiceId,
  checkSelfServiceMigration,
  createSelfServiceSession,
  getSelfServiceAuthTypes,
  getSelfServiceEmail,
  requestIdChangeCode,
  requestPasswordReset,
  requestSelfServiceCode,
  resetPasswordWithToken,
  resetSelfServicePassword,
  verifySelfServiceCode,
} from '../../src/shared/contract/self-service';
import { COUNTRY_CODES, localeOfLanguage, regionOfMembership } from '../core/reference/countries';
import { checkPhone, maskPhone } from '../core/reference/phone-numbers';
import { findAccountById, passwordChangeStatements, recentPasswordHashes } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import type { Db } from '../core/db/engine';
import { accountByEmail, accountByLoginId, accountIdByVerifiedPhone, clearResetFlagsQuery } from './data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { fill } from '../core/notices/texts';
import { formatNoticeTime, noticeLocale, sendCodeEmail, sendCodeSms, withholdCodeSms } from '../core/notices/send';
import { SELF_SERVICE_TEXTS } from './notice-texts';
import { emailProvider, assertCaptcha } from '../core/providers/index';
import { endSessionsStatements } from '../sessions/end-sessions';
import { accountEvent } from '../events/data';
import { hashPassword, verifyPassword } from '../core/security/password';
import { passwordParams } from '../core/security/hash-cost';
import { assertNewPassword } from '../core/security/password-policy';
import { hit, type Limit } from '../core/security/rate-limit';
import { clientIp } from '../core/http/client-ip';
import { CODE_SENDS_PER_IP, hitIp, LOOKUPS_PER_IP } from '../core/security/signin-limits';
import { normalizeLoginId } from '../core/security/signin-policy';
import { isRecentPassword } from '../../src/shared/validation/password';
import { changeId, requestNewIdCode } from './change-id';
import {
  EMAIL_CODE,
  SENDS_PER_TARGET,
  SMS_CODE,
  allowedNext,
  checkFactor,
  firstFactor,
  issueSessionCode,
  secondFactors,
} from './factors';
import { consumeResetToken, issueResetToken, peekResetToken, RESET_TOKEN_TTL_MS } from './reset-token';
import {
  loadSession,
  loadVerified,
  openSession,
  recordLookup,
  restartError,
  spendSession,
  type Factor,
} from './session';

type Ctx = Context<AppEnv>;
const MINUTE = 60_000;

/** Sessions per IP: each needs a captcha, and this caps a farm of solved captchas (20157 → too-many-attempts). */
export const SESSIONS_PER_IP: Limit = {
  scope: 'self-service:session:ip',
  max: 20,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  code: '20157',
  onSuccess: 'keep',
};

async function accountOf(db: Db, id: number | null): Promise<AccountRow | null> {
  return id === null ? null : findAccountById(db, id);
}

async function accountBy(db: Db, column: 'email' | 'login_id', value: string): Promise<AccountRow | null> {
  return column === 'email' ? accountByEmail(db, value) : accountByLoginId(db, value);
}

/** The portal's origin for links: the caller's Origin (the CSRF guard allowed it), else the API's own. */
function portalOrigin(c: Ctx): string {
  return c.req.header('Origin') ?? new URL(c.req.url).origin;
}

function portalLink(
  c: Ctx,
  locale: Locale,
  route: 'self-service' | 'self-reset-password',
  query?: Record<string, string>,
) {
  const url = new URL(localePath(locale, buildPath(route)), portalOrigin(c));
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return url.href;
}

/** `p***r@example.com`: enough for the owner to recognise the address, not enough to give it away. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at);
  if (local.length <= 2) return `${local.slice(0, 1)}***${domain}`;
  return `${local.slice(0, 1)}${'*'.repeat(Math.min(8, local.length - 2))}${local.slice(-1)}${domain}`;
}

async function sendNoAccountEmail(c: Ctx, to: string, language?: string) {
  const t = SELF_SERVICE_TEXTS[noticeLocale(c, language)];
  await emailProvider(c).send({ to, subject: t.noAccountSubject, text: t.noAccountBody });
}

/** The new password's checks, before anything is spent: §5 rules, blocklist, breach, the last 5 (20199). */
async function assertResetPassword(c: Ctx, account: AccountRow, password: string): Promise<void> {
  await assertNewPassword(c, password, account.email);
  if (await isRecentPassword(password, await recentPasswordHashes(c.var.db, account.id), verifyPassword))
    throw new ApiError(400, '20199', 'One of the last 5 passwords');
}

/**
 * Stores the new password, ends every session and trusted device of the
 * account, lifts the protected-mode flags the reset answers (20036/20037/20102)
 * and audits it, in one batch; then emails the account holder.
 */
async function applyReset(c: Ctx, account: AccountRow, password: string, via: string, language?: string) {
  const db = c.var.db;
  const now = c.var.clock.now();
  const hash = await hashPassword(password, passwordParams(c.env));
  await c.var.db.batch([
    ...passwordChangeStatements(db, account.id, hash, now),
    ...endSessionsStatements(c.var.db, account.id),
    ...accountEvent(db, 'password.changed', account.id, { via: 'reset' }, now),
    clearResetFlagsQuery(c.var.db, account.id, now),
    auditStatement(
      db,
      { accountId: account.id, event: 'self-service.password.reset', ip: clientIp(c), detail: { via } },
      now,
    ),
  ]);
  await endGrantsAndNotify(c, account.id, 'password-reset');
  const locale = noticeLocale(c, language);
  const t = SELF_SERVICE_TEXTS[locale];
  try {
    await emailProvider(c).send({
      to: account.email,
      subject: t.resetSubject,
      text: fill(t.resetBody, { time: formatNoticeTime(now, locale) }),
    });
  } catch (e) {
    // The reset is done; a lost notice is logged (never its text), not turned into an error.
    console.error('Password reset notice not delivered', { error: e instanceof Error ? e.name : 'unknown' });
  }
}

export function selfServiceRoutes(app: Hono<AppEnv>): void {
  mount(app, createSelfServiceSession, async (c, { body }) => {
    const now = c.var.clock.now();
    await hitIp(c.var.db, now, SESSIONS_PER_IP, clientIp(c));
    await assertCaptcha(c, body.captchaToken, body.captchaVersion, body.captchaAction ?? 'web_self_reset_password');
    return { serialNumber: await openSession(c, body.operationType) };
  });

  mount(app, getSelfServiceAuthTypes, async (c, { query, params }) => {
    const now = c.var.clock.now();
    const searchBy = params['searchBy'];
    if (searchBy !== 'email' && searchBy !== 'id' && searchBy !== 'phone') throw badInput('Unknown searchBy');
    const s = await loadSession(c, query.serialNumber);
    await hitIp(c.var.db, now, LOOKUPS_PER_IP, clientIp(c));
    let found: { target: string | null; accountId: number | null };
    let phoneNo: string | null = null;
    if (searchBy === 'phone') {
      // A number finds an email only (the number is the one factor proved); it never resets anything.
      if (s.operationType !== 'findEmail') throw badInput('Search by phone serves find email only');
      const phone = checkPhone(query.value, COUNTRY_CODES);
      if (!phone.ok) throw new ApiError(400, '20205', 'Invalid phone number');
      found = { target: phone.e164, accountId: await accountIdByVerifiedPhone(c.var.db, phone.e164) };
      phoneNo = maskPhone(phone.e164);
    } else {
      const value = searchBy === 'email' ? normalizeLoginId(query.value) : query.value.trim();
      const account = await accountBy(c.var.db, searchBy === 'email' ? 'email' : 'login_id', value);
      found = { target: searchBy === 'email' ? value : (account?.email ?? null), accountId: account?.id ?? null };
    }
    if (!(await recordLookup(c.var.db, s, { searchBy, ...found }, now))) throw restartError();
    const first = searchBy === 'phone' ? ('SMS' as const) : ('EMAIL' as const);
    return { authTypes: [first], primaryAuthType: first, phoneNo };
  });

  mount(app, requestSelfServiceCode, async (c, { body, params }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const factor = (params['authType'] ?? '').toUpperCase();
    if (factor !== 'EMAIL' && factor !== 'SMS') throw badInput('Codes are sent by email or SMS');
    const s = await loadSession(c, body.serialNumber);
    if (!s.lookedUp || s.verified) throw restartError();
    const account = await accountOf(db, s.accountId);
    if (!allowedNext(s, account).includes(factor)) throw badInput(`${factor} is not the next step`);
    const first = factor === firstFactor(s) && !s.proved.includes(factor);
    const to = factor === 'EMAIL' ? (account?.email ?? s.target) : first ? s.target : (account?.phone_no ?? null);
    // Counted before anything is sent, for the IP and the address or number, found or not.
    await hitIp(c.var.db, now, CODE_SENDS_PER_IP, clientIp(c));
    await hit(c.var.db, now, SENDS_PER_TARGET, (to ?? `session:${s.serialHash}`).toLowerCase());
    if (to === null) return {}; // a legacy ID that names no account: nothing to send to, same answer
    if (factor === 'EMAIL' && account === null) {
      await sendNoAccountEmail(c, to, body.language);
      return {};
    }
    const purpose = factor === 'EMAIL' ? EMAIL_CODE : SMS_CODE;
    // A number of no account gets a code no one can read and no text (issue 26: no SMS pumping through the
    // look-up); the send gate still runs, so the answer and the work are those of a number that has one.
    const code = await issueSessionCode(c.var.db, s, purpose, to, now);
    if (factor === 'EMAIL') await sendCodeEmail(c, to, code, purpose.ttlMs, body.language);
    else if (account === null) await withholdCodeSms(c, to);
    else await sendCodeSms(c, to, code, purpose.ttlMs, body.language);
    return {};
  });

  mount(app, verifySelfServiceCode, async (c, { body, params }) => {
    const db = c.var.db;
    const factor = (params['authType'] ?? '').toUpperCase() as Factor;
    if (!['EMAIL', 'SMS', 'TOTP', 'BACKUP_CODE'].includes(factor)) throw badInput('Unknown authType');
    const s = await loadSession(c, body.serialNumber);
    if (!s.lookedUp || s.verified) throw restartError();
    const account = await accountOf(db, s.accountId);
    if (!allowedNext(s, account).includes(factor)) throw badInput(`${factor} is not the next step`);
    const missing = await checkFactor(c, s, account, factor, body.code);
    const { authTypes, primary } = secondFactors(account);
    const complete = missing.length === 0;
    return {
      complete,
      authTypes: complete ? [] : authTypes,
      primaryAuthType: complete ? null : primary,
      phoneNo: !complete && account?.phone_no && authTypes.includes('SMS') ? maskPhone(account.phone_no) : null,
      hasBackupCodes: !complete,
    };
  });

  mount(app, checkSelfServiceMigration, async (c, { query }) => {
    const s = await loadSession(c, query.serialNumber);
    if (!s.verified) throw restartError();
    const account = await accountOf(c.var.db, s.accountId);
    // A legacy account signs in with an ID of the old system (accounts.login_id).
    const legacyId = account?.login_id ?? null;
    return {
      isLegacy: legacyId !== null,
      email: legacyId !== null ? (account?.email ?? null) : null,
      userId: legacyId,
    };
  });

  mount(app, getSelfServiceEmail, async (c, { query }) => {
    const s = await loadVerified(c, query.serialNumber, 'findEmail');
    const account = await accountOf(c.var.db, s.accountId);
    if (account === null) return { id: null, region: null };
    return {
      id: maskEmail(account.email),
      region: account.membership_no === null ? null : regionOfMembership(account.membership_no),
    };
  });

  mount(app, resetSelfServicePassword, async (c, { body }) => {
    const s = await loadVerified(c, body.serialNumber, 'resetPassword');
    const account = await accountOf(c.var.db, s.accountId);
    if (account === null) throw restartError();
    await assertResetPassword(c, account, body.password);
    await spendSession(c.var.db, s, c.var.clock.now());
    await applyReset(c, account, body.password, 'session', body.language);
    return {};
  });

  mount(app, resetPasswordWithToken, async (c, { body }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const dead = () => new ApiError(400, '20208', 'Reset link expired, used or unknown');
    const peeked = await peekResetToken(c.var.db, body.token, now);
    const account = await accountOf(db, peeked);
    if (account === null) throw dead();
    await assertResetPassword(c, account, body.password);
    if ((await consumeResetToken(c.var.db, body.token, now)) !== account.id) throw dead();
    await applyReset(c, account, body.password, 'link', body.language);
    return {};
  });

  mount(app, requestPasswordReset, async (c, { body }) => {
    const now = c.var.clock.now();
    const address = normalizeLoginId(body.email);
    await hitIp(c.var.db, now, CODE_SENDS_PER_IP, clientIp(c));
    await hit(c.var.db, now, SENDS_PER_TARGET, address);
    const locale = localeOfLanguage(body.language);
    const account = await accountBy(c.var.db, 'email', address);
    if (account === null) {
      await sendNoAccountEmail(c, address, body.language);
      return {};
    }
    const t = SELF_SERVICE_TEXTS[locale];
    if (secondFactors(account).authTypes.length > 0) {
      // A link alone would skip the second factor: send the way through self-service instead.
      const link = portalLink(c, locale, 'self-service');
      await emailProvider(c).send({
        to: account.email,
        subject: t.linkSubject,
        text: fill(t.recoverBody, { link }),
        link,
      });
      return {};
    }
    const { token } = await issueResetToken(c.var.db, c.var.clock, account.id);
    const link = portalLink(c, locale, 'self-reset-password', { token });
    await emailProvider(c).send({
      to: account.email,
      subject: t.linkSubject,
      text: fill(t.linkBody, { link, minutes: RESET_TOKEN_TTL_MS / MINUTE }),
      link,
    });
    return {};
  });

  mount(app, requestIdChangeCode, async (c, { body }) => {
    await requestNewIdCode(c, body.serialNumber, body.newId, body.language);
    return {};
  });

  mount(app, changeSelfServiceId, async (c, { body }) => ({
    email: await changeId(c, body.serialNumber, body.code, body.language),
  }));
}
