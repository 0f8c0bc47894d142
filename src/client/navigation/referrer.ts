/**
 * Trusted referrers (spec §2): with no return_url, a referrer from the
 * publisher's or its support desk's domains, outside the account area,
 * becomes return_url — so a player who clicked "Sign in" on a news page goes
 * back there.
 */
import type { RegionConfig } from '../../regions/schema';
import { ACCOUNT_BASE } from '../../routes/paths';
import { checkRedirect, hostMatchesSuffix } from '../../shared/redirect';

/**
 * The publisher's own domains among the allow-list: the suffixes under which
 * the region's own sites live (help, support, footer links, launcher). The
 * third-party sign-in sites also on the allow-list (streaming, chat, search,
 * social, Apple ID, microblogging) are never trusted referrers.
 */
export function publisherSuffixes(
  region: Pick<RegionConfig, 'redirectDomainSuffixes' | 'helpUrl' | 'supportUrl' | 'footerLinks' | 'embedOrigins'>,
): string[] {
  const ownHosts = [
    region.helpUrl,
    region.supportUrl,
    ...region.footerLinks.map((l) => l.href),
    ...region.embedOrigins,
  ].map((href) => new URL(href.replace('://*.', '://')).hostname);
  return region.redirectDomainSuffixes.filter((suffix) => ownHosts.some((host) => hostMatchesSuffix(host, [suffix])));
}

export interface ReferrerContext {
  readonly query: URLSearchParams;
  /** document.referrer ("" when none). */
  readonly referrer: string;
  /** The portal's own origin: referrers from it are inside the account area. */
  readonly origin: string;
  readonly trustedSuffixes: readonly string[];
}

/** The referrer to use as return_url, or undefined (a return_url exists, no referrer, untrusted, or account area). */
export function referrerReturnUrl(ctx: ReferrerContext): string | undefined {
  if (ctx.query.has('return_url') || ctx.referrer === '') return undefined;
  let url: URL;
  try {
    url = new URL(ctx.referrer);
  } catch {
    return undefined;
  }
  if (url.origin === ctx.origin) return undefined;
  if (url.pathname === ACCOUNT_BASE || url.pathname.startsWith(`${ACCOUNT_BASE}/`)) return undefined;
  if (!hostMatchesSuffix(url.hostname, ctx.trustedSuffixes)) return undefined;
  return checkRedirect(ctx.referrer, { suffixes: ctx.trustedSuffixes });
}
