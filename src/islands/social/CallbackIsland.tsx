/**
 * login/callback/{socialProvider} and its alias login/cb/{socialProvider} (spec §2 "Social callback behaviour"):
 * where the provider sends the browser back. The page decides where the result goes (./callback.ts, run by
 * ./callback-run.ts, loaded once mounted) and leaves; only a refused or cancelled sign-in stays, with a way back.
 */
import { useEffect, useState } from 'react';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { PROVIDER_NAMES, type SocialProvider } from './providers';

export interface CallbackIslandProps {
  strings: Strings;
  locale: Locale;
  provider: SocialProvider;
  /** The sign-in page, built at build time (the page ships no route table). */
  loginPath: string;
}

type View = { kind: 'working' } | { kind: 'failed'; cancelled: boolean };

export function CallbackIsland({ strings, provider, loginPath }: CallbackIslandProps) {
  const t = createT(strings);
  const [view, setView] = useState<View>({ kind: 'working' });
  const name = PROVIDER_NAMES[provider];

  useEffect(() => {
    void import('./callback-run')
      .then((m) => m.runCallback(provider))
      .then(
        (failed) => {
          if (failed !== undefined) setView({ kind: 'failed', cancelled: failed.cancelled });
        },
        () => setView({ kind: 'failed', cancelled: false }),
      );
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
            <a className="button primary" href={loginPath}>
              {t('social.callback.back')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
