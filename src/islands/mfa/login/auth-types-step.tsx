/**
 * What login/auth-types and login/verify-device share: the pending sign-in's
 * methods loaded once, the failure of the step, starting a method's code
 * screen (texting the code first for SMS), and the status lines above the
 * choices (the error, loading, or no sign-in to continue).
 */
import { useEffect, useState } from 'react';
import { navigate, type NavigateOptions } from '../../../client/navigation/browser';
import type { Strings, T } from '../../../client/t';
import type { AuthTypesResponse } from '../../../shared/contract/mfa';
import { FormError } from '../../shared/FormError';
import type { CodeMethod } from '../code/code-input';
import { loginStepError, useLoginFailureText, type LoginStepError } from './login-errors';
import { LOGIN_VERIFY_ROUTES } from './routes';
import { pendingSignIn, type PendingSignIn } from './pending-sign-in';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';

/** The step's calls, with the first one (the methods, fetched on mount): not part of the page's start. */
const calls = onDemandModule(() => import('./second-step'));

export type AuthTypesState =
  | { readonly status: 'loading' }
  | { readonly status: 'no-sign-in'; readonly reason: 'none' | 'not-email' | 'failed' }
  | { readonly status: 'ready'; readonly pending: PendingSignIn; readonly data: AuthTypesResponse };

export function useAuthTypesStep() {
  useWarmPath(calls);
  // Its own load and busy flag, not useLoaded/useSubmit: the two hooks' files would make login/auth-types load 13
  // (11 of 12 now, 75,372 B br in the heaviest build, session 29; issue 25).
  const [state, setState] = useState<AuthTypesState>({ status: 'loading' });
  const [failure, setFailure] = useState<LoginStepError | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const pending = pendingSignIn();
    if (typeof pending === 'string') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the pending sign-in is in the tab's storage, read once mounted (the built HTML cannot know it)
      setState({ status: 'no-sign-in', reason: pending });
      return;
    }
    void calls()
      .then((m) => m.loadAuthTypes(pending))
      .then(([error, data]) => {
        if (error) {
          setState({ status: 'no-sign-in', reason: 'failed' });
          setFailure(loginStepError(error));
          return;
        }
        setState({ status: 'ready', pending, data });
      });
  }, []);

  /** Goes to the method's code screen; for SMS the code is texted first and a failed send stays here. */
  async function startMethod(pending: PendingSignIn, method: CodeMethod, options: NavigateOptions = {}) {
    if (busy || method === 'EMAIL') return;
    setFailure(undefined);
    if (method === 'SMS') {
      setBusy(true);
      const [error] = await (await calls()).sendLoginSms(pending);
      setBusy(false);
      if (error) {
        setFailure(loginStepError(error));
        return;
      }
    }
    navigate(LOGIN_VERIFY_ROUTES[method], options);
  }

  // setFailure: the passkey choice (./PasskeyStep) reports its failures beside the methods' own.
  return { state, failure, busy, startMethod, setFailure };
}

export interface AuthTypesStatusProps {
  t: T;
  strings: Strings;
  state: AuthTypesState;
  failure: LoginStepError | undefined;
  loginHref: string;
}

/** The error (with a way back to the password step when the sign-in expired), loading, or no sign-in. */
export function AuthTypesStatus({ t, strings, state, failure, loginHref }: AuthTypesStatusProps) {
  const failureText = useLoginFailureText(t, strings, failure);
  return (
    <>
      <FormError message={failureText}>
        {failure?.kind === 'expired' && (
          <p>
            <a href={loginHref}>{t('mfa.login.signInAgain')}</a>
          </p>
        )}
      </FormError>
      {state.status === 'loading' && <p className="loading-line">{t('mfa.common.loading')}</p>}
      {state.status === 'no-sign-in' && state.reason !== 'failed' && (
        <p>
          {t(state.reason === 'not-email' ? 'mfa.login.needsEmail' : 'mfa.login.expired')}{' '}
          <a href={loginHref}>{t('mfa.login.signInAgain')}</a>
        </p>
      )}
    </>
  );
}
