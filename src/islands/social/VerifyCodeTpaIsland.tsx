/**
 * create/verify/code-tpa (spec §2): the provider gave no email, so create-tpa sent a code to the one the player
 * typed (query email). The code proves the address; then either that address is an existing account's (the
 * social link, case 3) or the player chooses a password and the account is created and signed in
 * (signup-tpa-with-email, spec §7).
 */
import { useReducer, useState, type SubmitEvent } from 'react';
import { signupTpaWithEmail } from '../../client/api/launcher-login';
import { tpaSignupEmailRequestCode, tpaSignupEmailVerifyCode } from '../../client/api/social';
import { settle } from '../../client/http/settle';
import { goTo, hrefTo, unifiedCalls } from '../../client/navigation/browser';
import { getDeviceId } from '../../client/stores/device';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { useMountedQuery } from '../shared/use-page-query';
import { looksLikeEmail } from './email-check';
import { tpaFailed, tpaSignedIn, type TpaOutcome } from './finish-tpa';

/** Spec §5: verification codes are 6 digits. */
const CODE_LENGTH = 6;

export type VerifyCodeTpaState = {
  readonly step: 'code' | 'password' | 'leaving';
  readonly busy: boolean;
  readonly resent: boolean;
  readonly formCode: string | undefined;
};

export type VerifyCodeTpaEvent =
  | { readonly type: 'busy' }
  | { readonly type: 'resent' }
  | { readonly type: 'verified' }
  | { readonly type: 'outcome'; readonly outcome: TpaOutcome };

export function verifyCodeTpaReducer(state: VerifyCodeTpaState, event: VerifyCodeTpaEvent): VerifyCodeTpaState {
  switch (event.type) {
    case 'busy':
      return { ...state, busy: true, resent: false, formCode: undefined };
    case 'resent':
      return { ...state, busy: false, resent: true };
    case 'verified':
      return { ...state, busy: false, step: 'password' };
    case 'outcome':
      if (event.outcome.kind === 'leaving') return { ...state, step: 'leaving', busy: true };
      return { ...state, busy: false, formCode: event.outcome.kind === 'form-error' ? event.outcome.code : undefined };
  }
}

export interface VerifyCodeTpaIslandProps {
  strings: Strings;
  locale: Locale;
}

export function VerifyCodeTpaIsland({ strings, locale }: VerifyCodeTpaIslandProps) {
  const t = createT(strings);
  const query = useMountedQuery();
  const [state, dispatch] = useReducer(verifyCodeTpaReducer, {
    step: 'code',
    busy: false,
    resent: false,
    formCode: undefined,
  });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const errorText = useErrorText(strings, state.formCode);
  const email = query?.get('email') ?? '';
  const emailKnown = looksLikeEmail(email);

  async function onCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    if (code.length !== CODE_LENGTH) {
      setShowErrors(true);
      return;
    }
    dispatch({ type: 'busy' });
    const [error, result] = await settle(tpaSignupEmailVerifyCode({ email, code }, { unified: unifiedCalls() }));
    if (error) {
      dispatch({ type: 'outcome', outcome: await tpaFailed(error) });
      return;
    }
    setShowErrors(false);
    if (result.next === 'socialLink') {
      dispatch({ type: 'outcome', outcome: { kind: 'leaving' } });
      goTo(hrefTo('login-social-link', { params: { case: String(result.socialLinkCase ?? 3) } }), true);
    } else dispatch({ type: 'verified' });
  }

  async function resend() {
    dispatch({ type: 'busy' });
    setCode('');
    const [error] = await settle(
      tpaSignupEmailRequestCode({ email, language: serverLocaleCode(locale) }, { unified: unifiedCalls() }),
    );
    dispatch(error ? { type: 'outcome', outcome: await tpaFailed(error) } : { type: 'resent' });
  }

  async function onPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    if (password === '') {
      setShowErrors(true);
      return;
    }
    dispatch({ type: 'busy' });
    const [error, result] = await settle(
      // blackbox: the spec's device fingerprint; the portal's fingerprint is its device id (docs/social-screens.md).
      signupTpaWithEmail({ id: email, password, blackbox: getDeviceId() }, { unified: unifiedCalls() }),
    );
    dispatch({ type: 'outcome', outcome: error ? await tpaFailed(error) : await tpaSignedIn(result, locale) });
  }

  return (
    <section className="card" aria-labelledby="verify-code-tpa-heading">
      <h1 id="verify-code-tpa-heading">{t('createTpa.verify.heading')}</h1>
      <FormError message={errorText?.message} />
      {query !== null && !emailKnown && (
        <>
          <p role="alert">{t('createTpa.verify.noEmail')}</p>
          <p>
            <a className="button primary" href={hrefTo('login')}>
              {t('createTpa.common.back')}
            </a>
          </p>
        </>
      )}
      {emailKnown && state.step === 'code' && (
        <form method="post" noValidate onSubmit={(e) => void onCode(e)}>
          <p>{t('createTpa.verify.sent', { email })}</p>
          <p className="status-line" role="status">
            {state.resent ? t('createTpa.verify.resent') : ''}
          </p>
          <TextField
            label={t('createTpa.verify.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onValueChange={(value) => setCode(value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            error={showErrors && code.length !== CODE_LENGTH ? t('createTpa.verify.codeInvalid') : undefined}
          />
          <SubmitButton busy={state.busy} busyLabel={t('createTpa.verify.checking')}>
            {t('createTpa.verify.submit')}
          </SubmitButton>
          <div className="actions">
            <button type="button" className="button" disabled={state.busy} onClick={() => void resend()}>
              {t('createTpa.verify.resend')}
            </button>
          </div>
        </form>
      )}
      {emailKnown && state.step === 'password' && (
        <form method="post" noValidate onSubmit={(e) => void onPassword(e)}>
          <p>{t('createTpa.password.intro', { email })}</p>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            t={t}
            label={t('createTpa.password.label')}
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={showErrors && password === '' ? t('createTpa.password.required') : undefined}
          />
          <SubmitButton busy={state.busy} busyLabel={t('createTpa.password.creating')}>
            {t('createTpa.password.submit')}
          </SubmitButton>
        </form>
      )}
      {state.step === 'leaving' && (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('createTpa.common.working')}
        </p>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
