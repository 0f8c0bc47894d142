/**
 * Parses the server's account payload (GET /account, spec §3) into the account store. Server field names are
 * renamed on load (isVerified → emailVerified, phoneNo → phoneNumber, name → fullName, hasSetPassword →
 * hasPassword, enableUserPhoneReset → phoneNumberResetEnabled) and the result is parsed, never cast. Its own
 * module because it loads zod: callers import it when an answer arrives (refresh-account.ts).
 */
import * as z from 'zod/mini';
import { stringRecord } from '../../shared/contract/formats';
import { playerTagSchema } from '../../shared/contract/settings';
import { $account, AUTH_TYPES } from './account';

export const SERVER_FIELD_RENAMES = {
  isVerified: 'emailVerified',
  phoneNo: 'phoneNumber',
  name: 'fullName',
  hasSetPassword: 'hasPassword',
  enableUserPhoneReset: 'phoneNumberResetEnabled',
} as const;

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

export function setAccountFromServer(raw: unknown): AccountState {
  const state = accountFromServer(raw);
  $account.set(state);
  return state;
}
