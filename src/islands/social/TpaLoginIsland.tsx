/**
 * login/tpa/{socialProvider?} (spec §2, §4 steps 5–7): the third-party login step. With the provider's code and
 * `state` (from the callback) it first sets the third-party session (tpa-session-cookie), which says what comes
 * next: sign in (login/tpa, then §4: second factor, terms, promo, redirect), sign up (create-tpa), or prove an
 * existing account first (login/social-link/{case}). Without a code (back from a second factor, or the bare
 * route) it signs in with the third-party session the browser already has.
 */
import { useEffect, useReducer } from 'react';
import { tpaLogin, tpaSessionCookie } from '../../client/api/launcher-login';
import { localClock } from '../../client/api/options';
import { settle } from '../../client/http/settle';
import { hrefTo, unifiedCalls } from '../../client/navigation/browser';
import { goTo } from '../../client/navigation/page';
import { getDeviceId } from '../../client/stores/device';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { tpaFailed, tpaSignedIn, type TpaOutcome } from './finish-tpa';
import { PROVIDER_NAMES, type SocialProvider } from './providers';
import { nextAfterSession } from './session-next';

export interface TpaLoginIslandProps {
  strings: Strings;
  locale: Locale;
  /** The {socialProvider?} of the path; undefined on the bare login/tpa. */
  provider?: SocialProvider | undefined;
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

/** Reads the one-time code and state, and takes them off the URL: a reload must not spend the code again. */
function takeCallbackResult(): { code: string; state: string } | undefined {
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const state = query.get('state');
  if (code === null || state === null) return undefined;
  query.delete('code');
  query.delete('state');
  const rest = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
  return { code, state };
}

async function signIn(locale: string): Promise<TpaOutcome> {
  const unified = unifiedCalls();
  const [error, result] = await settle(tpaLogin({ deviceId: getDeviceId(), ...localClock() }, { unified }));
  return error ? tpaFailed(error) : tpaSignedIn(result, locale);
}

async function run(provider: SocialProvider | undefined, locale: string): Promise<TpaOutcome> {
  const callback = takeCallbackResult();
  if (provider === undefined || callback === undefined) return signIn(locale);
  const unified = unifiedCalls();
  const [error, session] = await settle(tpaSessionCookie({ tpaType: provider, ...callback }, { unified }));
  if (error) return tpaFailed(error);
  const next = nextAfterSession(session);
  if (next.kind === 'login') return signIn(locale);
  goTo(hrefTo(next.target.name, next.target), true);
  return { kind: 'leaving' };
}

export function TpaLoginIsland({ strings, locale, provider }: TpaLoginIslandProps) {
  const t = createT(strings);
  const [state, dispatch] = useReducer(tpaLoginReducer, { kind: 'working' });
  const errorText = useErrorText(strings, state.kind === 'failed' ? state.code : undefined);
  const name = provider === undefined ? undefined : PROVIDER_NAMES[provider];

  useEffect(() => {
    void run(provider, locale).then(dispatch);
  }, [provider, locale]);

  return (
    <section className="card" aria-labelledby="social-tpa-heading" aria-busy={state.kind !== 'failed'}>
      <h1 id="social-tpa-heading">
        {name === undefined ? t('social.tpa.headingAny') : t('social.tpa.heading', { provider: name })}
      </h1>
      {state.kind === 'failed' ? (
        <>
          {state.inForm ? <FormError message={errorText?.message} /> : <p role="alert">{t('social.tpa.failed')}</p>}
          <p>
            <a className="button primary" href={hrefTo('login')}>
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
