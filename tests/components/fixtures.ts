/**
 * Answers of mocked API calls, built from the contract's schemas: a mock skips
 * the HTTP client's response parsing, so a fixture is parsed here instead and
 * one the real API could not send fails the test.
 */
import type { CountryList } from '../../src/client/countries/country-list';
import { countryListResponse } from '../../src/shared/contract/countries';
import { accountResponse, type AccountResponse } from '../../src/shared/contract/settings';

/** GET /account as the server answers it (server field names: isVerified, phoneNo, name…). */
export function serverAccount(fields: Partial<AccountResponse> = {}): AccountResponse {
  return accountResponse.parse({
    email: 'player@example.com',
    isVerified: true,
    countryCode: 'US',
    birthMonth: 5,
    birthYear: 1990,
    membershipNo: 1,
    name: 'Alex Player',
    playerTag: null,
    renamesRemaining: 2,
    phoneNo: null,
    enableUserPhoneReset: false,
    hasSetPassword: true,
    enableMail: false,
    searchable: true,
    skipMfaPromo: false,
    primaryAuthType: null,
    authTypeList: [],
    tpaAccountList: [],
    trustedDeviceCount: 0,
    twitchUserId: null,
    steamName: null,
    isMinor: false,
    ...fields,
  });
}

/** The region's country list (fetchCountryList) with two countries and no visitor country. */
export function twoCountries(): CountryList {
  return countryListResponse.parse({
    countryList: [
      { countryCode: 'US', name: 'United States' },
      { countryCode: 'DE', name: 'Germany' },
    ],
    countryCode: null,
  });
}
