/**
 * Account / settings state (spec §3): the store the settings islands read. Parsing the server's payload into it
 * is account-parse.ts, which loads zod: the islands that only read the store do not load it (page budget).
 */
import { atom, computed } from 'nanostores';
import type { AccountState } from './account-parse';

export type { AccountState } from './account-parse';

/** Auth types the portal knows; EMAIL is the fallback (spec §3 "effective auth type"). */
export const AUTH_TYPES = ['EMAIL', 'TOTP', 'SMS'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** Spec §3: the primary auth type, else the first in the list, else EMAIL. */
export function effectiveAuthType(state: Pick<AccountState, 'primaryAuthType' | 'authTypeList'>): AuthType {
  return state.primaryAuthType ?? state.authTypeList[0] ?? 'EMAIL';
}

/** null until the settings refresh has loaded the account. */
export const $account = atom<AccountState | null>(null);
export const $effectiveAuthType = computed($account, (account) => (account ? effectiveAuthType(account) : 'EMAIL'));

/** Stores a settings-form error code (spec §4 "Settings verification"). */
export function setFormErrorCode(code: string | undefined): void {
  const current = $account.get();
  if (!current) return;
  const next: AccountState = { ...current };
  if (code === undefined) delete next.formErrorCode;
  else next.formErrorCode = code;
  $account.set(next);
}
