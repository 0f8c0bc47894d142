/**
 * Settings verification (spec §4): before a protected settings change the
 * player proves it is them with their effective method. Pure rules here; the
 * browser side is ./start.ts.
 *  - TOTP: the 2FA settings code screen;
 *  - SMS: a code is texted, then the SMS code screen (the auth-types screen
 *    when the text could not be sent);
 *  - otherwise an email code is requested: a bypassed answer (verified
 *    recently) goes straight to the target, else to verify-account.
 * A verification is made for the target screen's purpose and unlocks only
 * that change (issue 12).
 * The target travels as route_to (a carried query value), so every
 * verification screen ends with the default redirect, which honours it.
 */
import type { AccountState } from '../../../client/stores/account';
import { effectiveAuthType } from '../../../client/stores/account';
import * as routes from '../../../routes/refs';
import { verificationPurposeOf, type EmailCodePurpose } from '../../../routes/verification-purposes';
import { enabledFactors, primaryFactor } from '../../settings/two-factor';
import type { CodeMethod } from '../code/code-input';
import { orderMethods } from '../code/methods';

export type VerificationStart =
  | { readonly kind: 'totp'; readonly next: typeof routes.verifyCode2faSettings }
  | {
      readonly kind: 'sms';
      readonly next: typeof routes.verifyCodeSmsSettings;
      readonly fallback: typeof routes.authTypes2faSettings;
    }
  | { readonly kind: 'email'; readonly next: typeof routes.verifyAccount };

export function verificationStart(account: Pick<AccountState, 'primaryAuthType' | 'authTypeList'>): VerificationStart {
  switch (effectiveAuthType(account)) {
    case 'TOTP':
      return { kind: 'totp', next: routes.verifyCode2faSettings };
    case 'SMS':
      return { kind: 'sms', next: routes.verifyCodeSmsSettings, fallback: routes.authTypes2faSettings };
    default:
      return { kind: 'email', next: routes.verifyAccount };
  }
}

/**
 * The purpose a verification returning to `target` is made for: the email-code
 * request and the code check both name it, and the server unlocks only that
 * change (the table is ROUTE_VERIFICATION_PURPOSE, next to the purposes).
 */
export function purposeFor(target: string | undefined): EmailCodePurpose {
  return verificationPurposeOf(target);
}

/** The query every verification screen carries: the target's route name as route_to. */
export function verificationQuery(target: string): { route_to: string } {
  return { route_to: target };
}

/** The ways to verify on setting/auth-types: the second factors that are on, email always, backup codes with a factor. */
export function settingsMethods(account: Pick<AccountState, 'authTypeList' | 'primaryAuthType'>): CodeMethod[] {
  const factors = enabledFactors(account);
  const backup: CodeMethod[] = factors.length > 0 ? ['BACKUP_CODE'] : [];
  return orderMethods([...factors, 'EMAIL', ...backup], primaryFactor(account));
}
