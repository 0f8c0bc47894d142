/**
 * The social and third-party providers as the screens show them (spec §1). Brand names are not translated
 * (every locale writes them as the provider does), so they live here rather than in the catalogues.
 */
import type { SOCIAL_PROVIDERS } from '../../regions/schema';
import { ACCOUNT_BASE } from '../../routes/paths';

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PROVIDER_NAMES: Readonly<Record<SocialProvider, string>> = {
  facebook: 'Facebook',
  google: 'Google',
  apple: 'Apple',
  twitch: 'Twitch',
  discord: 'Discord',
  twitter: 'X',
  line: 'LINE',
  kakao: 'Kakao',
  steam: 'Steam',
};

/**
 * Where a provider's brand mark is (src/pages/account/brands/, written at build time by src/build/brand-marks.ts):
 * an image file, so the buttons carry no mark in their HTML or script.
 */
export function brandMarkHref(provider: SocialProvider): string {
  return `${ACCOUNT_BASE}/brands/${provider}.svg`;
}

/**
 * Providers whose sign-in opens in a popup (spec §2 "An Apple-style callback in a popup redirects the opener and
 * closes the popup"): the page stays behind it, and the callback sends the opener on.
 */
export const POPUP_PROVIDERS: ReadonlySet<SocialProvider> = new Set(['apple']);

/** Every provider the portal knows (the schema's list, without loading the schema, which pulls in zod). */
export const KNOWN_PROVIDERS = Object.keys(PROVIDER_NAMES) as readonly SocialProvider[];

export function isSocialProvider(value: string | undefined, known: readonly SocialProvider[]): value is SocialProvider {
  return value !== undefined && (known as readonly string[]).includes(value);
}
