/**
 * Change ID (spec §4 changeId, §9: 7 days between ID changes): after the
 * session proved the account (its email code and, when it has one, its
 * second factor), a code goes to the new address; the right code makes it the
 * account's email through the profile's email change
 * (server/settings/email-change.ts: one batch with its audit row and a revert
 * token; the old address is told, with a revert-id link).
 *
 * The 7-day wait is claimed by one conditional update before the change, so
 * two parallel changes cannot both pass it; a change that then does not apply
 * gives the claim back.
 */
import type { Context } from 'hono';
import {
  emailChangeApplied,
  emailChangeStatements,
  emailHeldByOther,
  emailTakenError,
  isEmailTaken,
  sendEmailChangedNotice,
} from '../settings/email-change';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { noticeLocale, sendCodeEmail } from '../core/notices/send';
import { invalidCodeError, SECOND_FACTOR_LIMIT, wrongCode, wrongCodeError } from '../core/security/code-guard';
import { checkCode } from '../core/security/email-codes';
import { hit, reserve, successStatements, type Limit } from '../core/security/rate-limit';
import { clientIp, ipLimitKey } from '../core/http/client-ip';
import { CODE_SENDS_PER_IP, hitIp } from '../core/security/signin-limits';
import { IP_AUTH_LIMIT, normalizeLoginId } from '../core/security/signin-policy';
import { codeKey, issueSessionCode, NEW_ID_CODE, SENDS_PER_TARGET } from './factors';
import { loadVerified, restartError, spendSession, type SelfServiceSession } from './session';
import { claimIdChange, releaseIdChange, setSessionNewEmail } from './data';

type Ctx = Context<AppEnv>;
const DAY = 24 * 60 * 60_000;

/** Spec §9: an account's ID (email) changes at most once in 7 days. */
export const ID_CHANGE_WAIT_MS = 7 * DAY;

/** Spec §8 20063: the last change was less than 7 days ago (the portal shows change-email/failed). */
export function waitError(): ApiError {
  return new ApiError(400, '20063', 'The ID changed less than 7 days ago');
}

function assertWaited(account: AccountRow, now: number): void {
  if (account.id_changed_at !== null && account.id_changed_at + ID_CHANGE_WAIT_MS > now) throw waitError();
}

async function verifiedAccount(c: Ctx, serial: string): Promise<{ s: SelfServiceSession; account: AccountRow }> {
  const s = await loadVerified(c, serial, 'changeId');
  const account = s.accountId === null ? null : await findAccountById(c.var.db, s.accountId);
  if (account === null) throw restartError();
  return { s, account };
}

/** Sends the code to the new address (20063 within the wait; 20050 the current address; 20010 another's). */
export async function requestNewIdCode(c: Ctx, serial: string, newId: string, language?: string): Promise<void> {
  const now = c.var.clock.now();
  const { s, account } = await verifiedAccount(c, serial);
  assertWaited(account, now);
  const address = normalizeLoginId(newId);
  if (address === normalizeLoginId(account.email)) throw new ApiError(400, '20050', 'This is the current ID');
  if (await emailHeldByOther(c.var.db, account.id, address)) throw emailTakenError();
  await hitIp(c.var.db, now, CODE_SENDS_PER_IP, clientIp(c));
  await hit(c.var.db, now, SENDS_PER_TARGET, address);
  const code = await issueSessionCode(c.var.db, s, NEW_ID_CODE, address, now);
  await setSessionNewEmail(c.var.db, s.serialHash, address);
  await sendCodeEmail(c, address, code, NEW_ID_CODE.ttlMs, language);
}

/** Checks the new address's code and changes the ID; returns the new email. */
export async function changeId(c: Ctx, serial: string, code: string, language?: string): Promise<string> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const ip = clientIp(c);
  const { s, account } = await verifiedAccount(c, serial);
  const newEmail = s.newEmail;
  if (newEmail === null) throw restartError();
  assertWaited(account, now);

  const pairs: [Limit, string][] = [[SECOND_FACTOR_LIMIT, String(account.id)]];
  if (ip !== null && ip.length > 0) pairs.push([IP_AUTH_LIMIT, ipLimitKey(ip)]);
  const attempt = await reserve(c.var.db, now, pairs);
  const result = await checkCode(c.var.db, NEW_ID_CODE, codeKey(s, newEmail), code, now, { consume: true });
  if (result !== 'ok') {
    await c.var.db.run(auditStatement(db, { accountId: account.id, event: 'self-service.id.code-failed', ip }, now));
    throw await wrongCode(c.var.db, now, attempt, result === 'expired' ? invalidCodeError() : wrongCodeError());
  }

  // The wait, claimed atomically: of two parallel changes only one passes.
  if (!(await claimIdChange(c.var.db, account.id, now, ID_CHANGE_WAIT_MS))) throw waitError();
  const giveBack = () => releaseIdChange(c.var.db, account.id, account.id_changed_at, now);

  const change = emailChangeStatements(c.var.db, c.var.clock, {
    accountId: account.id,
    oldEmail: account.email,
    newEmail,
    source: 'self-service',
    ip,
  });
  let results: readonly { rowsAffected: number }[];
  try {
    results = await c.var.db.batch([...change, ...successStatements(c.var.db, attempt)]);
  } catch (e) {
    await giveBack();
    if (isEmailTaken(e)) throw emailTakenError();
    throw e;
  }
  if (!emailChangeApplied(results)) {
    await giveBack();
    throw restartError();
  }
  await spendSession(c.var.db, s, now);
  await sendEmailChangedNotice(c, {
    accountId: account.id,
    oldEmail: account.email,
    newEmail,
    revertToken: change.revertToken,
    locale: noticeLocale(c, language),
  });
  return newEmail;
}
