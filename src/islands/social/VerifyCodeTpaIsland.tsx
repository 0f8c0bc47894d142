/**
 * create/verify/code-tpa (spec §2): the provider gave no email, so create-tpa sent a code to the one the player
 * typed (query email). The code proves the address; then either that address is an existing account's (the
 * social link, case 3) or the player chooses a password and the account is created and signed in
 * (signup-tpa-with-email, spec §7).
 */
import { useReducer, useState, type SubmitEvent } from 'react';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { useMountedQuery } from '../shared/use-page-query';
import { looksLikeEmail } from './email-check';
import type { TpaOutcome } from './finish-tpa';
import { onDemandModule, useWarmPath } from '../shared/warm-path';

/**
 * What the island's steps call. A console's sign-up (../platform/PlatformSocialSignup.tsx) creates the account
 * with the code itself (no password on a console), so its verifyCode never answers `verified`.
 */
export type VerifyCodeTpaCalls = Pick<typeof import('./verify-code-tpa-submit'), 'verifyCode' | 'resendCode'> &
  Partial<Pick<typeof import('./verify-code-tpa-submit'), 'createAccount'>>;

/** The calls load with the first action (./verify-code-tpa-submit.ts), not with the page. */
const webCalls: () => Promise<VerifyCodeTpaCalls> = onDemandModule(() => import('./verify-code-tpa-submit'));

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
  /** The sign-in page, built at build time (the page ships no route table). */
  loginPath: string;
  /** A console's sign-up: the typed email and its calls (the page reads the email from its query). */
  email?: string | undefined;
  calls?: (() => Promise<VerifyCodeTpaCalls>) | undefined;
}

export function VerifyCodeTpaIsland(props: VerifyCodeTpaIslandProps) {
  const { strings, locale, loginPath } = props;
  const calls = props.calls ?? webCalls;
  useWarmPath(calls);
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
  const email = props.email ?? query?.get('email') ?? '';
  const emailKnown = looksLikeEmail(email);

  async function onCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    if (code.length !== CODE_LENGTH) {
      setShowErrors(true);
      return;
    }
    dispatch({ type: 'busy' });
    const result = await (await calls()).verifyCode(email, code);
    setShowErrors(false);
    dispatch(result.kind === 'verified' ? { type: 'verified' } : { type: 'outcome', outcome: result });
  }

  async function resend() {
    dispatch({ type: 'busy' });
    setCode('');
    const result = await (await calls()).resendCode(email, locale);
    dispatch(result.kind === 'resent' ? { type: 'resent' } : { type: 'outcome', outcome: result });
  }

  async function onPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    if (password === '') {
      setShowErrors(true);
      return;
    }
    const { createAccount } = await calls();
    if (createAccount === undefined) return;
    dispatch({ type: 'busy' });
    dispatch({ type: 'outcome', outcome: await createAccount(email, password, locale) });
  }

  return (
    <section className="card" aria-labelledby="verify-code-tpa-heading">
      <h1 id="verify-code-tpa-heading">{t('createTpa.verify.heading')}</h1>
      <FormError message={errorText?.message} />
      {query !== null && !emailKnown && (
        <>
          <p role="alert">{t('createTpa.verify.noEmail')}</p>
          <p>
            <a className="button primary" href={loginPath}>
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
