/**
 * Two-factor facts of an account (spec §3 authTypeList / primaryAuthType):
 * which second factors are on, in display order (primary first).
 */
import type { AccountState, AuthType } from '../../client/stores/account';

/** The auth types that are a second factor (EMAIL is the fallback, not a factor the player turns on). */
export const SECOND_FACTORS = ['TOTP', 'SMS'] as const satisfies readonly AuthType[];
export type SecondFactor = (typeof SECOND_FACTORS)[number];

export function isSecondFactor(type: AuthType): type is SecondFactor {
  return (SECOND_FACTORS as readonly AuthType[]).includes(type);
}

/** The enabled second factors, the primary one first. */
export function enabledFactors(account: Pick<AccountState, 'authTypeList' | 'primaryAuthType'>): SecondFactor[] {
  const on = SECOND_FACTORS.filter((f) => account.authTypeList.includes(f));
  const primary = account.primaryAuthType;
  return primary === null || primary === undefined || !isSecondFactor(primary) || !on.includes(primary)
    ? on
    : [primary, ...on.filter((f) => f !== primary)];
}

/** The primary second factor: the stored primary when it is on, else the first enabled one. */
export function primaryFactor(
  account: Pick<AccountState, 'authTypeList' | 'primaryAuthType'>,
): SecondFactor | undefined {
  return enabledFactors(account)[0];
}
