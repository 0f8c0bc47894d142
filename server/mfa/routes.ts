/**
 * Two-factor calls (spec §7 "Settings, MFA and trusted devices", auth-type
 * look-ups of "Launcher and login"): auth types, authenticator enrolment,
 * SMS verification on and off, the primary method and the 2FA promo.
 * See docs/two-factor-api.md for the rules.
 */
import type { Context, Hono } from 'hono';
import {
  confirmTotp,
  disableSms,
  disableTotp,
  enableSms,
  getAuthTypes,
  getGlobalAuthTypes,
  getTpaAuthTypes,
  setPrimaryAuthType,
  skipMfaPromo,
  startTotpEnrolment,
  type AuthTypesResponse,
} from '../../src/shared/contract/mfa';
import { auditStatement } from '../core/data/audit';
import {
  authTypesOf,
  disableSmsQueries,
  disableTotpQueries,
  enableSmsQuery,
  enableTotpQuery,
  markMfaPromoSkipped,
  setPrimaryQuery,
  storePendingTotp,
} from './data';
import type { AccountRow } from '../core/data/rows';
import { maskPhone } from '../core/reference/phone-numbers';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendSecurityNotice } from '../core/notices/send';
import {
  reserveCodeAttempt,
  codeAcceptedStatements,
  invalidCodeError,
  wrongCode,
  wrongCodeError,
} from '../core/security/code-guard';
import { CODE_KINDS, consumeCode } from '../core/security/codes';
import { sealSecret } from '../core/security/secret-box';
import { totpSecretOf } from './second-factor';
import { clientIp } from '../core/http/client-ip';
import { assertMayChangeFactors } from '../settings/verification';
import { newTotpSecret, otpauthUri, matchTotpStep } from '../core/security/totp';
import { validPhoneFor } from './phone-rules';
import { signingInAccount } from '../signin/holder';
import { accountEvent } from '../events/data';

type Ctx = Context<AppEnv>;

function authTypesAnswer(account: AccountRow, withEmail: boolean): AuthTypesResponse {
  const { authTypes, primaryAuthType } = authTypesOf(account);
  return {
    authTypes,
    primaryAuthType,
    phoneNo: authTypes.includes('SMS') && account.phone_no !== null ? maskPhone(account.phone_no) : null,
    passkey: account.passkey_count > 0,
    ...(withEmail ? { email: account.email } : {}),
  };
}

function audit(c: Ctx, account: AccountRow, event: string, detail?: Record<string, string | boolean>) {
  return auditStatement(
    c.var.db,
    { accountId: account.id, event, ip: clientIp(c), ...(detail ? { detail } : {}) },
    c.var.clock.now(),
  );
}

/** Whether SMS stays on as a second factor once the authenticator is removed (mfa.changed says if any factor is left). */
function smsFactorOn(account: AccountRow): boolean {
  return account.sms_mfa_enabled && account.phone_no !== null;
}

/** Whether a second factor is left once `removed` is gone: the other kind, or a passkey (docs/passkeys.md). */
function factorLeftWithout(account: AccountRow, removed: 'totp' | 'sms'): boolean {
  const other = removed === 'totp' ? smsFactorOn(account) : account.totp_enabled_at !== null;
  return other || account.passkey_count > 0;
}

