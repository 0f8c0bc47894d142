/**
 * What the current page is (locale, route name, query, app mode) and leaving
 * it, read from the markup the Shell renders and the frame it runs in. Kept
 * apart from ./browser, which builds hrefs of named routes from the route
 * registry: the app shell and the forms need these at start, the registry
 * only when they navigate.
 */
import region from '@region';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import type { RedirectPolicy } from '../../shared/redirect';
import { usesUnifiedCalls } from './unified-calls';

/** The page's locale (the Shell renders it on body[data-locale]). */
export function currentLocale(): Locale {
  const value = document.body.dataset['locale'];
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/**
 * The page's route name as the Shell rendered it on body[data-route] (a
 * registry name, written by the build); ./browser's currentRouteName checks
 * it against the registry where a typed RouteName is needed.
 */
export function pageRouteName(): string | undefined {
  return document.body.dataset['route'];
}

export function currentQuery(): URLSearchParams {
  return new URLSearchParams(location.search);
}

/** The allow-list policy of this build on this origin. */
export function redirectPolicy(): RedirectPolicy {
  return { suffixes: region.redirectDomainSuffixes, origin: location.origin };
}

/** Whether calls on this page use the [unified/] variants (route name or query flag; the client adds the region rule). */
export function unifiedCalls(): boolean {
  return usesUnifiedCalls(pageRouteName(), currentQuery());
}

/** Goes to a URL that is already known to be safe (built here or accepted by the allow-list). */
export function goTo(href: string, replace = false): void {
  if (replace) location.replace(href);
  else location.assign(href);
}

/** The same-origin path and query of this page (the return_url given to login). */
export function currentPath(): string {
  return `${location.pathname}${location.search}`;
}

/*
 * App mode (spec §2, §7): the portal runs framed by the host launcher or
 * store connector, i.e. by one of the region's `embedOrigins`. The messages
 * to the host are src/client/host/launcher-bridge, which the app shell loads
 * only in app mode: a plain web visit needs only this answer.
 */

export interface EmbedContext {
  readonly framed: boolean;
  /** Origin of the embedding page, when the browser reveals it. */
  readonly parentOrigin: string | undefined;
}

/** The host origin when framed by an allowed embed origin, else undefined (not in app mode). */
export function hostOrigin(ctx: EmbedContext, allowed: readonly string[] = region.embedOrigins): string | undefined {
  if (!ctx.framed || ctx.parentOrigin === undefined) return undefined;
  return allowed.includes(ctx.parentOrigin) ? ctx.parentOrigin : undefined;
}

function embedContext(): EmbedContext {
  if (typeof window === 'undefined' || window.parent === window) return { framed: false, parentOrigin: undefined };
  const ancestors = location.ancestorOrigins as DOMStringList | undefined;
  let parentOrigin: string | undefined =
    ancestors && ancestors.length > 0 ? (ancestors.item(0) ?? undefined) : undefined;
  if (parentOrigin === undefined && document.referrer !== '') {
    try {
      parentOrigin = new URL(document.referrer).origin;
    } catch {
      parentOrigin = undefined;
    }
  }
  return { framed: true, parentOrigin };
}

let cachedOrigin: string | null | undefined;
/** The embedding host's origin in app mode, else undefined; read once per page. */
export function currentHostOrigin(): string | undefined {
  if (cachedOrigin === undefined) {
    const ctx = embedContext();
    // A local build (the offline dev captcha: never deployed) also takes its own origin, the launcher simulator's.
    const allowed =
      ctx.framed && region.captcha.provider === 'dev' ? [...region.embedOrigins, location.origin] : region.embedOrigins;
    cachedOrigin = hostOrigin(ctx, allowed) ?? null;
  }
  return cachedOrigin ?? undefined;
}

/** App mode: the portal runs inside the launcher or store connector. */
export function isAppMode(): boolean {
  return currentHostOrigin() !== undefined;
}
