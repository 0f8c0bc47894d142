/** Countries and memberships (spec §7 "Sign-up and countries") against workerd. */
import { describe, expect, it } from 'vitest';
import { Browser } from './client';

const CM = '/api/country-membership/v1';
type Entry = { countryCode: string; name: string; callingCode?: string };
const codes = (list: Entry[]) => list.map((e) => e.countryCode).sort();

describe('global-countries', () => {
  it('lists every ISO 3166 country with names in the requested language', async () => {
    const r = await new Browser().get(`${CM}/no-auth/global-countries?language=de_DE`, {
      headers: { 'CF-IPCountry': 'DE' },
    });
    expect(r.status).toBe(200);
    const body = r.json as { countryList: Entry[]; countryCode: string | null };
    // ISO 3166-1 has 249 codes; the package also lists XK (Kosovo, user-assigned but in common use).
    expect(body.countryList.length).toBeGreaterThanOrEqual(249);
    expect(new Set(body.countryList.map((e) => e.countryCode)).size).toBe(body.countryList.length);
    expect(body.countryCode).toBe('DE');
    expect(body.countryList.find((e) => e.countryCode === 'DE')?.name).toBe('Deutschland');
  });

  it('uses Traditional Chinese (Taiwan) for zh_TW and sorts by name', async () => {
    const r = await new Browser().get(`${CM}/no-auth/global-countries?language=zh_TW`);
    const list = (r.json as { countryList: Entry[] }).countryList;
    expect(list.find((e) => e.countryCode === 'TW')?.name).toBe('台灣');
    const en = await new Browser().get(`${CM}/no-auth/global-countries`);
    const names = (en.json as { countryList: Entry[] }).countryList.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).toContain('United States');
  });

  it('refuses a language that is not a server locale code', async () => {
    expect((await new Browser().get(`${CM}/no-auth/global-countries?language=english`)).code).toBe('20022');
  });
});

describe('region-countries', () => {
  it('lists the countries of a membership', async () => {
    const tw = await new Browser().get(`${CM}/no-auth/region-countries?membership_no=4`);
    expect(codes((tw.json as { countryList: Entry[] }).countryList)).toEqual(['HK', 'MO', 'TW']);
    const th = await new Browser().get(`${CM}/no-auth/region-countries?membership_no=3&language=th_TH`);
    expect((th.json as { countryList: Entry[] }).countryList).toEqual([{ countryCode: 'TH', name: 'ไทย' }]);
    const global = await new Browser().get(`${CM}/no-auth/region-countries?membership_no=1`);
    const g = codes((global.json as { countryList: Entry[] }).countryList);
    expect(g).toContain('US');
    expect(g).not.toContain('TH');
    expect(g).not.toContain('JP');
  });

  it('refuses an unknown or missing membership number', async () => {
    expect((await new Browser().get(`${CM}/no-auth/region-countries?membership_no=2`)).code).toBe('20022');
    expect((await new Browser().get(`${CM}/no-auth/region-countries`)).code).toBe('20022');
  });
});

describe('membership-no', () => {
  it.each([
    ['VN', 5, true],
    ['SG', 5, false],
    ['JP', 6, false],
    ['TH', 3, false],
    ['HK', 4, false],
    ['FR', 1, false],
  ])('%s → membership %i', async (country, membershipNo, isVietnam) => {
    const r = await new Browser().get(`${CM}/no-auth/membership-no`, { headers: { 'CF-IPCountry': country } });
    expect(r.json).toEqual({ countryCode: country, membershipNo, isVietnam });
  });
});

describe('SMS country codes', () => {
  it('SMS sign-up offers the US and Canada only, with calling codes', async () => {
    const r = await new Browser().get(`${CM}/no-auth/sms/country-code-list?membership_no=1`);
    expect((r.json as { countryCodeList: Entry[] }).countryCodeList).toEqual([
      { countryCode: 'CA', name: 'Canada', callingCode: '1' },
      { countryCode: 'US', name: 'United States', callingCode: '1' },
    ]);
  });

  it('MFA SMS lists the membership countries with calling codes', async () => {
    const r = await new Browser().get(`${CM}/no-auth/mfa/sms/country-code-list?membership_no=5`);
    const list = (r.json as { countryCodeList: Entry[] }).countryCodeList;
    expect(list.find((e) => e.countryCode === 'VN')?.callingCode).toBe('84');
    expect(list.find((e) => e.countryCode === 'SG')?.callingCode).toBe('65');
    expect(list.every((e) => /^\d{1,4}$/.test(e.callingCode ?? ''))).toBe(true);
  });

  it('sms/country-code gives the visitor country as a one-key object', async () => {
    const r = await new Browser().get(`${CM}/sms/country-code`, { headers: { 'CF-IPCountry': 'KR' } });
    expect(r.json).toEqual({ countryCode: { KR: '82' } });
  });
});

describe('region-products', () => {
  it('lists the newsletter products of the membership region', async () => {
    const r = await new Browser().get('/api/game-product/no-auth/v1/region-products?membership_no=3');
    expect(r.json).toEqual({ membershipNo: 3, productIds: [59789, 59754, 59752, 59750, 59749] });
  });
});
