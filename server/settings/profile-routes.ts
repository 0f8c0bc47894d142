/**
 * Profile settings (issue 12 part A; contract in src/shared/contract/profile.ts):
 * full name, player tag, email change and its signed-out revert. Every change
 * needs a verified email (spec §4, 403 20038), runs as one batch with its
 * audit entry, and is emailed. Rules: docs/settings.md.
 */
import type { Context, Hono } from 'hono';
import {
  changePlayerTag,
  confirmEmailChange,
  getEmailRevert,
  requestEmailChange,
  revertEmailChange,
  updateFullName,
} from '../../src/shared/contract/profile';
import { sameEmail } from '../../src/shared/validation/email';
import { fullNameIssue, normalizeFullName, tagNameIssue } from '../../src/shared/validation/profile-names';
import {
  assertRevertLinkLive,
  emailChangeApplied,
  emailChangeStatements,
  emailHeldByOther,
  emailTakenError,
  findRevertLink,
  isEmailTaken,
  revertEmailChange as revertChange,
  revertLinkInvalid,
  sendEmailChangedNotice,
  sendEmailRevertedNotice,
} from './email-change';
import { localeOfLanguage } from '../core/reference/countries';
import { playerTagNumber } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import { otherHolderOf, playerTagChangeStatements, setFullNameStatement } from './settings-data';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { fill } from '../core/notices/texts';
import { formatNoticeTime } from '../core/notices/send';
import { PROFILE_NOTICE_TEXTS } from './profile-notice-texts';
import { emailProvider } from '../core/providers/index';
import { checkPassword } from '../signin/authenticate';
import {
  codeAcceptedStatements,
  invalidCodeError,
  reserveCodeAttempt,
  wrongCode,
  wrongCodeError,
} from '../core/security/code-guard';
import { consumeCode, issueCode, type CodeKind } from '../core/security/codes';
import { isOffensiveName } from '../core/security/offensive-words';
import { hit, type Limit } from '../core/security/rate-limit';
import { clientIp } from '../core/http/client-ip';
import { isRecentlyVerified, verificationRequired } from './verification';

type Ctx = Context<AppEnv>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spec §9: the email-change code is valid 30 minutes. */
export const EMAIL_CHANGE_CODE: CodeKind = { purpose: 'email.change', ttlMs: 30 * MINUTE };

