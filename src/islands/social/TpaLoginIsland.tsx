/**
 * login/tpa/{socialProvider?} (spec §2, §4 steps 5–7): the third-party login step. With the provider's code and
 * `state` (from the callback) it first sets the third-party session (tpa-session-cookie), which says what comes
 * next: sign in (login/tpa, then §4: second factor, terms, promo, redirect), sign up (create-tpa), or prove an
 * existing account first (login/social-link/{case}). Without a code (back from a second factor, or the bare
 * route) it signs in with the third-party session the browser already has.
 */
import { useEffect, useReducer, useState } from 'react';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import type { AppWaiting } from '../launcher/tpa-app-run';
import { AppWaitingNotice } from '../launcher/AppWaitingNotice';
import type { TpaOutcome } from './finish-tpa';
import { PROVIDER_NAMES, type SocialProvider } from './providers';

export interface TpaLoginIslandProps {
  strings: Strings;
  locale: Locale;
  /** The {socialProvider?} of the path; undefined on the bare login/tpa. */
  provider?: SocialProvider | undefined;
  /** The sign-in page, built at build time (the page ships no route table). */
  loginPath: string;
}

export type TpaLoginState =
  | { readonly kind: 'working' }
  | { readonly kind: 'leaving' }
  | { readonly kind: 'failed'; readonly code: string; readonly inForm: boolean };

export function tpaLoginReducer(_state: TpaLoginState, outcome: TpaOutcome): TpaLoginState {
  switch (outcome.kind) {
    case 'leaving':
      return { kind: 'leaving' };
    case 'form-error':
      return { kind: 'failed', code: outcome.code, inForm: true };
    case 'shown':
      return { kind: 'failed', code: outcome.code, inForm: false };
  }
}

export function TpaLoginIsland({ strings, locale, provider, loginPath }: TpaLoginIslandProps) {
  const t = createT(strings);
  const [state, dispatch] = useReducer(tpaLoginReducer, { kind: 'working' });
  const errorText = useErrorText(strings, state.kind === 'failed' ? state.code : undefined);
  const name = provider === undefined ? undefined : PROVIDER_NAMES[provider];
  // In the launcher the provider's pages run in the system browser while this page waits (docs/launcher.md).
  const [waiting, setWaiting] = useState<AppWaiting | undefined>(undefined);

  useEffect(() => {
    // The work loads once mounted (./tpa-login-run.ts): calls and error handling are not in the first load.
    void import('./tpa-login-run')
      .then((m) => m.runTpaLogin(provider, locale, setWaiting))
      .then(dispatch, () => dispatch({ kind: 'shown', code: 'NETWORK_ERROR' }))
      .finally(() => setWaiting(undefined));
  }, [provider, locale]);

  if (waiting !== undefined && name !== undefined && state.kind === 'working')
    return <AppWaitingNotice strings={strings} provider={name} waiting={waiting} loginPath={loginPath} />;

  return (
    <section className="card" aria-labelledby="social-tpa-heading" aria-busy={state.kind !== 'failed'}>
      <h1 id="social-tpa-heading">
        {name === undefined ? t('social.tpa.headingAny') : t('social.tpa.heading', { provider: name })}
      </h1>
      {state.kind === 'failed' ? (
        <>
          {state.inForm ? <FormError message={errorText?.message} /> : <p role="alert">{t('social.tpa.failed')}</p>}
          <p>
            <a className="button primary" href={loginPath}>
              {t('social.tpa.back')}
            </a>
          </p>
        </>
      ) : (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('social.tpa.working')}
        </p>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
