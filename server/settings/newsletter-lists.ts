/**
 * The newsletter lists (spec §3 newsletter list item, §9 product ids per
 * region): what each list is, in the §3 flags. The region config says which
 * ids a region offers (`newsletterProductIds`); names are in
 * server/settings/communication-notice-texts.ts.
 */
import type { NewsletterItem } from '../../src/shared/contract/communication';
import type { Locale } from '../../src/i18n/locales';
import { NEWSLETTER_NAMES } from './communication-notice-texts';

/** Spec §9: 59749 is news and special offers. */
export const NEWS_OFFERS_ID = 59749;
/** Spec §9: 59750 is the mobile-games list. */
export const MOBILE_GAMES_ID = 59750;
/** Spec §9: 59794 depends on news and special offers. */
export const DEPENDENT_ID = 59794;
/** The general newsletter (the global list's first id). */
export const GENERAL_ID = 10100;

type Flags = Omit<NewsletterItem, 'id' | 'name' | 'subscribed'>;

const PLAIN: Flags = {
  show: true,
  isNewsOffersNewsletter: false,
  isMobileGame: false,
  isGeneralNewsletter: false,
  isLegacyMobileSelectValue: false,
  initDependentOnNewsOffers: false,
};

export function flagsOf(id: number): Flags {
  return {
    ...PLAIN,
    isNewsOffersNewsletter: id === NEWS_OFFERS_ID,
    isMobileGame: id === MOBILE_GAMES_ID,
    // The mobile list was a select value of the legacy sign-up form; the flag keeps its meaning for clients.
    isLegacyMobileSelectValue: id === MOBILE_GAMES_ID,
    isGeneralNewsletter: id === GENERAL_ID,
    initDependentOnNewsOffers: id === DEPENDENT_ID,
  };
}

export function newsletterName(id: number, locale: Locale): string {
  return NEWSLETTER_NAMES[id]?.[locale] ?? NEWSLETTER_NAMES[id]?.en ?? `#${String(id)}`;
}

/** The lists of a region in its configured order. */
export function regionNewsletters(ids: readonly number[], locale: Locale): Omit<NewsletterItem, 'subscribed'>[] {
  return ids.map((id) => ({ id, name: newsletterName(id, locale), ...flagsOf(id) }));
}
