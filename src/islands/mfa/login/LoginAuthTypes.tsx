/**
 * login/auth-types (spec §2, issue 6): after the password, the account's
 * two-step methods, primary first — authenticator app, a text message to the
 * masked number, or a backup code. Choosing SMS texts the code first.
 */
import { useEffect, useState } from 'react';
import { navigate } from '../../../client/navigation/browser';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import type { AuthTypesResponse } from '../../../shared/contract/mfa';
import { formErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { usePageQuery } from '../../shared/use-page-query';
import type { CodeMethod } from '../code/code-input';
import { MethodList, type MethodChoice } from '../code/MethodList';
import { orderMethods } from '../code/methods';
import { loginStepError, type LoginStepError } from './login-errors';
import { loadAuthTypes, loginMethods, pendingSignIn, sendLoginSms, type PendingSignIn } from './second-step';
import { LOGIN_VERIFY_ROUTES } from './routes';

export interface LoginAuthTypesProps {
  strings: Strings;
  locale: Locale;
}

type State =
  | { readonly status: 'loading' }
  | { readonly status: 'no-sign-in'; readonly reason: 'none' | 'not-email' | 'failed' }
  | { readonly status: 'ready'; readonly pending: PendingSignIn; readonly data: AuthTypesResponse };

export function LoginAuthTypes({ strings, locale }: LoginAuthTypesProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [failure, setFailure] = useState<LoginStepError | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const pending = pendingSignIn();
    if (typeof pending === 'string') {
      setState({ status: 'no-sign-in', reason: pending });
      return;
    }
    void loadAuthTypes(pending).then(([error, data]) => {
      if (error) {
        setState({ status: 'no-sign-in', reason: 'failed' });
        setFailure(loginStepError(error));
        return;
      }
      setState({ status: 'ready', pending, data });
    });
  }, []);

  async function choose(pending: PendingSignIn, method: CodeMethod) {
    if (busy || method === 'EMAIL') return;
    setFailure(undefined);
    if (method === 'SMS') {
      setBusy(true);
      const [error] = await sendLoginSms(pending);
      setBusy(false);
      if (error) {
        setFailure(loginStepError(error));
        return;
      }
    }
    navigate(LOGIN_VERIFY_ROUTES[method], method === 'SMS' ? { query: { sent: '1' } } : {});
  }

  const loginHref = routeHref(locale, { name: 'login' }, query);
  const failureText =
    failure === undefined
      ? undefined
      : failure.kind === 'expired'
        ? t('mfa.login.expired')
        : formErrorText(t, strings, failure.code).message;

  let choices: MethodChoice[] = [];
  if (state.status === 'ready') {
    const methods = orderMethods(loginMethods(state.data), state.data.primaryAuthType);
    choices = methods.map((method) => ({
      method,
      primary: method === state.data.primaryAuthType,
      detail:
        method === 'SMS' && state.data.phoneNo !== null
          ? t('mfa.authTypes.smsTo', { phone: state.data.phoneNo })
          : t(`mfa.authTypes.detail.${method}`),
    }));
  }

  return (
    <section className="card" aria-labelledby="auth-types-heading" aria-busy={busy || undefined}>
      <h1 id="auth-types-heading">{t('mfa.login.authTypes.heading')}</h1>
      <p className="muted">{t('mfa.login.authTypes.intro')}</p>
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
      {state.status === 'ready' && (
        <MethodList t={t} choices={choices} disabled={busy} onChoose={(method) => void choose(state.pending, method)} />
      )}
      <p className="form-footer">
        <a href={loginHref}>{t('mfa.login.otherAccount')}</a>
      </p>
    </section>
  );
}

export default LoginAuthTypes;
