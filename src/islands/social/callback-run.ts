/**
 * What the callback page does once mounted (./CallbackIsland.tsx), loaded on demand: the state decoder (zod), the
 * route table and the navigation are not part of the page's first load (docs/performance.md).
 */
import { goTo, hrefTo } from '../../client/navigation/browser';
import { isAppMode } from '../../client/navigation/page';
import { decodeTpaState } from '../../shared/contract/social';
import { decideCallback, readCallbackParams } from './callback';
import { POPUP_CHANNEL, POPUP_DONE } from './popup';
import type { SocialProvider } from './providers';

/** The opener when it is a page of this origin (a cross-origin opener's location cannot be read). */
function sameOriginOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener !== null && opener.location.origin === location.origin ? opener : null;
  } catch {
    return null;
  }
}

/** Routes the provider's result on; answers only when the page stays (a failed or cancelled sign-in). */
export function runCallback(provider: SocialProvider): { cancelled: boolean } | undefined {
  const params = readCallbackParams(location.search, location.hash);
  const opener = sameOriginOpener();
  const decision = decideCallback({
    provider,
    params,
    values: params.state === undefined ? null : decodeTpaState(params.state),
    appMode: isAppMode(),
    forwarded: new URLSearchParams(location.search).has(POPUP_DONE),
  });
  switch (decision.kind) {
    case 'popup': {
      // Spec §2: the popup hands the whole result to the page that opened it, then closes. The provider's pages
      // in between cut `window.opener` wherever the portal's Cross-Origin-Opener-Policy differs from theirs (a
      // browsing context group switch), so the result also goes by BroadcastChannel, which the opening page
      // listens on (ProviderButtons' click script): same origin only, like the opener.
      const url = new URL(location.href);
      url.searchParams.set(POPUP_DONE, '1');
      if (opener !== null) opener.location.assign(url.href);
      else {
        const channel = new BroadcastChannel(POPUP_CHANNEL);
        channel.postMessage(url.href);
        channel.close();
      }
      window.close();
      // A page that is no popup (the browser blocked it, so the sign-in ran in the page) does not close: it finishes
      // here as the opening page would. A closing popup navigates nowhere.
      location.replace(url.href);
      return undefined;
    }
    case 'go':
      // replace: the code is single use, so Back must not land on this URL again.
      goTo(hrefTo(decision.target.route, decision.target), true);
      return undefined;
    case 'failed':
      return { cancelled: decision.cancelled };
  }
}
