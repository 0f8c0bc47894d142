/**
 * The phone countries fetched without the islands' HTTP client (src/client/countries/phone-country-list.ts): the
 * contract's path and query, what is sent, and a parse that accepts and refuses what the contract's schema does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchPhoneCountryList,
  parsePhoneCountryList,
  PHONE_COUNTRIES_PATH,
} from '../../../../src/client/countries/phone-country-list';
import global from '../../../../src/regions/global';
import { getMfaSmsCountryCodeList, phoneCountryListResponse } from '../../../../src/shared/contract/countries';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../../../src/shared/contract/http';
import { encodeQuery } from '../../../../src/shared/contract/query-case';
import { SCALARS, same } from '../startup/same-as-zod';
import { callAt, fakeFetch, headerOf, json } from '../http/fake-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DE = { countryCode: 'DE', name: 'Deutschland', callingCode: '49' };

describe('the phone countries without the HTTP client', () => {
  it('use the contract endpoint and its query', () => {
    expect(getMfaSmsCountryCodeList).toMatchObject({
      path: PHONE_COUNTRIES_PATH,
      base: 'countryMembership',
      method: 'GET',
    });
    expect(getMfaSmsCountryCodeList.query?.safeParse({ membershipNo: '3', language: 'de_DE' }).success).toBe(true);
  });

  it('ask with the query and headers the client would send, and give the list', async () => {
    const fake = fakeFetch(() => json({ countryCodeList: [DE] }));
    vi.stubGlobal('fetch', fake.fetch);
    vi.stubGlobal('document', { body: { dataset: { locale: 'de', route: 'verify-phone' } } });
    await expect(fetchPhoneCountryList(3, 'de_DE')).resolves.toEqual({ countryCodeList: [DE] });
    const { url, init } = callAt(fake.calls, 0);
    const query = encodeQuery({ membershipNo: 3, language: 'de_DE' }).toString();
    expect(url).toBe(`${global.api.countryMembership}${PHONE_COUNTRIES_PATH}?${query}`);
    expect(headerOf(init, FRONTEND_VERSION_HEADER.toLowerCase())).toBe(FRONTEND_VERSION);
    expect(init.credentials).toBe('include');
  });

  it('give undefined on a refused answer, a failed request or a broken payload', async () => {
    vi.stubGlobal('document', { body: { dataset: { locale: 'de', route: 'verify-phone' } } });
    for (const respond of [
      () => json({ code: '20000' }, 500, { 'x-error-code': '20000' }),
      () => json({ countryCodeList: [{ ...DE, callingCode: '+49' }] }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      vi.stubGlobal('fetch', fakeFetch(respond).fetch);
      await expect(fetchPhoneCountryList(3, 'de_DE')).resolves.toBeUndefined();
    }
  });

  it('parse as the contract does', () => {
    const entries: unknown[] = [
      DE,
      { ...DE, extra: true },
      { ...DE, callingCode: '1' },
      { ...DE, callingCode: '1234' },
      { ...DE, callingCode: '12345' },
      { ...DE, callingCode: '' },
      { ...DE, callingCode: 49 },
      { ...DE, countryCode: 'de' },
      { ...DE, countryCode: 'DEU' },
      { ...DE, name: '' },
      { ...DE, name: null },
      { countryCode: 'DE', name: 'x' },
      ...SCALARS,
    ];
    same(parsePhoneCountryList, phoneCountryListResponse, [
      ...SCALARS,
      ...SCALARS.map((value) => ({ countryCodeList: value })),
      ...entries.map((e) => ({ countryCodeList: [e] })),
      { countryCodeList: [DE, DE], more: 1 },
      { countryCodeList: [DE, , DE] },
    ]);
  });
});
