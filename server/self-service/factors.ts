/**
 * Codes of the self-service session: which factor may come next, sending
 * the email or SMS code, and checking any factor. An emailed or texted code
 * belongs to the session (its target is keyed by the serial number's hash),
 * so one stranger's session never replaces the code of another's. Every try
 * is reserved before it is checked (per account, or per looked-up address
 * when no account was found, and per IP: server/core/security/rate-limit.ts), so a
 * new session or a resend never buys more guesses.
 */
import type { Db } from '../core/db/engine';
import type { Context } from 'hono';
import { auditStatement } from '../core/data/audit';
import { authTypesOf } from '../mfa/data';
import { listBackupCodes, markBackupCodeUsed, useTotpStep } from '../mfa/data';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { findBackupCode } from '../core/security/backup-codes';
import { invalidCodeError, SECOND_FACTOR_LIMIT, wrongCode, wrongCodeError } from '../core/security/code-guard';
import { checkCode, issueCode, type CodePurpose } from '../core/security/email-codes';
import { reserve, successStatements, type Limit } from '../core/security/rate-limit';
import { totpSecretOf } from '../mfa/second-factor';
import { IP_AUTH_LIMIT } from '../core/security/signin-policy';
import { clientIp, ipLimitKey } from '../core/http/client-ip';
import { matchTotpStep } from '../core/security/totp';
import { provedStatement, type Factor, type SelfServiceSession } from './session';

type Ctx = Context<AppEnv>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spec §9: emailed codes live 30 minutes, texted ones 5. */
export const EMAIL_CODE: CodePurpose = { name: 'self-service.email', ttlMs: 30 * MINUTE };
export const SMS_CODE: CodePurpose = { name: 'self-service.sms', ttlMs: 5 * MINUTE };
export const NEW_ID_CODE: CodePurpose = { name: 'self-service.new-id', ttlMs: 30 * MINUTE };

/** Codes (and "no account" emails) per address or number: a resend is counted, never free. */
export const SENDS_PER_TARGET: Limit = {
  scope: 'self-service:send:target',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

/** The stored target of a session's code: the serial hash binds it to this session. */
export function codeKey(s: SelfServiceSession, to: string): string {
  return `${s.serialHash}:${to.trim().toLowerCase()}`;
}

/** The factor the look-up leads to: a code to the account's email, or to the number typed (find email). */
export function firstFactor(s: SelfServiceSession): Factor {
  return s.searchBy === 'phone' ? 'SMS' : 'EMAIL';
}

/** The account's second factors, as the verify answer and the auth-types screen list them. */
export function secondFactors(account: AccountRow | null): {
  authTypes: ('TOTP' | 'SMS')[];
  primary: 'TOTP' | 'SMS' | null;
} {
  if (account === null) return { authTypes: [], primary: null };
  const { authTypes, primaryAuthType } = authTypesOf(account);
  return { authTypes, primary: primaryAuthType };
}

/**
 * What the session still lacks. The first factor always; then, for a reset
 * of the password or of the ID (not for find email, which only reveals a
 * masked address), one of the account's second factors when it has any: a
 * recovery never skips a second factor (ASVS 5.0 6.4.3).
 */
export function allowedNext(s: SelfServiceSession, account: AccountRow | null): Factor[] {
  const first = firstFactor(s);
  if (!s.proved.includes(first)) return [first];
  if (s.operationType === 'findEmail') return [];
  const { authTypes } = secondFactors(account);
  if (authTypes.length === 0) return [];
  if (s.proved.some((f) => f === 'TOTP' || f === 'BACKUP_CODE' || (f === 'SMS' && first !== 'SMS'))) return [];
  return [...authTypes, 'BACKUP_CODE'];
}

/** The limit key of the account, or of the looked-up target when there is none (same counting, same answers). */
function subjectKey(s: SelfServiceSession): string {
  return s.accountId !== null ? String(s.accountId) : `target:${s.target ?? s.serialHash}`;
}

/** Issues the session's code for `to` (replacing its earlier one) and returns it for sending. */
export function issueSessionCode(db: Db, s: SelfServiceSession, purpose: CodePurpose, to: string, now: number) {
  return issueCode(db, purpose, codeKey(s, to), now);
}

/**
 * Checks a code of `factor` for the session or throws (20013 wrong, 20068 dead,
 * 20188 wrong backup code, 429 20187 / 20157 when locked). On success the
 * factor is recorded (with `alongside`) in one batch; returns the factors
 * still missing.
 */
export async function checkFactor(
  c: Ctx,
  s: SelfServiceSession,
  account: AccountRow | null,
  factor: Factor,
  code: string,
): Promise<Factor[]> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const ip = clientIp(c);
  const expected = factor === 'BACKUP_CODE' ? 8 : 6;
  if (code.length !== expected) throw badInput(`A ${factor} code has ${String(expected)} digits`);
  const pairs: [Limit, string][] = [[SECOND_FACTOR_LIMIT, subjectKey(s)]];
  if (ip !== null && ip.length > 0) pairs.push([IP_AUTH_LIMIT, ipLimitKey(ip)]);
  const attempt = await reserve(c.var.db, now, pairs);
  const refuse = async (error: ApiError): Promise<never> => {
    await c.var.db.run(
      auditStatement(
        db,
        { accountId: account?.id ?? null, event: 'self-service.code.failed', ip, detail: { factor } },
        now,
      ),
    );
    throw await wrongCode(c.var.db, now, attempt, error);
  };

  switch (factor) {
    case 'EMAIL':
    case 'SMS': {
      // An email code goes to the account's address; an SMS to the typed number (find email) or the account's.
      const to =
        factor === 'EMAIL'
          ? (account?.email ?? s.target ?? '')
          : factor === firstFactor(s)
            ? (s.target ?? '')
            : (account?.phone_no ?? '');
      const result = await checkCode(c.var.db, factor === 'EMAIL' ? EMAIL_CODE : SMS_CODE, codeKey(s, to), code, now, {
        consume: true,
      });
      // No code at all (nothing was found to send one to) answers like a wrong one.
      if (result === 'wrong' || result === 'none') return refuse(wrongCodeError());
      if (result === 'expired') return refuse(invalidCodeError());
      break;
    }
    case 'TOTP': {
      if (account === null || account.totp_enabled_at === null) return refuse(wrongCodeError());
      const step = matchTotpStep(await totpSecretOf(c, account), code, now);
      if (step === null) return refuse(wrongCodeError());
      if (!(await useTotpStep(c.var.db, account.id, step))) return refuse(invalidCodeError());
      break;
    }
    case 'BACKUP_CODE': {
      if (account === null) return refuse(new ApiError(400, '20188', 'Wrong or used backup code'));
      const codes = await listBackupCodes(c.var.db, account.id);
      const id = await findBackupCode(code, codes);
      if (id === null || codes.find((r) => r.id === id)?.usedAt !== null)
        return refuse(new ApiError(400, '20188', 'Wrong or used backup code'));
      if (!(await markBackupCodeUsed(c.var.db, account.id, id, now)))
        return refuse(new ApiError(400, '20188', 'Wrong or used backup code'));
      break;
    }
  }
  const proved = [...s.proved, factor];
  const missing = allowedNext({ ...s, proved }, account);
  await c.var.db.batch([
    ...successStatements(c.var.db, attempt),
    provedStatement(c.var.db, s, proved, missing.length === 0, now),
    auditStatement(
      db,
      { accountId: account?.id ?? null, event: 'self-service.code.verified', ip, detail: { factor } },
      now,
    ),
  ]);
  return missing;
}
