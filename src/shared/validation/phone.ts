/**
 * Spec §5 phone number: valid for its country (libphonenumber-js) and typed
 * starting with a non-zero digit (no trunk prefix). Kept apart from the other
 * rules: only the phone forms load the phone metadata.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import * as z from 'zod/mini';
import type { MessageKey } from '../../i18n/keys';

export const PHONE_INVALID = 'error.input.phone-invalid' satisfies MessageKey;
export const PHONE_LEADING_ZERO = 'error.input.phone-leading-zero' satisfies MessageKey;

/** The E.164 form of a national number typed for a country, or the i18n key of what is wrong. */
export function parsePhone(
  national: string,
  country: string,
): { e164: string } | { error: typeof PHONE_INVALID | typeof PHONE_LEADING_ZERO } {
  const digits = national.replace(/[\s().-]/g, '');
  if (!/^\d{4,15}$/.test(digits)) return { error: PHONE_INVALID };
  if (digits.startsWith('0')) return { error: PHONE_LEADING_ZERO };
  const parsed = parsePhoneNumberFromString(digits, country.toUpperCase() as CountryCode);
  if (!parsed?.isValid()) return { error: PHONE_INVALID };
  return { e164: parsed.number };
}

/** `{countryCode, phoneNumber}` as typed in a form; parses to the E.164 number. */
export const phoneInputSchema = z.pipe(
  z.object({ countryCode: z.string().check(z.regex(/^[A-Z]{2}$/)), phoneNumber: z.string() }),
  z.transform((value, ctx) => {
    const result = parsePhone(value.phoneNumber, value.countryCode);
    if ('error' in result) {
      ctx.issues.push({ code: 'custom', message: result.error, path: ['phoneNumber'], input: value });
      return z.NEVER;
    }
    return result.e164;
  }),
);
