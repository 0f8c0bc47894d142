/**
 * The account payload (GET /account, spec §3) checked by hand, for the read a settings page makes at start
 * (../shell/account-read): with zod (the contract's `accountResponse`, then ./account-parse) that read loaded
 * the `calls` file, about 19 KB br, before the player could do anything (docs/performance.md).
 *
 * It accepts and refuses exactly what the islands' path does, `accountResponse` then `accountFromServer`, and
 * returns the same state (unknown keys dropped, the server's names renamed as SERVER_FIELD_RENAMES says):
 * tests/unit/client/stores/account-payload.test.ts runs both on the same inputs.
 *
 * The contract's patterns and lists are spelled here: read from the contract, they would bring the `calls` file
 * with them (every contract module is in it). The test holds each equal to the contract's.
 */
import { isEmailAddress, EMAIL_MAX } from '../../shared/validation/email-format';
import { isFields } from '../startup/payloads';
import { AUTH_TYPES, type AccountState } from './account';

/** The contract's `countryCode`, `phoneNo` and player tag number patterns. */
export const PATTERNS = { countryCode: /^[A-Z]{2}$/, phoneNo: /^\+[1-9]\d{6,14}$/, tagNumber: /^\d{4}$/ } as const;
/** The region schema's SOCIAL_PROVIDERS: a linked account's type. */
export const PROVIDERS = ['facebook', 'google', 'apple', 'twitch', 'discord', 'twitter', 'line', 'kakao', 'steam'];

/** What a field's check gives: the value, or FAIL. */
const FAIL = Symbol('refused');
type Check<T> = (value: unknown) => T | typeof FAIL;

const bool: Check<boolean> = (v) => (typeof v === 'boolean' ? v : FAIL);
const text: Check<string> = (v) => (typeof v === 'string' ? v : FAIL);
const matching =
  (pattern: RegExp): Check<string> =>
  (v) =>
    typeof v === 'string' && pattern.test(v) ? v : FAIL;
/** `z.number().check(z.int(), …)`: a safe integer from `min` (and up to `max`). */
const int =
  (min: number, max = Number.MAX_SAFE_INTEGER): Check<number> =>
  (v) =>
    Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : FAIL;
const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (v) =>
    v === null ? null : check(v);
const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (v) =>
    values.includes(v as T) ? (v as T) : FAIL;
const list =
  <T>(check: Check<T>): Check<T[]> =>
  (v) => {
    if (!Array.isArray(v)) return FAIL;
    const out: T[] = [];
    // A hole is undefined to zod too, and every check here refuses undefined.
    for (let i = 0; i < v.length; i++) {
      const item = check(v[i]);
      if (item === FAIL) return FAIL;
      out.push(item);
    }
    return out;
  };
/** `z.object`: any object but an array; only the listed keys, each checked (read under its `from` name). */
const fields =
  <T extends object>(
    checks: { readonly [K in keyof T]: Check<T[K]> },
    from: Readonly<Record<string, string>> = {},
  ): Check<T> =>
  (v) => {
    if (!isFields(v)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const key in checks) {
      const value = checks[key](v[from[key] ?? key]);
      if (value === FAIL) return FAIL;
      out[key] = value;
    }
    return out as T;
  };

/** The contract's `email`: zod's email pattern, at most 254 characters. */
const email: Check<string> = (v) => (isEmailAddress(v) && v.length <= EMAIL_MAX ? v : FAIL);
const authType = oneOf(AUTH_TYPES);

/** The server's name of a renamed field (./account-parse SERVER_FIELD_RENAMES, the other way round). */
const SERVER_NAMES: Readonly<Record<string, string>> = {
  emailVerified: 'isVerified',
  phoneNumber: 'phoneNo',
  fullName: 'name',
  hasPassword: 'hasSetPassword',
  phoneNumberResetEnabled: 'enableUserPhoneReset',
};

/** The state's fields, each from the server field the contract names (`accountResponse`). */
const account = fields<Required<Omit<AccountState, 'formErrorCode'>>>(
  {
    email,
    emailVerified: bool,
    countryCode: nullable(matching(PATTERNS.countryCode)),
    birthMonth: nullable(int(1, 12)),
    birthYear: nullable(int(1900)),
    membershipNo: nullable(int(1)),
    fullName: text,
    playerTag: nullable(fields({ name: text, number: matching(PATTERNS.tagNumber) })),
    renamesRemaining: int(0),
    phoneNumber: nullable(matching(PATTERNS.phoneNo)),
    phoneNumberResetEnabled: bool,
    hasPassword: bool,
    enableMail: bool,
    searchable: bool,
    skipMfaPromo: bool,
    primaryAuthType: nullable(authType),
    authTypeList: list(authType),
    tpaAccountList: list(fields({ type: oneOf(PROVIDERS), email: nullable(email) })),
    trustedDeviceCount: int(0),
    twitchUserId: nullable(text),
    steamName: nullable(text),
    isMinor: bool,
  },
  SERVER_NAMES,
);

/** GET /account's answer as account state; undefined when the contract refuses it. */
export function parseAccountPayload(value: unknown): AccountState | undefined {
  const state = account(value);
  return state === FAIL ? undefined : state;
}
