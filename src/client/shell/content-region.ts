/** Spec §9: whether a sea visitor is in Vietnam decides the content region; loaded only where a region has that rule. */
import region from '@region';
import { getMembershipNo } from '../../shared/contract/countries';
import { call } from '../http/client';
import { $country } from '../stores/country';
import type { RegionConfig } from '../../regions/schema';

export async function resolveContentRegion(): Promise<string> {
  try {
    const membership = await call(getMembershipNo);
    $country.setKey('isVietnam', membership.isVietnam);
    return contentRegionFor(region, membership.isVietnam);
  } catch {
    return region.contentRegion;
  }
}

/** Spec §9: the content region of this build; sea with a visitor in Vietnam uses the vietnam content region. */
export function contentRegionFor(r: Pick<RegionConfig, 'contentRegion' | 'contentRules'>, isVietnam: boolean): string {
  return isVietnam && r.contentRules.vietnamContentRegion !== null
    ? r.contentRules.vietnamContentRegion
    : r.contentRegion;
}
