/**
 * The provider buttons' brand marks (issue 25 §3: players look for the marks, and each provider's sign-in branding
 * guidelines ask for them), written at build time as one small SVG file each (src/pages/account/brands/): the
 * buttons show them as decorative images beside the provider's name, so they add no script, no bytes to the HTML
 * and no request the first paint waits for (a low-priority image), and a page shares them through the cache.
 *
 * The marks come from Simple Icons (`simple-icons`, CC0 paths and brand colours), except Google's, whose sign-in
 * guidelines ask for the four-colour "G" (Simple Icons has it in one colour): its paths are the ones Google's own
 * Sign in with Google button draws. A mark whose brand colour is black (Apple, X, Steam) takes the page's text
 * colour in each colour scheme instead, as those brands' guidelines allow a white mark on a dark button; the
 * colours are global.css's `--text` (a test holds them equal).
 */
import {
  siApple,
  siDiscord,
  siFacebook,
  siKakaotalk,
  siLine,
  siSteam,
  siTwitch,
  siX,
  type SimpleIcon,
} from 'simple-icons';
import type { SocialProvider } from '../islands/social/providers';

/** global.css `--text`: the dark scheme (the default) and the light one. */
export const TEXT_COLOURS = { dark: '#e6edf3', light: '#1f2328' } as const;

/** Google's four-colour "G" on a 48-unit square, as Google's Sign in with Google button draws it. */
const GOOGLE_G = [
  [
    '#EA4335',
    'M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z',
  ],
  [
    '#4285F4',
    'M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z',
  ],
  [
    '#FBBC05',
    'M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z',
  ],
  [
    '#34A853',
    'M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z',
  ],
] as const;

const SIMPLE_ICONS: Readonly<Record<Exclude<SocialProvider, 'google'>, SimpleIcon>> = {
  facebook: siFacebook,
  apple: siApple,
  twitch: siTwitch,
  discord: siDiscord,
  twitter: siX,
  line: siLine,
  kakao: siKakaotalk,
  steam: siSteam,
};

const svg = (viewBox: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" aria-hidden="true">${body}</svg>`;

/** The SVG file of a provider's mark. */
export function brandMarkSvg(provider: SocialProvider): string {
  if (provider === 'google')
    return svg('0 0 48 48', GOOGLE_G.map(([fill, d]) => `<path fill="${fill}" d="${d}"/>`).join(''));
  const icon = SIMPLE_ICONS[provider];
  if (icon.hex !== '000000') return svg('0 0 24 24', `<path fill="#${icon.hex}" d="${icon.path}"/>`);
  const scheme = `path{fill:${TEXT_COLOURS.dark}}@media (prefers-color-scheme:light){path{fill:${TEXT_COLOURS.light}}}`;
  return svg('0 0 24 24', `<style>${scheme}</style><path d="${icon.path}"/>`);
}
