import type { RegionConfig } from './schema';
import { regionCaptcha } from './captcha';
import { baseRedirectSuffixes, launcherOrigins, noContentRules, sameOriginApi } from './shared';

/** The spec's region list also names `jp`: it is this build's content-region code (see docs/regions.md). */
const japan: RegionConfig = {
  id: 'japan',
  label: 'Japan',
  membershipNo: 6,
  unified: false,
  postBodiesCarryMembershipNo: true,
  contentRegion: 'jp',
  contentRules: noContentRules,
  api: sameOriginApi,
  flowSessionHints: true,
  cdnBase: '/account/cdn',
  helpUrl: 'https://help-jp.lumenforge.com/ja',
  supportUrl: 'https://help-jp.lumenforge.com/ja/contact',
  supportViaDeskLogin: false,
  newsletterProductIds: [59789, 59750, 59749],
  socialProviders: ['google', 'apple', 'twitter', 'line'],
  consolePlatforms: ['playstation', 'nintendo'],
  captcha: regionCaptcha('recaptcha'),
  redirectDomainSuffixes: [...baseRedirectSuffixes, 'lumenforge.co.jp'],
  embedOrigins: launcherOrigins,
  footerLinks: [
    { key: 'privacy', href: 'https://www.lumenforge.co.jp/legal/privacy' },
    { key: 'terms', href: 'https://www.lumenforge.co.jp/legal/terms' },
    { key: 'support', href: 'https://help-jp.lumenforge.com/ja' },
  ],
};
export default japan;
