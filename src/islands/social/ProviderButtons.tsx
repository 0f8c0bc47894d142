/**
 * The provider buttons of login, create and their unified and global variants (spec §1, issue 15): one plain
 * link per provider of the region to the API's start endpoint (./start-url.ts). Rendered at build time and never
 * hydrated: no provider SDK and no island reach the page, only the small inline script below.
 *
 *   <ProviderButtons providers={region.socialProviders} strings={island.strings} locale={locale} />
 *
 * The strings must hold the `social.buttons` namespace (add it to the screen's `ns`).
 */
import { createT, type Strings } from '../../client/t';
import { POPUP_CHANNEL } from './popup';
import { brandMarkHref, POPUP_PROVIDERS, PROVIDER_NAMES, type SocialProvider } from './providers';
import type { TpaStartQuery } from '../../shared/contract/social';
import { socialStartHref } from './start-url';
import './social.css';

/**
 * On a click, the link takes the page's return_url and clientId (spec §2 "Navigation rules"; the start URL's
 * returnUrl and clientId, which `state` brings back to the callback), which the built HTML cannot know, and a
 * popup provider opens in a popup (spec §2, Apple) and the page waits for the callback URL the popup hands back on
 * a BroadcastChannel (./popup.ts; same origin only, and only a URL of this origin is followed); when the browser blocks
 * the popup the link opens in the page, and the callback there, closing nothing, carries on in the page. One listener for the
 * page, inline so it needs no file of its own (its hash is in the page's CSP); written minified because its
 * bytes count against the login page's budget. Where the browser keeps no cookie the provider's sign-in could not
 * end (its state cookie and the session are dropped): the click goes nowhere and brings the page's notice, at its
 * top, into view (docs/app-shell.md).
 */
export const CLICK_SCRIPT =
  `addEventListener('click',e=>{let a=e.target.closest('a[data-tpa]');if(!a)return;` +
  `if(!navigator.cookieEnabled){e.preventDefault();scrollTo(0,0);return}` +
  `let u=new URL(a.href),q=new URLSearchParams(location.search);` +
  `for(let[k,n]of[['return_url','returnUrl'],['clientId','clientId']])q.has(k)&&u.searchParams.set(n,q.get(k));` +
  `if(a.dataset.tpa&&open(u,'tpa','popup,width=520,height=680')){e.preventDefault();` +
  `new BroadcastChannel('${POPUP_CHANNEL}').onmessage=m=>new URL(m.data).origin==origin&&(location=m.data)}` +
  `else a.href=u})`;

export interface ProviderButtonsProps {
  /** The region's providers (src/regions/*.ts socialProviders), in its order. */
  readonly providers: readonly SocialProvider[];
  readonly strings: Strings;
  readonly locale: string;
  /** Which callback finishes: `portal` (login, create) by default, `global`/`simpleGlobal` on the global screens. */
  readonly flow?: TpaStartQuery['flow'] | undefined;
  readonly unified?: boolean | undefined;
  /**
   * A console's link form (../platform/PlatformLogin.tsx, flow `global`): the sign-in finishes on that console's
   * callback. Rendered by the island there, so the click script is left out (an island's inline script never
   * runs): every provider opens in the page, which a console's browser does anyway.
   */
  readonly platform?: string | undefined;
  /** What the sign-in is for: `login` by default; `childLogin` on add-child/login (a child's sign-in, §4 step 5). */
  readonly actionType?: TpaStartQuery['actionType'] | undefined;
}

export function ProviderButtons({
  providers,
  strings,
  locale,
  flow,
  unified,
  platform,
  actionType,
}: ProviderButtonsProps) {
  if (providers.length === 0) return null;
  const t = createT(strings);
  return (
    <section className="social-providers" aria-labelledby="social-providers-heading" data-social-start="">
      <h2 id="social-providers-heading" className="social-divider">
        {t('social.buttons.heading')}
      </h2>
      <ul>
        {providers.map((provider) => {
          const popup = platform === undefined && POPUP_PROVIDERS.has(provider);
          return (
            <li key={provider}>
              <a
                className={`button block social-${provider}`}
                href={socialStartHref(provider, {
                  locale,
                  flow,
                  unified,
                  platform,
                  actionType,
                  mode: popup ? 'popup' : 'web',
                })}
                data-tpa={popup ? 'popup' : ''}
              >
                {/*
                  The brand's mark, decorative (the name says which provider): a static file (brandMarkHref), asked
                  for once laid out and at low priority, so that it never competes with the page's own files for
                  the first paint; its box is sized, so nothing moves when it arrives.
                */}
                <img
                  src={brandMarkHref(provider)}
                  alt=""
                  width={20}
                  height={20}
                  loading="lazy"
                  fetchPriority="low"
                  decoding="async"
                />
                {t('social.buttons.continueWith', { provider: PROVIDER_NAMES[provider] })}
              </a>
            </li>
          );
        })}
      </ul>
      {platform === undefined && <script dangerouslySetInnerHTML={{ __html: CLICK_SCRIPT }} />}
    </section>
  );
}
