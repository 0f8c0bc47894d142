/**
 * Account / settings state (spec §3). Server field names are renamed on load
 * (isVerified → emailVerified, phoneNo → phoneNumber, name → fullName,
 * hasSetPassword → hasPassword, enableUserPhoneReset → phoneNumberResetEnabled)
 * and the result is parsed, never cast.
 */
import { atom, computed } from 'nanostores';
import * as z from 'zod/mini';
import { stringRecord } from '../../shared/contract/formats';
import { playerTagSchema } from '../../shared/contract/settings';

export const SERVER_FIELD_RENAMES = {
  isVerified: 'emailVerified',
  phoneNo: 'phoneNumber',
  name: 'fullName',
  hasSetPassword: 'hasPassword',
  enableUserPhoneReset: 'phoneNumberResetEnabled',
} as const;

/** Auth types the portal knows; EMAIL is the fallback (spec §3 "effective auth type"). */
export const AUTH_TYPES = ['EMAIL', 'TOTP', 'SMS'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
export const authTypeSchema = z.enum(AUTH_TYPES);

const text = z.string();
export const linkedAccountSchema = z.object({ type: text, email: z.optional(z.nullable(text)) });

export const accountStateSchema = z.object({
  primaryAuthType: z.optional(z.nullable(authTypeSchema)),
  authTypeList: z._default(z.array(authTypeSchema), []),
  countryCode: z.optional(z.nullable(text)),
  email: z.optional(z.nullable(text)),
  enableMail: z.optional(z.boolean()),
  phoneNumberResetEnabled: z.optional(z.boolean()),
  hasPassword: z.optional(z.boolean()),
  emailVerified: z.optional(z.boolean()),
  fullName: z.optional(z.nullable(text)),
  playerTag: z.optional(z.nullable(playerTagSchema)),
  phoneNumber: z.optional(z.nullable(text)),
  renamesRemaining: z.optional(z.number()),
  searchable: z.optional(z.boolean()),
  skipMfaPromo: z.optional(z.boolean()),
  tpaAccountList: z._default(z.array(linkedAccountSchema), []),
  trustedDeviceCount: z.optional(z.number()),
  twitchUserId: z.optional(z.nullable(text)),
  steamName: z.optional(z.nullable(text)),
  isMinor: z.optional(z.boolean()),
  birthMonth: z.optional(z.nullable(z.number())),
  birthYear: z.optional(z.nullable(z.number())),
  membershipNo: z.optional(z.nullable(z.number())),
  formErrorCode: z.optional(text),
});
export type AccountState = z.infer<typeof accountStateSchema>;

/** Renames the server's field names to the portal's; a field already under its new name wins. */
export function renameServerFields(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const renames: Readonly<Record<string, string>> = SERVER_FIELD_RENAMES;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const to = renames[key];
    if (to === undefined) out[key] = value;
    else if (!(to in raw)) out[to] = value;
  }
  return out;
}

/** Parses an account payload from the server (GET /account) into account state. Throws on a bad shape. */
export function accountFromServer(raw: unknown): AccountState {
  const record = stringRecord(z.string(), z.unknown()).parse(raw);
  return accountStateSchema.parse(renameServerFields(record));
}

/** Spec §3: the primary auth type, else the first in the list, else EMAIL. */
export function effectiveAuthType(state: Pick<AccountState, 'primaryAuthType' | 'authTypeList'>): AuthType {
  return state.primaryAuthType ?? state.authTypeList[0] ?? 'EMAIL';
}

/** null until the settings refresh has loaded the account. */
export const $account = atom<AccountState | null>(null);
export const $effectiveAuthType = computed($account, (account) => (account ? effectiveAuthType(account) : 'EMAIL'));

export function setAccountFromServer(raw: unknown): AccountState {
  const state = accountFromServer(raw);
  $account.set(state);
  return state;
}

/** Stores a settings-form error code (spec §4 "Settings verification"). */
export function setFormErrorCode(code: string | undefined): void {
  const current = $account.get();
  if (!current) return;
  const next: AccountState = { ...current };
  if (code === undefined) delete next.formErrorCode;
  else next.formErrorCode = code;
  $account.set(next);
}
