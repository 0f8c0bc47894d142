import type { Locale } from '../i18n/locales';
import type { RouteDef } from '../routes/registry';

/** Props every screen component receives from its page (one page per screen: src/build/screen-pages.ts). */
export interface ScreenProps {
  locale: Locale;
  route: RouteDef;
  /** The concrete locale-relative path ("login/tpa/google"). */
  relPath: string;
}
