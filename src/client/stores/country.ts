/** Country state (spec §3). */
import { map } from 'nanostores';

export interface CountryState {
  ipCountryCode: string;
  countryCodes: string[];
  ipMembershipNo: number | null;
  isVietnam: boolean;
  /** Country code → phone code, for SMS. */
  smsCountryPhoneCodes: Record<string, string>;
  selfServiceCountryPhoneCodes: Record<string, string>;
}

export const $country = map<CountryState>({
  ipCountryCode: '',
  countryCodes: [],
  ipMembershipNo: null,
  isVietnam: false,
  smsCountryPhoneCodes: {},
  selfServiceCountryPhoneCodes: {},
});

/**
 * Spec §7 GET /sms/country-code: countryCode comes as an object; when it has
 * exactly one key, that key is the country to store.
 */
export function singleCountryCode(countryCode: Readonly<Record<string, unknown>>): string | undefined {
  const keys = Object.keys(countryCode);
  return keys.length === 1 ? keys[0] : undefined;
}
