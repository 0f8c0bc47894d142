/** Spec §7 "Sign-up and countries": country lists, memberships, calling codes, region products. */
import * as c from '../../shared/contract/countries';
import type { QueryOf } from '../../shared/contract/endpoint';
import { call } from '../http/client';

export const getGlobalCountries = (query: QueryOf<typeof c.getGlobalCountries> = {}) =>
  call(c.getGlobalCountries, { query });
export const getRegionCountries = (query: QueryOf<typeof c.getRegionCountries>) =>
  call(c.getRegionCountries, { query });
export const getMembershipNo = () => call(c.getMembershipNo);
export const getSmsCountryCodeList = (query: QueryOf<typeof c.getSmsCountryCodeList>) =>
  call(c.getSmsCountryCodeList, { query });
export const getMfaSmsCountryCodeList = (query: QueryOf<typeof c.getMfaSmsCountryCodeList>) =>
  call(c.getMfaSmsCountryCodeList, { query });
export const getSmsCountryCode = () => call(c.getSmsCountryCode);
export const getRegionProducts = (membershipNo: number) => call(c.getRegionProducts, { query: { membershipNo } });
