/**
 * Values every region build shares. Region files spread these and override
 * what differs, so a change to a shared value is made once.
 */
import type { RegionConfig } from './schema';

/** The publisher's own API is same-origin by default: the reference API runs as Pages Functions. */
export const sameOriginApi: RegionConfig['api'] = {
  account: '/api/account/v1',
  selfService: '/api/self-service/v1.0',
  core: '/api',
  countryMembership: '/api/country-membership/v1',
  accountSetting: '/api/account-setting/v1.0',
  payment: '/api/payment/v1',
};

/**
 * Spec §5: the publisher's domains, its support domain, its in-house io
 * domain, a streaming service, a chat service, a search-engine account site,
 * a social network, an Apple ID site and a microblogging service.
 */
export const baseRedirectSuffixes = [
  'lumenforge.com',
  'support.lumenforge.com',
  'lumenforge.io',
  'twitch.tv',
  'discord.com',
  'accounts.google.com',
  'facebook.com',
  'appleid.apple.com',
  'x.com',
];

export const noContentRules: RegionConfig['contentRules'] = {
  fixedCountryBySubRegion: {},
  vietnamContentRegion: null,
};

/** The launcher and store connector are served from the publisher's launcher host. */
export const launcherOrigins = ['https://launcher.lumenforge.com', 'https://connect.lumenforge.com'];
