/**
 * Country data of the reference API: the ISO 3166-1 country list from
 * i18n-iso-countries, names in the visitor's locale from CLDR (the runtime's
 * Intl.DisplayNames; see countryName), calling codes from libphonenumber-js,
 * and which membership (region) serves which country.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { htmlLang, isLocale, type Locale } from '../../../src/i18n/locales';
import { regions, type RegionId } from '../../../src/regions/index';

countries.registerLocale(en);

/** Every ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();

/**
 * Countries served by each regional membership (spec §9); every other country
 * belongs to global. The unified region `one` has no membership of its own.
 */
const REGIONAL_COUNTRIES: Partial<Record<RegionId, readonly string[]>> = {
  th: ['TH'],
  tw: ['TW', 'HK', 'MO'],
  sea: ['SG', 'MY', 'PH', 'ID', 'VN', 'BN', 'KH', 'LA', 'MM', 'TL'],
  japan: ['JP'],
};

const REGION_BY_COUNTRY = new Map<string, RegionId>();
for (const [id, list] of Object.entries(REGIONAL_COUNTRIES) as [RegionId, readonly string[]][]) {
  for (const code of list) REGION_BY_COUNTRY.set(code, id);
}

/** The region id serving a membership number, from the region configs. */
export function regionOfMembership(membershipNo: number): RegionId | null {
  for (const region of Object.values(regions)) if (region.membershipNo === membershipNo) return region.id;
  return null;
}

export function membershipOfCountry(countryCode: string): number | null {
  return regions[REGION_BY_COUNTRY.get(countryCode) ?? 'global'].membershipNo;
}

export function countriesOfRegion(id: RegionId): readonly string[] {
  if (id === 'one') return COUNTRY_CODES;
  if (id === 'global') return COUNTRY_CODES.filter((code) => !REGION_BY_COUNTRY.has(code));
  return REGIONAL_COUNTRIES[id] ?? [];
}

/** `en_US`, `zh_TW`, `es_419` (spec §9 server codes) or undefined → an interface locale. */
export function localeOfLanguage(language: string | undefined): Locale {
  const two = language?.slice(0, 2);
  return isLocale(two) ? two : 'en';
}

const displayNames = new Map<Locale, Intl.DisplayNames>();

/**
 * A country's name in a locale, from CLDR through Intl.DisplayNames (workerd
 * and Node ship full ICU). Not from i18n-iso-countries' own name lists: they
 * have only Simplified Chinese while the portal's zh is Traditional Chinese
 * (Taiwan), and their English names are official forms ("Taiwan, Province of
 * China", "United States of America") where CLDR has the everyday ones.
 * Its English list is the fallback for a code CLDR does not name.
 */
export function countryName(code: string, locale: Locale): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([htmlLang(locale)], { type: 'region', fallback: 'none' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? countries.getName(code, 'en') ?? code;
}

export function callingCode(code: string): string | null {
  return isSupportedCountry(code) ? getCountryCallingCode(code) : null;
}

/** Spec §5: SMS sign-up requires a US or Canada number. */
export const SMS_SIGNUP_COUNTRIES = ['US', 'CA'] as const;

/**
 * The visitor's country from the edge (Cloudflare's IP geolocation,
 * `request.cf.country`, else the CF-IPCountry header), or null when unknown.
 * With DEV_TOOLS the header comes first: local workerd has only a placeholder
 * `cf` object, and the header lets a developer or a test pick the country.
 */
export function visitorCountry(request: Request, devTools: boolean): string | null {
  const cf = (request as Request & { cf?: { country?: unknown } }).cf;
  const header = request.headers.get('CF-IPCountry');
  const candidates = devTools ? [header, cf?.country] : [cf?.country, header];
  for (const value of candidates) {
    // XX: unknown; T1: Tor exit node.
    if (typeof value === 'string' && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  return null;
}
