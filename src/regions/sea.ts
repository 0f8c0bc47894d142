import type { RegionConfig } from './schema';
import { regionCaptcha } from './captcha';
import { baseRedirectSuffixes, launcherOrigins, sameOriginApi } from './shared';

const sea: RegionConfig = {
  id: 'sea',
  label: 'Southeast Asia',
  membershipNo: 5,
  unified: false,
  postBodiesCarryMembershipNo: true,
  contentRegion: 'sea',
  // Spec §9: sea with Vietnam uses the vietnam content region.
  contentRules: { fixedCountryBySubRegion: {}, vietnamContentRegion: 'vietnam' },
  api: sameOriginApi,
  flowSessionHints: true,
  cdnBase: '/account/cdn',
  helpUrl: 'https://help-sea.lumenforge.com/en',
  supportUrl: 'https://help-sea.lumenforge.com/en/contact',
  supportViaDeskLogin: false,
  newsletterProductIds: [59789, 59754, 59752, 59750, 59749],
  socialProviders: ['facebook', 'google', 'apple'],
  consolePlatforms: ['playstation'],
  captcha: regionCaptcha('recaptcha'),
  redirectDomainSuffixes: [...baseRedirectSuffixes, 'lumenforge-sea.com'],
  embedOrigins: launcherOrigins,
  footerLinks: [
    { key: 'privacy', href: 'https://www.lumenforge-sea.com/legal/privacy' },
    { key: 'terms', href: 'https://www.lumenforge-sea.com/legal/terms' },
    { key: 'support', href: 'https://help-sea.lumenforge.com/en' },
  ],
};
export default sea;
