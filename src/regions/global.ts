import type { RegionConfig } from './schema';
import { regionCaptcha } from './captcha';
import { baseRedirectSuffixes, launcherOrigins, sameOriginApi } from './shared';

const global: RegionConfig = {
  id: 'global',
  label: 'Global',
  membershipNo: 1,
  unified: false,
  postBodiesCarryMembershipNo: true,
  contentRegion: 'global',
  contentRules: { fixedCountryBySubRegion: { ru: 'RU' }, vietnamContentRegion: null },
  api: sameOriginApi,
  flowSessionHints: true,
  cdnBase: '/account/cdn',
  helpUrl: 'https://support.lumenforge.com/hc',
  supportUrl: 'https://support.lumenforge.com/hc/requests/new',
  supportViaDeskLogin: true,
  newsletterProductIds: [10100, 10200, 10300, 59794, 59789, 59754, 59752, 59750, 59759, 59749],
  socialProviders: ['facebook', 'google', 'apple', 'twitch', 'discord', 'twitter', 'steam'],
  consolePlatforms: ['playstation', 'xbox', 'nintendo', 'IAL'],
  captcha: regionCaptcha('recaptcha'),
  redirectDomainSuffixes: baseRedirectSuffixes,
  embedOrigins: launcherOrigins,
  footerLinks: [
    { key: 'privacy', href: 'https://www.lumenforge.com/legal/privacy' },
    { key: 'terms', href: 'https://www.lumenforge.com/legal/terms' },
    { key: 'support', href: 'https://support.lumenforge.com/hc' },
  ],
};
export default global;
