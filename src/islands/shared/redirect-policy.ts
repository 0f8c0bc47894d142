/** The redirect allow-list policy of this build's region, with the page's own origin (spec §5). */
import region from '@region';
import type { RedirectPolicy } from '../../shared/redirect';

export function redirectPolicy(): RedirectPolicy {
  return { suffixes: region.redirectDomainSuffixes, origin: location.origin };
}
