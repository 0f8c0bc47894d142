/**
 * The keys of the general error text (spec §8): every screen ships them (src/layouts/screen.ts), and the page
 * shows them without the catalogue when it could not load. Their own module so that the start-up of an island
 * imports three strings, not the catalogue (src/client/errors/texts.ts).
 */
import type { MessageKey } from '../../i18n/keys';

export const GENERAL_MESSAGE_KEY = 'error.general' satisfies MessageKey;
export const DEFAULT_TITLE_KEY = 'error.defaultTitle' satisfies MessageKey;
export const SUPPORT_LINK_KEY = 'error.support' satisfies MessageKey;
