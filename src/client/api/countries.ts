/** Spec §7 "Sign-up and countries": country lists, memberships, calling codes, region products. */
import type * as c from '../../shared/contract/countries';
import type { QueryOf } from '../../shared/contract/endpoint';
import { onDemand } from './on-demand';

const call = onDemand(() => import('../../shared/contract/countries'));

export const getGlobalCountries = (query: QueryOf<typeof c.getGlobalCountries> = {}) =>
  call('getGlobalCountries', { query });
export const getRegionCountries = (query: QueryOf<typeof c.getRegionCountries>) =>
  call('getRegionCountries', { query });
export const getMembershipNo = () => call('getMembershipNo');
export const getSmsCountryCodeList = (query: QueryOf<typeof c.getSmsCountryCodeList>) =>
  call('getSmsCountryCodeList', { query });
export const getMfaSmsCountryCodeList = (query: QueryOf<typeof c.getMfaSmsCountryCodeList>) =>
  call('getMfaSmsCountryCodeList', { query });
export const getSmsCountryCode = () => call('getSmsCountryCode');
export const getRegionProducts = (membershipNo: number) => call('getRegionProducts', { query: { membershipNo } });
