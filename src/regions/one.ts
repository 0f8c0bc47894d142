import type { RegionConfig } from './schema';
import { regionCaptcha } from './captcha';
import { baseRedirectSuffixes, launcherOrigins, noContentRules, sameOriginApi } from './shared';

/** The unified region: no membership number, unified call variants, no membershipNo in POST bodies. */
const one: RegionConfig = {
  id: 'one',
  label: 'One (unified)',
  membershipNo: null,
  unified: true,
  postBodiesCarryMembershipNo: false,
  contentRegion: 'one',
  contentRules: noContentRules,
  api: sameOriginApi,
  flowSessionHints: true,
  cdnBase: '/account/cdn',
  helpUrl: 'https://one-help.lumenforge.com/hc',
  supportUrl: 'https://one-help.lumenforge.com/hc/requests/new',
  supportViaDeskLogin: false,
  newsletterProductIds: [59789, 59750, 59749],
  socialProviders: ['google', 'apple', 'discord', 'steam'],
  consolePlatforms: ['playstation', 'xbox'],
  captcha: regionCaptcha('recaptcha'),
  redirectDomainSuffixes: [...baseRedirectSuffixes, 'lumenforge-one.com'],
  embedOrigins: launcherOrigins,
  footerLinks: [
    { key: 'privacy', href: 'https://one.lumenforge.com/legal/privacy' },
    { key: 'terms', href: 'https://one.lumenforge.com/legal/terms' },
    { key: 'support', href: 'https://one-help.lumenforge.com/hc' },
  ],
};
export default one;
