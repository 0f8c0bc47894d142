/**
 * Where "Contact Support" goes (spec §8, 20100): the support-desk login on
 * global (region.supportViaDeskLogin), else the region's help URL. In app
 * mode an external page opens in the system browser through the launcher.
 */
import region from '@region';
import type { RegionConfig } from '../../regions/schema';
import { hostOpenExternalLink, isAppMode } from '../host/launcher-bridge';
import { hrefTo } from '../navigation/browser';
import * as routes from '../../routes/refs';

export type SupportTarget = { readonly kind: 'desk-login' } | { readonly kind: 'external'; readonly url: string };

export function supportTarget(r: Pick<RegionConfig, 'supportViaDeskLogin' | 'helpUrl'>): SupportTarget {
  return r.supportViaDeskLogin ? { kind: 'desk-login' } : { kind: 'external', url: r.helpUrl };
}

export function contactSupport(): void {
  const target = supportTarget(region);
  if (target.kind === 'desk-login') {
    location.assign(hrefTo(routes.loginZendesk));
    return;
  }
  if (isAppMode() && hostOpenExternalLink(target.url)) return;
  window.open(target.url, '_blank', 'noopener');
}

/** The general error's support link (spec §8: only on the general message). */
export function supportUrl(): string {
  return region.supportUrl;
}
