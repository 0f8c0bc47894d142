/**
 * The country list of the country select (spec §7 "Sign-up and countries"), fetched without the islands' HTTP
 * client: create, healup and the parent's add-child sign-up need it at mount, before the player does anything,
 * and the client would bring zod, the contract and the error handling with it (the `calls` file, about 29 KB br,
 * and the files it imports; tests/e2e/loaded-budget.spec.ts counts what the browser loads before interaction). A
 * failure is undefined: the select offers a retry. Checked again with the action path warmed at idle (issue 25,
 * src/islands/shared/warm-path.ts): the list is needed at mount, before the warm-up, so through the client create
 * would load the `calls` file (33.3 KB br, global build) before interaction, on top of its 74.7 KB br: over the
 * 75 KB budget.
 *
 * The paths are the contract's getGlobalCountries and getRegionCountries (src/shared/contract/countries.ts),
 * spelled here because importing the endpoints would import their schemas;
 * tests/unit/client/countries/country-list.test.ts holds them equal and the parse to the contract's.
 */
import region from '@region';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../shared/contract/http';
import { encodeQuery } from '../../shared/contract/query-case';
import type { CountryEntry } from '../../shared/contract/countries';
import { getJson } from '../startup/api';

export const GLOBAL_COUNTRIES_PATH = '/no-auth/global-countries';
export const REGION_COUNTRIES_PATH = '/no-auth/region-countries';

export interface CountryList {
  countryList: CountryEntry[];
  /** The visitor's country, when the API knows it. */
  countryCode: string | null;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

function isEntry(value: unknown): value is CountryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry['countryCode'] === 'string' &&
    COUNTRY_CODE.test(entry['countryCode']) &&
    typeof entry['name'] === 'string'
  );
}

/** The contract's countryListResponse, checked without zod; extra fields are dropped as zod drops them. */
export function parseCountryList(value: unknown): CountryList | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  const list = body['countryList'];
  const visitor = body['countryCode'];
  if (!Array.isArray(list) || !list.every(isEntry)) return undefined;
  if (visitor !== null && !(typeof visitor === 'string' && COUNTRY_CODE.test(visitor))) return undefined;
  return {
    countryList: list.map((c) => ({ countryCode: c.countryCode, name: c.name })),
    countryCode: visitor,
  };
}

/** The URL of the region's list (every country in the unified region, which has no membership number). */
export function countryListUrl(language: string): string {
  const query =
    region.membershipNo === null
      ? { path: GLOBAL_COUNTRIES_PATH, params: encodeQuery({ language }) }
      : { path: REGION_COUNTRIES_PATH, params: encodeQuery({ membershipNo: region.membershipNo, language }) };
  return `${region.api.countryMembership}${query.path}?${query.params.toString()}`;
}

/** GET the list in the page's language; undefined on any failure. */
export function fetchCountryList(language: string): Promise<CountryList | undefined> {
  return getJson(countryListUrl(language), parseCountryList, {
    headers: { [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION },
    credentials: 'include',
  });
}
