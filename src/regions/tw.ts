import type { RegionConfig } from './schema';
import { regionCaptcha } from './captcha';
import { baseRedirectSuffixes, launcherOrigins, noContentRules, sameOriginApi } from './shared';

const tw: RegionConfig = {
  id: 'tw',
  label: 'Taiwan',
  membershipNo: 4,
  unified: false,
  postBodiesCarryMembershipNo: true,
  contentRegion: 'tw',
  contentRules: noContentRules,
  api: sameOriginApi,
  flowSessionHints: true,
  cdnBase: '/account/cdn',
  helpUrl: 'https://help-tw.lumenforge.com/zh-tw',
  supportUrl: 'https://help-tw.lumenforge.com/zh-tw/contact',
  supportViaDeskLogin: false,
  // Spec §9: tw 50220, 59767, 50202 plus some of the shared ones.
  newsletterProductIds: [50220, 59767, 50202, 59789, 59750, 59749],
  socialProviders: ['facebook', 'google', 'apple', 'line'],
  consolePlatforms: ['playstation'],
  captcha: regionCaptcha('recaptcha'),
  redirectDomainSuffixes: [...baseRedirectSuffixes, 'lumenforge.com.tw'],
  embedOrigins: launcherOrigins,
  footerLinks: [
    { key: 'privacy', href: 'https://www.lumenforge.com.tw/legal/privacy' },
    { key: 'terms', href: 'https://www.lumenforge.com.tw/legal/terms' },
    { key: 'support', href: 'https://help-tw.lumenforge.com/zh-tw' },
  ],
};
export default tw;
