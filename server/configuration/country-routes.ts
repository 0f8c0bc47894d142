/** Countries and memberships (spec §7 "Sign-up and countries"). */
import type { Hono } from 'hono';
import {
  getGlobalCountries,
  getMembershipNo,
  getMfaSmsCountryCodeList,
  getRegionCountries,
  getRegionProducts,
  getSmsCountryCode,
  getSmsCountryCodeList,
  type CountryEntry,
} from '../../src/shared/contract/countries';
import { htmlLang } from '../../src/i18n/locales';
import { regions, type RegionId } from '../../src/regions/index';
import {
  callingCode,
  COUNTRY_CODES,
  countriesOfRegion,
  countryName,
  localeOfLanguage,
  membershipOfCountry,
  regionOfMembership,
  SMS_SIGNUP_COUNTRIES,
  visitorCountry,
} from '../core/reference/countries';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';

function entries(codes: readonly string[], language: string | undefined): CountryEntry[] {
  const locale = localeOfLanguage(language);
  const collator = new Intl.Collator(htmlLang(locale));
  return codes
    .map((countryCode) => ({ countryCode, name: countryName(countryCode, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

function phoneEntries(codes: readonly string[], language: string | undefined) {
  return entries(codes, language).flatMap((e) => {
    const code = callingCode(e.countryCode);
    return code === null ? [] : [{ ...e, callingCode: code }];
  });
}

function regionFor(membershipNo: number): RegionId {
  const id = regionOfMembership(membershipNo);
  if (id === null) throw badInput(`Unknown membership number ${membershipNo}`);
  return id;
}

export function countryRoutes(app: Hono<AppEnv>): void {
  mount(app, getGlobalCountries, (c, { query }) =>
    Promise.resolve({
      countryList: entries(COUNTRY_CODES, query.language),
      countryCode: visitorCountry(c.req.raw, settingsOf(c.env).devTools),
    }),
  );

  mount(app, getRegionCountries, (c, { query }) =>
    Promise.resolve({
      countryList: entries(countriesOfRegion(regionFor(query.membershipNo)), query.language),
      countryCode: visitorCountry(c.req.raw, settingsOf(c.env).devTools),
    }),
  );

  mount(app, getMembershipNo, (c) => {
    const countryCode = visitorCountry(c.req.raw, settingsOf(c.env).devTools);
    return Promise.resolve({
      countryCode,
      membershipNo: countryCode === null ? null : membershipOfCountry(countryCode),
      isVietnam: countryCode === 'VN',
    });
  });

  mount(app, getSmsCountryCodeList, (_c, { query }) => {
    regionFor(query.membershipNo);
    return Promise.resolve({ countryCodeList: phoneEntries(SMS_SIGNUP_COUNTRIES, query.language) });
  });

  mount(app, getMfaSmsCountryCodeList, (_c, { query }) =>
    Promise.resolve({
      countryCodeList: phoneEntries(countriesOfRegion(regionFor(query.membershipNo)), query.language),
    }),
  );

  mount(app, getSmsCountryCode, (c) => {
    const country = visitorCountry(c.req.raw, settingsOf(c.env).devTools);
    const code = country === null ? null : callingCode(country);
    return Promise.resolve({ countryCode: country !== null && code !== null ? { [country]: code } : {} });
  });

  mount(app, getRegionProducts, (_c, { query }) => {
    const region = regions[regionFor(query.membershipNo)];
    return Promise.resolve({ membershipNo: query.membershipNo, productIds: region.newsletterProductIds });
  });
}