export function mfaRoutes(app: Hono<AppEnv>): void {
  mount(app, getAuthTypes, async (c, { query, session }) =>
    authTypesAnswer(await signingInAccount(c, session, query.email), false),
  );
  mount(app, getGlobalAuthTypes, async (c, { query, session }) =>
    authTypesAnswer(await signingInAccount(c, session, query.email), false),
  );
  // Third-party sign-in: the session identifies the account; its email is the holder's own data.
  mount(app, getTpaAuthTypes, async (c, { session }) => authTypesAnswer(await signingInAccount(c, session), true));

  mount(app, startTotpEnrolment, async (c, { session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'mfa');
    if (account.totp_enabled_at !== null) throw new ApiError(409, '20022', 'Authenticator already enabled');
    const key = settingsOf(c.env).totpKey;
    if (key === null) throw new Error('TOTP_ENCRYPTION_KEY is not configured');
    const secret = newTotpSecret();
    const now = c.var.clock.now();
    if (!(await storePendingTotp(c.var.db, account.id, await sealSecret(secret, key, account.id), now)))
      throw new ApiError(409, '20022', 'Authenticator already enabled');
    await c.var.db.run(audit(c, account, 'mfa.totp.setup-started'));
    return { secret, otpauthUri: otpauthUri(secret, account.email) };
  });

  mount(app, confirmTotp, async (c, { body, account }) => {
    if (account.totp_enabled_at !== null) throw new ApiError(409, '20022', 'Authenticator already enabled');
    if (account.totp_secret_enc === null) throw badInput('No authenticator setup in progress');
    const now = c.var.clock.now();
    const subject = { accountId: account.id, ip: clientIp(c) };
    const attempt = await reserveCodeAttempt(c.var.db, now, subject);
    const step = matchTotpStep(await totpSecretOf(c, account), body.code, now);
    if (step === null) throw await wrongCode(c.var.db, now, attempt, wrongCodeError());
    const enabled = await c.var.db.run(
      enableTotpQuery(c.var.db, account.id, account.totp_secret_enc, step, body.primary, now),
    );
    if (enabled.rowsAffected !== 1) throw new ApiError(409, '20022', 'The authenticator setup changed meanwhile');
    await c.var.db.batch([
      ...codeAcceptedStatements(c.var.db, attempt),
      audit(c, account, 'mfa.totp.enabled', { primary: body.primary }),
      ...accountEvent(c.var.db, 'mfa.changed', account.id, { factor: 'totp', enabled: true }, now),
    ]);
    await sendSecurityNotice(c, account.email, { key: 'totpEnabled' });
    return {};
  });

  mount(app, disableTotp, async (c, { session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'mfa');
    if (account.totp_enabled_at === null) throw badInput('Authenticator is not enabled');
    await c.var.db.batch([
      ...disableTotpQueries(c.var.db, account.id, c.var.clock.now()),
      audit(c, account, 'mfa.totp.disabled'),
      ...accountEvent(
        c.var.db,
        'mfa.changed',
        account.id,
        { factor: 'totp', enabled: factorLeftWithout(account, 'totp') },
        c.var.clock.now(),
      ),
    ]);
    await sendSecurityNotice(c, account.email, { key: 'totpDisabled' });
    return {};
  });

  mount(app, enableSms, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'mfa');
    const now = c.var.clock.now();
    const phone = await validPhoneFor(c, account, body.phoneNo, now);
    const subject = { accountId: account.id, ip: clientIp(c) };
    const attempt = await reserveCodeAttempt(c.var.db, now, subject);
    const result = await consumeCode(
      c.var.db,
      { accountId: account.id, target: phone, kind: CODE_KINDS.phoneVerify },
      body.verificationCode,
      now,
    );
    if (result !== 'ok')
      throw await wrongCode(c.var.db, now, attempt, result === 'wrong' ? wrongCodeError() : invalidCodeError());
    await c.var.db.batch([
      enableSmsQuery(c.var.db, account.id, phone, body.primary, now),
      ...codeAcceptedStatements(c.var.db, attempt),
      audit(c, account, 'mfa.sms.enabled', { primary: body.primary, phone: maskPhone(phone) }),
      ...accountEvent(c.var.db, 'mfa.changed', account.id, { factor: 'sms', enabled: true }, now),
    ]);
    await sendSecurityNotice(c, account.email, { key: 'smsEnabled', phone: maskPhone(phone) });
    return {};
  });

  mount(app, disableSms, async (c, { session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'mfa');
    if (!account.sms_mfa_enabled) throw badInput('SMS verification is not enabled');
    await c.var.db.batch([
      ...disableSmsQueries(c.var.db, account.id, c.var.clock.now()),
      audit(c, account, 'mfa.sms.disabled'),
      ...accountEvent(
        c.var.db,
        'mfa.changed',
        account.id,
        { factor: 'sms', enabled: factorLeftWithout(account, 'sms') },
        c.var.clock.now(),
      ),
    ]);
    await sendSecurityNotice(c, account.email, { key: 'smsDisabled' });
    return {};
  });

  mount(app, setPrimaryAuthType, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'mfa');
    const factor = body.authType;
    if (factor === 'EMAIL') throw badInput('The primary method is a second factor (TOTP or SMS)');
    if (authTypesOf(account).primaryAuthType === factor) return {};
    const changed = await c.var.db.run(setPrimaryQuery(c.var.db, account.id, factor, c.var.clock.now()));
    if (changed.rowsAffected !== 1) throw badInput(`${factor} is not enabled`);
    await c.var.db.run(audit(c, account, 'mfa.primary.changed', { primary: factor }));
    await sendSecurityNotice(c, account.email, { key: factor === 'TOTP' ? 'primaryTotp' : 'primarySms' });
    return {};
  });

  mount(app, skipMfaPromo, async (c, { account }) => {
    await markMfaPromoSkipped(c.var.db, account.id, c.var.clock.now());
    return {};
  });
}
