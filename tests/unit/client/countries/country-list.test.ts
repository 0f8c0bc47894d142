/**
 * The country list fetched without the islands' HTTP client (src/client/countries/country-list.ts): the contract's
 * paths and query, and a parse that accepts and refuses what the contract's schema does.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  countryListUrl,
  GLOBAL_COUNTRIES_PATH,
  parseCountryList,
  REGION_COUNTRIES_PATH,
} from '../../../../src/client/countries/country-list';
import global from '../../../../src/regions/global';
import { countryListResponse, getGlobalCountries, getRegionCountries } from '../../../../src/shared/contract/countries';
import { encodeQuery } from '../../../../src/shared/contract/query-case';

describe('the country list without the HTTP client', () => {
  it('uses the contract endpoints', () => {
    expect(getGlobalCountries.path).toBe(GLOBAL_COUNTRIES_PATH);
    expect(getRegionCountries.path).toBe(REGION_COUNTRIES_PATH);
    for (const e of [getGlobalCountries, getRegionCountries]) {
      expect(e.base).toBe('countryMembership');
      expect(e.method).toBe('GET');
    }
  });

  it('asks for the region’s countries by membership, with the query the client would send', () => {
    const query = encodeQuery({ membershipNo: global.membershipNo, language: 'de_DE' }).toString();
    expect(countryListUrl('de_DE')).toBe(`${global.api.countryMembership}${REGION_COUNTRIES_PATH}?${query}`);
    expect(
      getRegionCountries.query?.safeParse({ membershipNo: String(global.membershipNo), language: 'de_DE' }).success,
    ).toBe(true);
  });

  it('asks for every country in the unified region', async () => {
    vi.resetModules();
    vi.doMock('@region', async () => ({ default: (await import('../../../../src/regions/one')).default }));
    try {
      const list = await import('../../../../src/client/countries/country-list');
      const one = (await import('../../../../src/regions/one')).default;
      expect(one.membershipNo).toBeNull();
      expect(list.countryListUrl('en_US')).toBe(`${one.api.countryMembership}${GLOBAL_COUNTRIES_PATH}?language=en_US`);
    } finally {
      vi.doUnmock('@region');
      vi.resetModules();
    }
  });

  it.each([
    [
      'a list with the visitor country',
      { countryList: [{ countryCode: 'DE', name: 'Deutschland' }], countryCode: 'DE' },
    ],
    ['no visitor country', { countryList: [{ countryCode: 'US', name: 'United States' }], countryCode: null }],
    ['an empty list', { countryList: [], countryCode: null }],
    ['extra fields', { countryList: [{ countryCode: 'FR', name: 'France', flag: 'x' }], countryCode: null, more: 1 }],
    ['a lower-case code', { countryList: [{ countryCode: 'de', name: 'Deutschland' }], countryCode: null }],
    ['a missing name', { countryList: [{ countryCode: 'DE' }], countryCode: null }],
    ['no list', { countryCode: 'DE' }],
    ['a bad visitor country', { countryList: [], countryCode: 'Germany' }],
    ['a missing visitor country', { countryList: [] }],
    ['not an object', 'DE'],
  ])('parses %s as the contract does', (_label, body) => {
    const contract = countryListResponse.safeParse(body);
    expect(parseCountryList(body)).toEqual(contract.success ? contract.data : undefined);
  });
});
