/**
 * Spec §2 "Unknown paths" as a pure decision, shared by the Pages Function
 * and its tests. Paths are under /account/.
 *
 * - /account or /account/{locale}: go to login.
 * - First segment not two lowercase letters: prefix the cookie locale (else en).
 * - Two letters but not one of ours (e.g. "ko"): replaced by the cookie locale (else en).
 * - Unknown page whose second segment is two letters: strip that segment.
 * - Any other unknown page: the localized 404 page, status 404.
 */
import { ACCOUNT_BASE } from '../routes/paths';
import { DEFAULT_LOCALE, isLocale, LOCALE_SEGMENT, type Locale } from '../i18n/locales';

export type LocaleDecision =
  { kind: 'redirect'; location: string } | { kind: 'serve'; locale: Locale } | { kind: 'outside' };

function preferred(cookieLocale: string | undefined): Locale {
  return isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE;
}

/** Decision before the static asset is looked up. */
export function routeRequest(pathname: string, search: string, cookieLocale: string | undefined): LocaleDecision {
  if (pathname !== ACCOUNT_BASE && !pathname.startsWith(`${ACCOUNT_BASE}/`)) return { kind: 'outside' };
  const segments = pathname.slice(ACCOUNT_BASE.length).split('/').filter(Boolean);
  // Files (favicon.svg, _astro/*.js) are assets, never pages: leave them to the asset server.
  if (segments.at(-1)?.includes('.') || segments[0] === '_astro') return { kind: 'outside' };
  const [first, ...rest] = segments;
  if (first === undefined)
    return { kind: 'redirect', location: `${ACCOUNT_BASE}/${preferred(cookieLocale)}/login${search}` };
  if (!LOCALE_SEGMENT.test(first) || !isLocale(first)) {
    const tail = LOCALE_SEGMENT.test(first) ? rest : segments;
    const path = tail.length > 0 ? tail.join('/') : 'login';
    return { kind: 'redirect', location: `${ACCOUNT_BASE}/${preferred(cookieLocale)}/${path}${search}` };
  }
  if (rest.length === 0) return { kind: 'redirect', location: `${ACCOUNT_BASE}/${first}/login${search}` };
  return { kind: 'serve', locale: first };
}

/** Decision after the asset lookup found nothing: strip a two-letter second segment, else 404. */
export function routeMissing(
  pathname: string,
  search: string,
  locale: Locale,
): LocaleDecision | { kind: 'notFound'; locale: Locale } {
  const segments = pathname.slice(ACCOUNT_BASE.length).split('/').filter(Boolean);
  const second = segments[1];
  if (second !== undefined && LOCALE_SEGMENT.test(second)) {
    const tail = segments.slice(2);
    return {
      kind: 'redirect',
      location: `${ACCOUNT_BASE}/${locale}/${tail.length > 0 ? tail.join('/') : 'login'}${search}`,
    };
  }
  return { kind: 'notFound', locale };
}
