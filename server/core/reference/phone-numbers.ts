/**
 * Phone numbers for SMS verification (spec §5): parsed and validated with
 * libphonenumber-js (full metadata, so validity and the number type are
 * exact), from a country of the region's list, national number starting with
 * a non-zero digit, and able to receive texts.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type PhoneCheck =
  | { ok: true; e164: string; country: string }
  | { ok: false; reason: 'invalid' | 'country' | 'leading-zero' | 'no-sms' };

/** Number types that cannot receive a text message. */
const NO_SMS = new Set(['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'UAN', 'VOICEMAIL', 'PAGER']);

/** Checks an E.164 number (`+` and digits) against the rules and the countries served. */
export function checkPhone(input: string, countries: readonly string[]): PhoneCheck {
  const phone = parsePhoneNumberFromString(input);
  if (!phone) return { ok: false, reason: 'invalid' };
  // The digits the player typed after the calling code: a trunk prefix 0 is refused, not silently dropped.
  const typed = input.replace(/^\+/, '').slice(phone.countryCallingCode.length);
  if (typed.startsWith('0') || phone.nationalNumber.startsWith('0')) return { ok: false, reason: 'leading-zero' };
  if (!phone.isValid() || phone.country === undefined) return { ok: false, reason: 'invalid' };
  if (!countries.includes(phone.country)) return { ok: false, reason: 'country' };
  const type = phone.getType();
  if (type !== undefined && NO_SMS.has(type)) return { ok: false, reason: 'no-sms' };
  return { ok: true, e164: phone.number, country: phone.country };
}

/** A number as stored (E.164), from `+` and digits with any spacing; null when it is no valid number. */
export function toE164(input: string): string | null {
  const phone = parsePhoneNumberFromString(input.replace(/[\s().-]/g, ''));
  return phone?.isValid() === true ? phone.number : null;
}

/** `+1******4567`: the calling code and the last four digits, so the player recognises the number. */
export function maskPhone(e164: string): string {
  const phone = parsePhoneNumberFromString(e164);
  const national = phone?.nationalNumber ?? e164.replace(/^\+/, '');
  const prefix = phone ? `+${phone.countryCallingCode}` : '+';
  const visible = Math.min(4, Math.max(0, national.length - 2));
  return `${prefix}${'*'.repeat(national.length - visible)}${national.slice(national.length - visible)}`;
}
