/** Spec §9: whether a sea visitor is in Vietnam decides the content region; loaded only where a region has that rule. */
import region from '@region';
import { getMembershipNo } from '../../shared/contract/countries';
import { call } from '../http/client';
import { $country } from '../stores/country';
import { contentRegionFor } from './rules';

export async function resolveContentRegion(): Promise<string> {
  try {
    const membership = await call(getMembershipNo);
    $country.setKey('isVietnam', membership.isVietnam);
    return contentRegionFor(region, membership.isVietnam);
  } catch {
    return region.contentRegion;
  }
}
