/**
 * The phone countries (spec §7 getMfaSmsCountryCodeList: the membership's countries whose numbers can receive
 * codes, with their calling codes), fetched without the islands' HTTP client, as ./country-list fetches the
 * country select's: the phone entry (verify-phone, gamescale's SMS step, the parent's SMS consent) needs the list
 * at mount, before the player does anything, and through the client the page loaded the `calls` file (zod, the
 * client, about 19 KB br) before interaction: verify-phone 96.8 KB br in 15 files (session 18). A failure is
 * undefined: the phone entry offers a retry. The timeout is the start-up's 30 s, not the contract's 10 s: the
 * list has no other deadline, and the retry is the player's.
 *
 * The path is the contract's, spelled here because importing the endpoint would import its schemas;
 * tests/unit/client/countries/phone-country-list.test.ts holds it equal and the parse to the contract's.
 */
import region from '@region';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../shared/contract/http';
import { encodeQuery } from '../../shared/contract/query-case';
import { getJson } from '../startup/api';
import { isFields } from '../startup/payloads';

export const PHONE_COUNTRIES_PATH = '/no-auth/mfa/sms/country-code-list';

export interface PhoneCountry {
  countryCode: string;
  name: string;
  /** Digits, no plus sign. */
  callingCode: string;
}

/** The contract's `phoneCountryEntry`: a country code, a name, a calling code of 1 to 4 digits. */
function entry(value: unknown): PhoneCountry | undefined {
  if (!isFields(value)) return undefined;
  const { countryCode, name, callingCode } = value;
  if (typeof countryCode !== 'string' || !/^[A-Z]{2}$/.test(countryCode) || typeof name !== 'string') return undefined;
  return typeof callingCode === 'string' && /^\d{1,4}$/.test(callingCode)
    ? { countryCode, name, callingCode }
    : undefined;
}

/** The contract's `phoneCountryListResponse`, checked without zod; extra fields are dropped as zod drops them. */
export function parsePhoneCountryList(value: unknown): { countryCodeList: PhoneCountry[] } | undefined {
  const list = isFields(value) ? value['countryCodeList'] : undefined;
  if (!Array.isArray(list)) return undefined;
  const countryCodeList: PhoneCountry[] = [];
  // A hole is undefined to zod too: refused.
  for (let i = 0; i < list.length; i++) {
    const checked = entry(list[i]);
    if (checked === undefined) return undefined;
    countryCodeList.push(checked);
  }
  return { countryCodeList };
}

/** GET the phone countries of a membership in a server language; undefined on any failure. */
export function fetchPhoneCountryList(
  membershipNo: number,
  language: string,
): Promise<{ countryCodeList: PhoneCountry[] } | undefined> {
  const query = encodeQuery({ membershipNo, language }).toString();
  return getJson(`${region.api.countryMembership}${PHONE_COUNTRIES_PATH}?${query}`, parsePhoneCountryList, {
    headers: { [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION },
    credentials: 'include',
  });
}
