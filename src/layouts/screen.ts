/**
 * What a screen's frame (./Screen.astro) is made of, as plain TypeScript so
 * screens, docs and tests share it: the layouts a screen picks from, what the
 * frame hands its island, and the strings every island gets besides its own.
 */
import { BASE_ERROR_KEYS } from '../shared/errors/catalogue';
import type { Strings } from '../client/t';
import type { KeyPrefix } from '../i18n/keys';
import type { Locale } from '../i18n/locales';

/**
 * The page frames (docs/screens.md). `settings` puts the settings navigation
 * beside the screen; `platform` is the console and global frame (larger text
 * and targets, a strong focus ring: ./PlatformFrame.astro); `plain` and
 * `self-service` are the plain frame, named so each screen says which kind it
 * is and a frame of its own comes here, in one place.
 */
export const SCREEN_LAYOUTS = ['plain', 'settings', 'self-service', 'platform'] as const;
export type ScreenLayout = (typeof SCREEN_LAYOUTS)[number];

/** What the frame hands its island: spread it (`{(island) => <X client:idle {...island} />}`). */
export interface IslandProps {
  /** The island's strings: its namespaces, the dialog buttons and the error fallbacks (FRAME_STRINGS). */
  readonly strings: Strings;
  readonly locale: Locale;
}

/**
 * Strings every island gets besides its own namespaces: the dialog host's
 * texts, and the general message, default title and support label, so an
 * error still reads right when the page's error texts cannot be fetched
 * (src/client/errors/texts.ts). Every other §8 text comes from that file.
 */
export const FRAME_STRINGS = ['dialog', ...BASE_ERROR_KEYS] as const satisfies readonly KeyPrefix[];
