/**
 * login/social-link/{case} (spec §2, docs/social.md): the provider's email belongs to an existing account, so
 * the player proves the account is theirs — its password, or a code emailed to it — before the provider is
 * linked; the proof also signs in (then spec §4 as any third-party sign-in). Case 4: the account already has
 * another identity of this provider, so nothing is linked and the player signs in as usual. Case 5 (error
 * 20128) and every other case ask the server which proofs apply (getSocialLink), so the path is only a hint.
 * On a console (global/{platform}/social-link/{case}, prop `platform`) the same proofs go to the platform's calls
 * (../platform/social-link-proof.ts): the console is linked after the provider, per the platform's rules.
 */
import { useEffect, useReducer, useState, type SubmitEvent } from 'react';
import { localClock } from '../../client/api/options';
import {
  getSocialLink,
  socialLinkRequestCode,
  socialLinkVerifyCode,
  socialLinkWithPassword,
} from '../../client/api/social';
import { settle } from '../../client/http/settle';
import { getDeviceId } from '../../client/stores/device';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import type { ApiError } from '../../client/http/api-error';
import type { LoginResponse } from '../../shared/contract/common';
import type { ConsolePlatform } from '../../shared/contract/platform';
import type { TpaOutcome } from './finish-tpa';
import { PROVIDER_NAMES, type SocialProvider } from './providers';

/** Spec §5: verification codes are 6 digits. */
const CODE_LENGTH = 6;

export interface SocialLinkInfo {
  readonly case: number;
  readonly provider: SocialProvider;
  readonly email: string;
  readonly proofs: readonly ('password' | 'code')[];
}

export type SocialLinkState =
  | { readonly kind: 'loading' }
  /** getSocialLink refused (no third-party session…): its code's text and the way back. */
  | { readonly kind: 'unavailable'; readonly code: string }
  | {
      readonly kind: 'ready';
      readonly info: SocialLinkInfo;
      readonly proof: 'password' | 'code';
      readonly codeSent: boolean;
      readonly busy: boolean;
      readonly formCode: string | undefined;
    }
  | { readonly kind: 'leaving' };

export type SocialLinkEvent =
  | { readonly type: 'loaded'; readonly info: SocialLinkInfo }
  | { readonly type: 'load-failed'; readonly code: string }
  | { readonly type: 'choose'; readonly proof: 'password' | 'code' }
  | { readonly type: 'busy' }
  | { readonly type: 'code-sent' }
  | { readonly type: 'outcome'; readonly outcome: TpaOutcome }
  | { readonly type: 'refused'; readonly code: string };

export function socialLinkReducer(state: SocialLinkState, event: SocialLinkEvent): SocialLinkState {
  switch (event.type) {
    case 'loaded': {
      const proof = event.info.proofs.includes('password') ? 'password' : 'code';
      return { kind: 'ready', info: event.info, proof, codeSent: false, busy: false, formCode: undefined };
    }
    case 'load-failed':
      return { kind: 'unavailable', code: event.code };
    default:
      break;
  }
  if (state.kind !== 'ready') return state;
  switch (event.type) {
    case 'choose':
      return { ...state, proof: event.proof, formCode: undefined };
    case 'busy':
      return { ...state, busy: true, formCode: undefined };
    case 'code-sent':
      return { ...state, busy: false, codeSent: true };
    case 'refused':
      return { ...state, busy: false, formCode: event.code };
    case 'outcome':
      if (event.outcome.kind === 'leaving') return { kind: 'leaving' };
      return { ...state, busy: false, formCode: event.outcome.kind === 'form-error' ? event.outcome.code : undefined };
  }
}

export interface SocialLinkIslandProps {
  strings: Strings;
  locale: Locale;
  /** The sign-in page, built at build time (the page ships no route table). */
  loginPath: string;
  /** On a console: the platform whose console is linked once the account is proven. */
  platform?: ConsolePlatform | undefined;
}

/** The end of sign-in and the error handling load with the first answer, not with the page (docs/performance.md). */
const finish = () => import('./finish-tpa');
const tpaFailed = async (error: ApiError) => (await finish()).tpaFailed(error);
const tpaSignedIn = async (result: LoginResponse, locale: string) => (await finish()).tpaSignedIn(result, locale);

/** A console's proofs and refusals (the platform's calls and §8 handling), loaded with the first use. */
const onConsole = () => import('../platform/social-link-proof');

