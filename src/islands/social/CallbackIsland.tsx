/**
 * login/callback/{socialProvider} and its alias login/cb/{socialProvider} (spec §2 "Social callback behaviour"):
 * where the provider sends the browser back. The page decides where the result goes (./callback.ts) and leaves;
 * only a refused or cancelled sign-in stays, with a way back to the sign-in.
 */
import { useEffect, useState } from 'react';
import { goTo, hrefTo } from '../../client/navigation/browser';
import { isAppMode } from '../../client/navigation/page';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { decodeTpaState } from '../../shared/contract/social';
import { decideCallback, readCallbackParams } from './callback';
import { PROVIDER_NAMES, type SocialProvider } from './providers';

export interface CallbackIslandProps {
  strings: Strings;
  locale: Locale;
  provider: SocialProvider;
}

type View = { kind: 'working' } | { kind: 'failed'; cancelled: boolean };

/** The opener when it is a page of this origin (a cross-origin opener's location cannot be read). */
function sameOriginOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener !== null && opener.location.origin === location.origin ? opener : null;
  } catch {
    return null;
  }
}

export function CallbackIsland({ strings, provider }: CallbackIslandProps) {
  const t = createT(strings);
  const [view, setView] = useState<View>({ kind: 'working' });
  const name = PROVIDER_NAMES[provider];

  useEffect(() => {
    const params = readCallbackParams(location.search, location.hash);
    const opener = sameOriginOpener();
    const decision = decideCallback({
      provider,
      params,
      values: params.state === undefined ? null : decodeTpaState(params.state),
      appMode: isAppMode(),
      hasOpener: opener !== null,
    });
    if (decision.kind === 'popup' && opener !== null) {
      // Spec §2: the popup hands the whole result to the page that opened it, then closes.
      opener.location.assign(location.href);
      window.close();
    } else if (decision.kind === 'go') {
      // replace: the code is single use, so Back must not land on this URL again.
      goTo(hrefTo(decision.target.name, decision.target), true);
    } else if (decision.kind === 'failed') {
      setView({ kind: 'failed', cancelled: decision.cancelled });
    }
  }, [provider]);

  return (
    <section className="card" aria-labelledby="social-callback-heading" aria-busy={view.kind === 'working'}>
      <h1 id="social-callback-heading">{t('social.callback.heading', { provider: name })}</h1>
      {view.kind === 'working' ? (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('social.callback.working', { provider: name })}
        </p>
      ) : (
        <>
          <p role="alert">
            {view.cancelled
              ? t('social.callback.cancelled', { provider: name })
              : t('social.callback.failed', { provider: name })}
          </p>
          <p>
            <a className="button primary" href={hrefTo('login')}>
              {t('social.callback.back')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
