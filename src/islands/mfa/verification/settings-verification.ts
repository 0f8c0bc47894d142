/**
 * Settings verification (spec §4): before a protected settings change the
 * player proves it is them with their effective method. Pure rules here; the
 * browser side is ./start.ts.
 *  - TOTP: the 2FA settings code screen;
 *  - SMS: a code is texted, then the SMS code screen (the auth-types screen
 *    when the text could not be sent);
 *  - otherwise an email code is requested: a bypassed answer (verified
 *    recently) goes straight to the target, else to verify-account.
 * The target travels as route_to (a carried query value), so every
 * verification screen ends with the default redirect, which honours it.
 */
import type { AccountState } from '../../../client/stores/account';
import { effectiveAuthType } from '../../../client/stores/account';
import type { RouteName } from '../../../routes/registry';
import type { EmailCodePurpose } from '../../../shared/contract/settings';
import { enabledFactors, primaryFactor } from '../../settings/two-factor';
import type { CodeMethod } from '../code/code-input';
import { orderMethods } from '../code/methods';

export type VerificationStart =
  | { readonly kind: 'totp'; readonly next: 'verify-code-2fa-settings' }
  | { readonly kind: 'sms'; readonly next: 'verify-code-sms-settings'; readonly fallback: 'auth-types-2fa-settings' }
  | { readonly kind: 'email'; readonly next: 'verify-account' };

export function verificationStart(account: Pick<AccountState, 'primaryAuthType' | 'authTypeList'>): VerificationStart {
  switch (effectiveAuthType(account)) {
    case 'TOTP':
      return { kind: 'totp', next: 'verify-code-2fa-settings' };
    case 'SMS':
      return { kind: 'sms', next: 'verify-code-sms-settings', fallback: 'auth-types-2fa-settings' };
    default:
      return { kind: 'email', next: 'verify-account' };
  }
}

/** The email-code purpose of a protected screen (the server scopes a verification to it). */
const PURPOSE_OF: Partial<Record<RouteName, EmailCodePurpose>> = {
  'change-email': 'change-email',
  'setting-password': 'change-password',
  'change-name': 'change-name',
  'manage-trusted-devices': 'trusted-device',
  'parental-controls': 'parental-controls',
  'parental-start': 'parental-controls',
  'linked-account': 'linked-account',
  'settings-social-link': 'linked-account',
  'manage-payment-methods': 'payment',
};

/** Two-factor screens and anything unlisted verify for 'mfa'. */
export function purposeFor(target: RouteName | undefined): EmailCodePurpose {
  return (target === undefined ? undefined : PURPOSE_OF[target]) ?? 'mfa';
}

/** The query every verification screen carries: the target as route_to. */
export function verificationQuery(target: RouteName): { route_to: string } {
  return { route_to: target };
}

/** The ways to verify on setting/auth-types: the second factors that are on, email always, backup codes with a factor. */
export function settingsMethods(account: Pick<AccountState, 'authTypeList' | 'primaryAuthType'>): CodeMethod[] {
  const factors = enabledFactors(account);
  const backup: CodeMethod[] = factors.length > 0 ? ['BACKUP_CODE'] : [];
  return orderMethods([...factors, 'EMAIL', ...backup], primaryFactor(account));
}
