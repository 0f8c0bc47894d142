/**
 * Region build configuration (spec §1, §5, §7, §9). One file per region build
 * holds plain data; `index.ts` parses every file against this schema at build
 * time, so a typo fails the build rather than a player's sign-in.
 *
 * Uses zod/mini so the same schema may be imported from island code without
 * pulling classic zod into the browser.
 */
import * as z from 'zod/mini';
import { stringRecord } from '../shared/contract/formats';

import { REGION_IDS, type RegionId } from './ids';

export { REGION_IDS, type RegionId };

/** Social and third-party providers the portal knows (spec §1: eight networks, a PC store, a console). */
export const SOCIAL_PROVIDERS = [
  'facebook',
  'google',
  'apple',
  'twitch',
  'discord',
  'twitter',
  'line',
  'kakao',
  'steam',
] as const;
export const CONSOLE_PLATFORMS = ['playstation', 'xbox', 'nintendo', 'IAL'] as const;

const httpsUrl = z.string().check(z.regex(/^https:\/\/[^\s]+$/));
const apiBase = z.string().check(z.regex(/^(\/|https:\/\/)[^\s]*$/));
const domainSuffix = z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/));

export const PRODUCTION_CAPTCHA_PROVIDERS = ['recaptcha', 'turnstile'] as const;
export type ProductionCaptchaProvider = (typeof PRODUCTION_CAPTCHA_PROVIDERS)[number];

/**
 * The captcha of a build (src/regions/captcha.ts). The site-key rules are checked in index.ts, at build
 * time, rather than here: the pages load this schema, and every byte of it counts against their budget.
 */
const captchaSchema = z.strictObject({
  provider: z.enum(['recaptcha', 'turnstile', 'dev']),
  siteKeyV3: z.string(),
  siteKeyV2: z.string(),
});
export type CaptchaConfig = z.infer<typeof captchaSchema>;

export const regionConfigSchema = z.strictObject({
  id: z.enum(REGION_IDS),
  /** Human name shown in the developer region selector. */
  label: z.string(),
  /** Spec §9 membership number; null for the unified region `one`. */
  membershipNo: z.nullable(z.number().check(z.int(), z.positive())),
  /** The unified region uses the [unified/] call variants everywhere. */
  unified: z.boolean(),
  /** Spec §7: every region but `one` adds membershipNo to POST bodies. */
  postBodiesCarryMembershipNo: z.boolean(),
  /** Region code used by content-delivery paths (gamelist.json, notifications.json). */
  contentRegion: z.string(),
  /** Spec §9 content-region rules. */
  contentRules: z.strictObject({
    /** Sub-regions that fix the country, e.g. { ru: 'RU' }. */
    fixedCountryBySubRegion: stringRecord(z.string(), z.string().check(z.regex(/^[A-Z]{2}$/))),
    /** Content region used when the visitor is in Vietnam (sea only). */
    vietnamContentRegion: z.nullable(z.string()),
  }),
  api: z.strictObject({
    account: apiBase,
    selfService: apiBase,
    core: apiBase,
    countryMembership: apiBase,
    accountSetting: apiBase,
    payment: apiBase,
  }),
  /**
   * The backend sets the companions of its flow sessions and the staff session (FLOW_SESSION_HINT_COOKIES of the
   * contract; docs/api.md "Flow sessions"), so the portal asks a page's first call only with its session. The
   * reference API does; a backend that does not says false, and its pages ask as they open (FLOW_SESSION_REFUSALS
   * without the session).
   */
  flowSessionHints: z.boolean(),
  cdnBase: apiBase,
  helpUrl: httpsUrl,
  supportUrl: httpsUrl,
  /** Global opens support through a support-desk login (spec §8, 20100). */
  supportViaDeskLogin: z.boolean(),
  newsletterProductIds: z.array(z.number().check(z.int(), z.positive())),
  socialProviders: z.array(z.enum(SOCIAL_PROVIDERS)),
  consolePlatforms: z.array(z.enum(CONSOLE_PLATFORMS)),
  /** The captcha of this build (src/regions/captcha.ts): the production provider with its site keys, or `dev`. */
  captcha: captchaSchema,
  /** Spec §5: return_url hosts must equal or end with "." + one of these. */
  redirectDomainSuffixes: z.array(domainSuffix).check(z.minLength(1)),
  /** Origins of the launcher and store connector that may frame the embeddable routes (CSP frame-ancestors). */
  embedOrigins: z.array(z.string().check(z.regex(/^https:\/\/(\*\.)?[a-z0-9.-]+$/))),
  /** Footer links: i18n key (under footer.) and target. */
  footerLinks: z.array(z.strictObject({ key: z.string(), href: httpsUrl })),
});

export type RegionConfig = z.infer<typeof regionConfigSchema>;