export function SocialLinkIsland({ strings, locale, loginPath, platform }: SocialLinkIslandProps) {
  const t = createT(strings);
  const [state, dispatch] = useReducer(socialLinkReducer, { kind: 'loading' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const shownCode = state.kind === 'ready' ? state.formCode : state.kind === 'unavailable' ? state.code : undefined;
  const errorText = useErrorText(strings, shownCode);

  useEffect(() => {
    void settle(getSocialLink()).then(([error, info]) => {
      if (error) {
        // Spec §8: 20159/20138 (the third-party session is gone) and the like go where the handler says.
        const handled =
          platform === undefined ? tpaFailed(error) : onConsole().then((m) => m.consoleFailed(error, platform));
        void handled.then((outcome) => {
          if (outcome.kind !== 'leaving') dispatch({ type: 'load-failed', code: outcome.code });
        });
      } else dispatch({ type: 'loaded', info: { ...info, proofs: info.proofs } });
    });
  }, [platform]);

  async function prove(proof: 'password' | 'code', value: string) {
    dispatch({ type: 'busy' });
    if (platform !== undefined) {
      dispatch({ type: 'outcome', outcome: await (await onConsole()).proveOnConsole(platform, proof, value) });
      return;
    }
    const body = { deviceId: getDeviceId(), ...localClock() };
    const call: Promise<LoginResponse> =
      proof === 'password'
        ? socialLinkWithPassword({ password: value, ...body })
        : socialLinkVerifyCode({ code: value, ...body });
    const [error, result] = await settle(call);
    dispatch({ type: 'outcome', outcome: error ? await tpaFailed(error) : await tpaSignedIn(result, locale) });
  }

  function onPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind !== 'ready' || state.busy) return;
    const empty = password === '';
    setInvalid(empty);
    if (!empty) void prove('password', password);
  }

  async function sendCode() {
    dispatch({ type: 'busy' });
    setCode('');
    const [error] = await settle(socialLinkRequestCode({ language: serverLocaleCode(locale) }));
    dispatch(error ? { type: 'refused', code: error.code } : { type: 'code-sent' });
  }

  function onCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind !== 'ready' || state.busy) return;
    const bad = code.length !== CODE_LENGTH;
    setInvalid(bad);
    if (!bad) void prove('code', code);
  }

  // A function: the href reads the page (locale, query), which the build's render has not got.
  const back = () => (
    <p>
      <a className="button" href={loginPath}>
        {t('social.link.back')}
      </a>
    </p>
  );

  return (
    <section className="card" aria-labelledby="social-link-heading" aria-busy={state.kind === 'loading'}>
      <h1 id="social-link-heading">{t('social.link.heading')}</h1>
      {state.kind === 'loading' && (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('social.link.loading')}
        </p>
      )}
      {state.kind === 'unavailable' && (
        <>
          <FormError message={errorText?.message} />
          {back()}
        </>
      )}
      {state.kind === 'ready' && state.info.case === 4 && (
        <>
          <p>
            {t('social.link.alreadyLinked', { email: state.info.email, provider: PROVIDER_NAMES[state.info.provider] })}
          </p>
          {back()}
        </>
      )}
      {state.kind === 'ready' && state.info.case !== 4 && (
        <>
          <p>{t('social.link.intro', { email: state.info.email, provider: PROVIDER_NAMES[state.info.provider] })}</p>
          <FormError message={errorText?.message} />
          {state.proof === 'password' ? (
            <form method="post" noValidate onSubmit={onPassword}>
              <PasswordField
                t={t}
                label={t('social.link.password')}
                name="password"
                autoComplete="current-password"
                value={password}
                onValueChange={(value) => {
                  setPassword(value);
                  if (invalid) setInvalid(value === '');
                }}
                error={invalid ? t('social.link.passwordMissing') : undefined}
              />
              <SubmitButton busy={state.busy} busyLabel={t('social.link.linking')}>
                {t('social.link.submitPassword', { provider: PROVIDER_NAMES[state.info.provider] })}
              </SubmitButton>
            </form>
          ) : state.codeSent ? (
            <form method="post" noValidate onSubmit={onCode}>
              <p role="status">{t('social.link.codeSent', { email: state.info.email })}</p>
              <TextField
                label={t('social.link.code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onValueChange={(value) => {
                  const digits = value.replace(/\D/g, '').slice(0, CODE_LENGTH);
                  setCode(digits);
                  if (invalid) setInvalid(digits.length !== CODE_LENGTH);
                }}
                error={invalid ? t('social.link.codeInvalid') : undefined}
              />
              <SubmitButton busy={state.busy} busyLabel={t('social.link.linking')}>
                {t('social.link.submitCode', { provider: PROVIDER_NAMES[state.info.provider] })}
              </SubmitButton>
              <div className="actions">
                <button type="button" className="button" disabled={state.busy} onClick={() => void sendCode()}>
                  {t('social.link.resend')}
                </button>
              </div>
            </form>
          ) : (
            <div className="actions">
              <button type="button" className="button primary" disabled={state.busy} onClick={() => void sendCode()}>
                {t('social.link.sendCode', { email: state.info.email })}
              </button>
            </div>
          )}
          {state.info.proofs.length > 1 && (
            <div className="actions">
              <button
                type="button"
                className="button link"
                onClick={() => {
                  setInvalid(false);
                  dispatch({ type: 'choose', proof: state.proof === 'password' ? 'code' : 'password' });
                }}
              >
                {state.proof === 'password' ? t('social.link.useCode') : t('social.link.usePassword')}
              </button>
            </div>
          )}
          {back()}
        </>
      )}
      {state.kind === 'leaving' && (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('social.link.linking')}
        </p>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
