/**
 * Field schemas shared by the contract's area files (spec §3, §5, §7, §9).
 * Request bodies are strict (the reference API answers unknown fields with a
 * bad-input error); response objects are plain (the client keeps only the
 * fields it declares).
 */
import * as z from 'zod/mini';
import { checked } from './checked';
import { emailAddress, stringBoolean } from './formats';
import {
  blackBox,
  captchaToken,
  clientId,
  deviceId,
  hashedUserNo,
  loginId,
  oauthCode,
  oauthState,
  opaqueToken,
  partnerKey,
  password,
} from './ids';

/** Spec §9 membership numbers are small positive integers. */
export const membershipNo = checked(z.number(), z.int(), z.positive());

/**
 * A POST body. Spec §7: the client adds membershipNo to every POST body in
 * every region but one, so every POST body schema accepts it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function postBody<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.strictObject({ ...shape, membershipNo: z.optional(membershipNo) });
}

/** A PUT body (no membershipNo: the spec adds it to POST bodies only). */
/* @__NO_SIDE_EFFECTS__ */
export function putBody<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.strictObject(shape);
}

/** Calls whose success carries no data answer `{}`. */
export const emptyResponse = z.object({});

/** Email as typed into forms; full §5 validation is the forms' and the API's validation module's job. */
export const email = checked(emailAddress(), z.maxLength(254));

// Ids, tokens, passwords and free text: one module says what each accepts (docs/api.md "Strict bodies and ids").
export {
  blackBox,
  captchaToken,
  clientId,
  deviceId,
  hashedUserNo,
  loginId,
  oauthCode,
  oauthState,
  opaqueToken,
  partnerKey,
  password,
};

/** Spec §4 step 1: v2 visible widget or v3 invisible. */
export const captchaVersion = z.enum(['v2', 'v3']);
/** The visitor's local time as an ISO 8601 string (digits, `T`, `Z`, `:`, `.`, `+`, `-`), for sign-in notification emails. */
export const localTime = checked(z.string(), z.regex(/^[\dTZ:.+-]{10,40}$/));
/** Minutes east of UTC (`-new Date().getTimezoneOffset()`). */
export const timeOffset = checked(z.number(), z.int(), z.gte(-840), z.lte(840));
/** Locale code sent to the server (spec §9): es_419, en_US, pt_BR, zh_TW, others xx_XX. */
export const serverLanguage = checked(z.string(), z.regex(/^[a-z]{2}_(?:[A-Z]{2}|419)$/));
/** ISO 3166-1 alpha-2 country code. */
export const countryCode = checked(z.string(), z.regex(/^[A-Z]{2}$/));
/** Date of birth as YYYY-MM-DD. */
export const birthday = checked(z.string(), z.regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/));
/** Spec §9: verification codes are 6 digits. */
export const verificationCode = checked(z.string(), z.regex(/^\d{6}$/));
/** Phone number in E.164 form. */
export const phoneNo = checked(z.string(), z.regex(/^\+[1-9]\d{6,14}$/));

/** Spec §3 auth types; the effective type falls back to EMAIL. */
export const AUTH_TYPES = ['EMAIL', 'TOTP', 'SMS'] as const;
export const authType = z.enum(AUTH_TYPES);
export type AuthType = z.infer<typeof authType>;
/** A two-factor check is answered with one of the auth types or a backup code. */
export const verifyMethod = z.enum([...AUTH_TYPES, 'BACKUP_CODE']);
/** A 6-digit code (email, SMS, TOTP) or an 8-digit backup code (spec §9). */
export const twoFactorCode = checked(z.string(), z.regex(/^(?:\d{6}|\d{8})$/));

/** Query values travel as strings; these parse them back on the server and type them for the client. */
export const queryBoolean = stringBoolean();
/** Decimal digits only: Number() would also read '', ' 1', '0x1f' and '1e3' (an id sent as `child_user_no=` became 0). */
export const queryInt = z.pipe(checked(z.string(), z.regex(/^\d{1,15}$/)), z.transform(Number));

/**
 * Spec §3 login response fields the client reads. autoLogin is true when the
 * server set the long-lived auto-login session (remember me / launcher).
 */
export const loginResponse = z.object({
  countryCode: countryCode,
  hashedUserNo: hashedUserNo,
  hashedGlobalUserNo: hashedUserNo,
  autoLogin: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** A one-time token (global ban flow, support-desk hand-off, launcher auth token). */
export const tokenResponse = z.object({ token: opaqueToken });
