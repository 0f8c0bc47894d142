import type { RegionConfig } from './schema';
import { regionCaptcha } from './captcha';
import { baseRedirectSuffixes, launcherOrigins, noContentRules, sameOriginApi } from './shared';

const th: RegionConfig = {
  id: 'th',
  label: 'Thailand',
  membershipNo: 3,
  unified: false,
  postBodiesCarryMembershipNo: true,
  contentRegion: 'th',
  contentRules: noContentRules,
  api: sameOriginApi,
  flowSessionHints: true,
  cdnBase: '/account/cdn',
  helpUrl: 'https://help-th.lumenforge.com/th',
  supportUrl: 'https://help-th.lumenforge.com/th/contact',
  supportViaDeskLogin: false,
  newsletterProductIds: [59789, 59754, 59752, 59750, 59749],
  socialProviders: ['facebook', 'google', 'apple', 'line'],
  consolePlatforms: ['playstation'],
  captcha: regionCaptcha('recaptcha'),
  redirectDomainSuffixes: [...baseRedirectSuffixes, 'lumenforge.co.th'],
  embedOrigins: launcherOrigins,
  footerLinks: [
    { key: 'privacy', href: 'https://www.lumenforge.co.th/legal/privacy' },
    { key: 'terms', href: 'https://www.lumenforge.co.th/legal/terms' },
    { key: 'support', href: 'https://help-th.lumenforge.com/th' },
  ],
};
export default th;
