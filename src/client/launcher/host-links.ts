/**
 * Links in the launcher (spec §7 host functions, §9 launcher language list; docs/launcher.md), loaded only in
 * app mode by the app host:
 * - the language picker shows the launcher's 12 languages (Japanese is offered outside the app only) and tells
 *   the host the player's choice before the page changes language;
 * - a link to another site opens in the system browser through the host, not inside the launcher's frame;
 * - a provider button of the sign-in (a third-party sign-in) goes to login/tpa/{provider}?app=1, which runs the
 *   provider's pages in the system browser and waits for them (src/islands/launcher/tpa-app-run.ts).
 */
import { hostLanguageChange, hostOpenExternalLink } from '../host/launcher-bridge';
import { hrefTo } from '../navigation/browser';
import { goTo } from '../navigation/page';
import * as routes from '../../routes/refs';

/** The language the launcher list leaves out (spec §9: "plus ja-JP outside the app"). */
export const NOT_IN_LAUNCHER = 'ja';

/** The locale of a language link (`/account/{locale}/…`), or undefined. */
function linkLocale(link: HTMLAnchorElement): string | undefined {
  return /^\/account\/([a-z]{2})(\/|$)/.exec(new URL(link.href, location.href).pathname)?.[1];
}

/** The provider of a sign-in start link (src/islands/social/start-url.ts); not a link or settings flow. */
export function appSignInProvider(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, location.href);
  } catch {
    return undefined;
  }
  const provider = /\/no-auth\/tpa\/([a-z]+)\/start$/.exec(url.pathname)?.[1];
  if (url.searchParams.has('actionType') || url.searchParams.has('flow')) return undefined;
  return provider;
}

/** Documents whose external links already go through the host (one delegated listener each). */
const delegated = new WeakSet<Document>();

export function bindLauncherLinks(root: Document = document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('.lang-picker a[hreflang]')) {
    const locale = linkLocale(link);
    if (locale === NOT_IN_LAUNCHER) {
      link.closest('li')?.remove();
      continue;
    }
    if (locale !== undefined) link.addEventListener('click', () => hostLanguageChange(locale));
  }
  if (delegated.has(root)) return;
  delegated.add(root);
  // Capture: before the provider buttons' own listener (ProviderButtons CLICK_SCRIPT) and the one below.
  root.defaultView?.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[data-tpa]') : null;
      const provider = link instanceof HTMLAnchorElement ? appSignInProvider(link.href) : undefined;
      if (provider === undefined) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      goTo(hrefTo(routes.loginTpa, { params: { socialProvider: provider }, query: { app: '1' } }));
    },
    true,
  );
  root.addEventListener('click', (event) => {
    // The target may be a text node or the document itself: only elements have closest().
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    let url: URL;
    try {
      url = new URL(link.href, location.href);
    } catch {
      return;
    }
    if (url.origin === location.origin) return;
    // Only https goes to the system browser (the bridge refuses anything else); the frame never navigates away.
    event.preventDefault();
    hostOpenExternalLink(url.href);
  });
}
