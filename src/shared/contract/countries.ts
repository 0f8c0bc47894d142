/**
 * Countries and memberships (spec §7 "Sign-up and countries", §3 Country).
 * Country lists and membership lookups live on the country-membership API;
 * region products on the core API.
 */
import * as z from 'zod/mini';
import { countryCode, membershipNo, queryInt, serverLanguage } from './common';
import { endpoint } from './endpoint';
import { stringRecord } from './formats';

/** Query of the country lists: the visitor's language (spec §9 server locale code) picks the names. */
const languageQuery = { language: z.optional(serverLanguage) };
const membershipQuery = { membershipNo: queryInt.check(z.positive()), ...languageQuery };

export const countryEntry = z.object({ countryCode, name: z.string() });
export type CountryEntry = z.infer<typeof countryEntry>;

/** Spec §3: a country list comes back as countryList plus countryCode (the visitor's country, when known). */
export const countryListResponse = z.object({
  countryList: z.array(countryEntry),
  countryCode: z.nullable(countryCode),
});

/** A country with its international calling code (digits, no plus sign), for phone number entry. */
export const phoneCountryEntry = z.object({
  countryCode,
  name: z.string(),
  callingCode: z.string().check(z.regex(/^\d{1,4}$/)),
});
export const phoneCountryListResponse = z.object({ countryCodeList: z.array(phoneCountryEntry) });

export const getGlobalCountries = endpoint({
  id: 'getGlobalCountries',
  base: 'countryMembership',
  method: 'GET',
  path: '/no-auth/global-countries',
  query: z.object(languageQuery),
  response: countryListResponse,
  auth: false,
  timeoutMs: 10_000,
  summary: 'Every ISO 3166 country with its name in the visitor language, and the visitor country.',
});

export const getRegionCountries = endpoint({
  id: 'getRegionCountries',
  base: 'countryMembership',
  method: 'GET',
  path: '/no-auth/region-countries',
  query: z.object(membershipQuery),
  response: countryListResponse,
  auth: false,
  timeoutMs: 10_000,
  summary: 'The countries served by one membership (region), with names in the visitor language.',
});

export const membershipResponse = z.object({
  /** The membership serving the visitor's country; null when the country is not known. */
  membershipNo: z.nullable(membershipNo),
  countryCode: z.nullable(countryCode),
  /** Spec §9: sea with Vietnam uses the vietnam content region. */
  isVietnam: z.boolean(),
});

export const getMembershipNo = endpoint({
  id: 'getMembershipNo',
  base: 'countryMembership',
  method: 'GET',
  path: '/no-auth/membership-no',
  response: membershipResponse,
  auth: false,
  timeoutMs: 10_000,
  summary: 'The membership number for the visitor country (from the edge), and whether it is Vietnam.',
});

export const getSmsCountryCodeList = endpoint({
  id: 'getSmsCountryCodeList',
  base: 'countryMembership',
  method: 'GET',
  path: '/no-auth/sms/country-code-list',
  query: z.object(membershipQuery),
  response: phoneCountryListResponse,
  auth: false,
  timeoutMs: 10_000,
  summary: 'Countries whose numbers may subscribe to SMS news (spec §5: US and Canada only).',
});

export const getMfaSmsCountryCodeList = endpoint({
  id: 'getMfaSmsCountryCodeList',
  base: 'countryMembership',
  method: 'GET',
  path: '/no-auth/mfa/sms/country-code-list',
  query: z.object(membershipQuery),
  response: phoneCountryListResponse,
  auth: false,
  timeoutMs: 10_000,
  summary: 'Countries of the membership whose phone numbers can receive verification codes, with calling codes.',
});

/** Spec §7: countryCode comes back as an object; when it has exactly one key the client stores that key. */
export const smsCountryCodeResponse = z.object({
  countryCode: stringRecord(countryCode, z.string().check(z.regex(/^\d{1,4}$/))),
});

export const getSmsCountryCode = endpoint({
  id: 'getSmsCountryCode',
  base: 'countryMembership',
  method: 'GET',
  path: '/sms/country-code',
  response: smsCountryCodeResponse,
  auth: false,
  timeoutMs: 10_000,
  summary: 'The visitor country and its calling code ({} when the country is not known).',
});

export const regionProductsResponse = z.object({
  membershipNo,
  /** Spec §9: the region's newsletter product ids. */
  productIds: z.array(z.number().check(z.int(), z.positive())),
});

export const getRegionProducts = endpoint({
  id: 'getRegionProducts',
  base: 'core',
  method: 'GET',
  path: '/game-product/no-auth/v1/region-products',
  query: z.object({ membershipNo: queryInt.check(z.positive()) }),
  response: regionProductsResponse,
  auth: false,
  summary: 'The newsletter product ids offered in a membership region.',
});

export const COUNTRY_ENDPOINTS = [
  getGlobalCountries,
  getRegionCountries,
  getMembershipNo,
  getSmsCountryCodeList,
  getMfaSmsCountryCodeList,
  getSmsCountryCode,
  getRegionProducts,
] as const;
