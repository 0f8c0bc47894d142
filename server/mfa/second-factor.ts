/**
 * Checking a second-factor code, for the sign-in second step and for settings
 * verification: authenticator (TOTP, once per step), a texted or emailed code
 * (newest code of its purpose, once), or a backup code (once, even under
 * parallel requests). Wrong codes count toward the account's lock and the
 * lock is checked first, so during a lock even a correct code is refused.
 */
import type { Context } from 'hono';
import type { AccountRow } from '../core/data/rows';
import { auditStatement } from '../core/data/audit';
import { listBackupCodes, markBackupCodeUsed, useTotpStep } from './data';
import type { Query } from '../core/db/engine';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { findBackupCode } from '../core/security/backup-codes';
import {
  reserveCodeAttempt,
  codeAcceptedStatements,
  invalidCodeError,
  usedBackupCodeError,
  wrongBackupCodeError,
  wrongCode,
  wrongCodeError,
} from '../core/security/code-guard';
import { CODE_KINDS, consumeCode, type CodeKind } from '../core/security/codes';
import { openSecret } from '../core/security/secret-box';
import { failedSecondStepAlert } from '../core/security/security-alerts';
import { clientIp } from '../core/http/client-ip';
import { matchTotpStep } from '../core/security/totp';

export type VerifyMethod = 'EMAIL' | 'TOTP' | 'SMS' | 'BACKUP_CODE';
/**
 * `login`: the sign-in second step; `settings`: settings verification of a signed-in session; `link`: linking a
 * console platform identity to the account (server/platform/routes.ts), with its own code purposes.
 */
export type FactorUse = 'login' | 'settings' | 'link';

/** The TOTP seed of an account with a (pending or active) authenticator. */
export async function totpSecretOf(c: Context<AppEnv>, account: AccountRow): Promise<string> {
  const key = settingsOf(c.env).totpKey;
  if (key === null) throw new Error('TOTP_ENCRYPTION_KEY is not configured');
  if (account.totp_secret_enc === null) throw badInput('No authenticator on this account');
  return openSecret(account.totp_secret_enc, key, account.id);
}

function smsKind(use: FactorUse): CodeKind {
  if (use === 'link') return CODE_KINDS.linkSms;
  return use === 'login' ? CODE_KINDS.loginSms : CODE_KINDS.settingsSms;
}

/**
 * Verifies `code` for `method` or throws: 20022 (method not enabled or code of
 * the wrong length: nothing counted), 20013 wrong code, 20068 expired / used /
 * replayed code, 20188 wrong or used backup code, 429 20187 / 20157 when
 * locked. On success the account's failure counters are cleared and the
 * audit entry is written, with `alongside` in the same batch.
 */
export async function verifyFactor(
  c: Context<AppEnv>,
  account: AccountRow,
  method: VerifyMethod,
  code: string,
  use: FactorUse,
  alongside: readonly Query[] = [],
): Promise<void> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const subject = { accountId: account.id, ip: clientIp(c) };
  const expected = method === 'BACKUP_CODE' ? 8 : 6;
  if (code.length !== expected) throw badInput(`A ${method} code has ${String(expected)} digits`);
  if (method === 'TOTP' && account.totp_enabled_at === null) throw badInput('Authenticator is not enabled');
  if (method === 'SMS' && (!account.sms_mfa_enabled || account.phone_no === null))
    throw badInput('SMS verification is not enabled');
  if (method === 'EMAIL' && use === 'login') throw badInput('Email is not a second sign-in factor');

  const attempt = await reserveCodeAttempt(c.var.db, now, subject);
  const refuse = async (error: ApiError): Promise<never> => {
    await c.var.db.run(
      auditStatement(
        db,
        { accountId: account.id, event: `mfa.${use}.failed`, ip: subject.ip, detail: { method } },
        now,
      ),
    );
    // Someone with the password keeps failing the second step: the holder hears of it (issue 18).
    if (use !== 'settings') await failedSecondStepAlert(c, account, now);
    throw await wrongCode(c.var.db, now, attempt, error);
  };

  switch (method) {
    case 'TOTP': {
      const step = matchTotpStep(await totpSecretOf(c, account), code, now);
      if (step === null) return refuse(wrongCodeError());
      // A code of a step already used (or older) is a replay: refused even when it is right.
      if (!(await useTotpStep(c.var.db, account.id, step))) return refuse(invalidCodeError());
      break;
    }
    case 'SMS':
    case 'EMAIL': {
      const target = method === 'SMS' ? (account.phone_no ?? '') : account.email;
      const emailKind = use === 'link' ? CODE_KINDS.linkEmail : CODE_KINDS.settingsEmail;
      const kind = method === 'SMS' ? smsKind(use) : emailKind;
      const result = await consumeCode(c.var.db, { accountId: account.id, target, kind }, code, now);
      if (result === 'wrong') return refuse(wrongCodeError());
      if (result === 'invalid') return refuse(invalidCodeError());
      break;
    }
    case 'BACKUP_CODE': {
      // Every code of the set is tried (used ones too), so the answer can say "already used" rather than "wrong".
      const codes = await listBackupCodes(c.var.db, account.id);
      const id = await findBackupCode(code, codes);
      if (id === null) return refuse(wrongBackupCodeError());
      if (codes.find((r) => r.id === id)?.usedAt !== null) return refuse(usedBackupCodeError());
      // The conditional update decides between two parallel uses of one code: exactly one wins.
      if (!(await markBackupCodeUsed(c.var.db, account.id, id, now))) return refuse(usedBackupCodeError());
      break;
    }
  }
  await c.var.db.batch([
    ...codeAcceptedStatements(c.var.db, attempt),
    auditStatement(
      db,
      { accountId: account.id, event: `mfa.${use}.verified`, ip: subject.ip, detail: { method } },
      now,
    ),
    ...alongside,
  ]);
}