/** Codes sent to new addresses: 5 an hour per account (429 20157), so 20010/20011 cannot be used to probe addresses. */
export const EMAIL_CHANGE_SENDS: Limit = {
  scope: 'email-change:send',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

/** Spec §8 20216: invalid ID, tag or character (every name rule and offensive words). */
function invalidName(reason: string): ApiError {
  return new ApiError(400, '20216', reason);
}

/** Spec §4: changing settings requires a verified email (403 20038; the portal offers the verification link). */
function assertVerifiedEmail(account: AccountRow): void {
  if (!account.email_verified) throw new ApiError(403, '20038', 'Email address not verified');
}

async function sendProfileNotice(c: Ctx, to: string, line: string, language: string): Promise<void> {
  const locale = localeOfLanguage(language);
  const t = PROFILE_NOTICE_TEXTS[locale];
  const text = [line, fill(t.when, { time: formatNoticeTime(c.var.clock.now(), locale) }), '', t.notYou].join('\n');
  try {
    await emailProvider(c).send({ to, subject: t.profileSubject, text });
  } catch (e) {
    // The change is committed: a failed notice is logged (never with its text), not an error.
    console.error('Profile notice not delivered', { error: e instanceof Error ? e.name : 'unknown' });
  }
}

/**
 * 20010: another account of this region has the address; 20011: an account of
 * another region (its membership number differs) has it. Accounts without a
 * membership number (made before sign-up recorded one) count as this region's.
 */
async function assertAddressFree(c: Ctx, account: AccountRow, newEmail: string): Promise<void> {
  const holder = await otherHolderOf(c.var.db, account.id, newEmail);
  if (holder === undefined) return;
  if (holder.membership_no !== null && account.membership_no !== null && holder.membership_no !== account.membership_no)
    throw new ApiError(409, '20011', 'Email address used in another region');
  throw emailTakenError();
}

export function profileRoutes(app: Hono<AppEnv>): void {
  mount(app, updateFullName, async (c, { body, account }) => {
    assertVerifiedEmail(account);
    const issue = fullNameIssue(body.fullName);
    if (issue !== undefined) throw invalidName(`Full name: ${issue}`);
    const fullName = normalizeFullName(body.fullName);
    if (isOffensiveName(fullName)) throw invalidName('Full name: offensive');
    const db = c.var.db;
    const now = c.var.clock.now();
    await db.batch([
      setFullNameStatement(db, account.id, fullName, now),
      auditStatement(db, { accountId: account.id, event: 'profile.name-changed', ip: clientIp(c) }, now),
    ]);
    const t = PROFILE_NOTICE_TEXTS[localeOfLanguage(body.language)];
    await sendProfileNotice(c, account.email, fill(t.nameChanged, { name: fullName }), body.language);
    return { fullName };
  });

  mount(app, changePlayerTag, async (c, { body, account }) => {
    assertVerifiedEmail(account);
    const name = body.name.trim();
    const issue = tagNameIssue(name);
    if (issue !== undefined) throw invalidName(`Player tag: ${issue}`);
    if (isOffensiveName(name)) throw invalidName('Player tag: offensive');
    const db = c.var.db;
    const now = c.var.clock.now();
    const number = playerTagNumber();
    const [updated] = await db.batch(
      playerTagChangeStatements(db, { accountId: account.id, name, number, ip: clientIp(c) }, now),
    );
    const row = updated.rows[0];
    if (row === undefined) throw new ApiError(403, '20038', 'No player tag changes left');
    const tag = `${name}#${number}`;
    const t = PROFILE_NOTICE_TEXTS[localeOfLanguage(body.language)];
    await sendProfileNotice(c, account.email, fill(t.playerTagChanged, { tag }), body.language);
    return { playerTag: { name, number }, renamesRemaining: row.renames_remaining };
  });

  mount(app, requestEmailChange, async (c, { body, session: s, account }) => {
    assertVerifiedEmail(account);
    const db = c.var.db;
    const now = c.var.clock.now();
    if (sameEmail(body.newEmail, account.email)) throw badInput('The new address is the current one');
    // The player proves it is them: the password when the account has one, else a settings verification.
    if (body.password !== undefined) {
      if (!account.has_password) throw badInput('The account has no password');
      await checkPassword(c, account, body.password, {
        loginId: account.email,
        captchaSolved: false,
        reauthentication: true,
      });
    } else if (!(await isRecentlyVerified(db, s, 'change-email', now))) {
      throw verificationRequired();
    }
    await assertAddressFree(c, account, body.newEmail);
    await hit(db, now, EMAIL_CHANGE_SENDS, String(account.id));
    const code = await issueCode(db, { accountId: account.id, target: body.newEmail, kind: EMAIL_CHANGE_CODE }, now);
    const locale = localeOfLanguage(body.language);
    const t = PROFILE_NOTICE_TEXTS[locale];
    await emailProvider(c).send({
      to: body.newEmail,
      subject: t.emailCodeSubject,
      text: fill(t.emailCodeBody, { code, minutes: Math.round(EMAIL_CHANGE_CODE.ttlMs / MINUTE) }),
      code,
    });
    await db.run(auditStatement(db, { accountId: account.id, event: 'email.change-code-sent', ip: clientIp(c) }, now));
    return {};
  });

  mount(app, confirmEmailChange, async (c, { body, account }) => {
    assertVerifiedEmail(account);
    const db = c.var.db;
    const now = c.var.clock.now();
    const ip = clientIp(c);
    const reservations = await reserveCodeAttempt(c.var.db, now, { accountId: account.id, ip });
    const check = await consumeCode(
      c.var.db,
      { accountId: account.id, target: body.newEmail, kind: EMAIL_CHANGE_CODE },
      body.code,
      now,
    );
    if (check === 'wrong') throw await wrongCode(c.var.db, now, reservations, wrongCodeError());
    if (check === 'invalid') throw await wrongCode(c.var.db, now, reservations, invalidCodeError());
    await assertAddressFree(c, account, body.newEmail);
    const statements = emailChangeStatements(db, c.var.clock, {
      accountId: account.id,
      oldEmail: account.email,
      newEmail: body.newEmail,
      source: 'settings',
      ip,
    });
    let results: readonly { rowsAffected: number }[];
    try {
      results = await db.batch([...statements, ...codeAcceptedStatements(db, reservations)]);
    } catch (e) {
      if (isEmailTaken(e)) throw emailTakenError();
      throw e;
    }
    // The address changed in between (another tab): nothing was written.
    if (!emailChangeApplied(results)) throw new ApiError(409, '20038', 'The account email changed meanwhile');
    await sendEmailChangedNotice(c, {
      accountId: account.id,
      oldEmail: account.email,
      newEmail: body.newEmail,
      revertToken: statements.revertToken,
      locale: localeOfLanguage(body.language),
    });
    return { email: body.newEmail };
  });

  mount(app, getEmailRevert, async (c, { body }) => {
    const link = await findRevertLink(c.var.db, body.token);
    assertRevertLinkLive(link, c.var.clock.now());
    return { email: link.oldEmail };
  });

  mount(app, revertEmailChange, async (c, { body }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const link = await findRevertLink(db, body.token);
    assertRevertLinkLive(link, now);
    if (await emailHeldByOther(db, link.accountId, link.oldEmail)) throw emailTakenError();
    if (!(await revertChange(db, link, now, clientIp(c)))) throw revertLinkInvalid();
    await sendEmailRevertedNotice(c, link.oldEmail, localeOfLanguage(body.language));
    return { email: link.oldEmail };
  });
}
