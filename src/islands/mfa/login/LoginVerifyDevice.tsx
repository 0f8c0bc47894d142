/**
 * login/verify-device (spec §2, §4 step 7): "we don't recognise this device"
 * — the trusted-device verification entry of a sign-in whose device is not
 * trusted. It offers the account's primary method at once (a text is sent
 * when that is SMS) and the full list of methods (login/auth-types). The
 * password step may land here or on auth-types; both lead to the same code
 * screens.
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
import { orderMethods } from '../code/methods';
import { loginStepError, type LoginStepError } from './login-errors';
import { LOGIN_VERIFY_ROUTES } from './routes';
import { loadAuthTypes, loginMethods, pendingSignIn, sendLoginSms, type PendingSignIn } from './second-step';

export interface LoginVerifyDeviceProps {
  strings: Strings;
  locale: Locale;
}

type State =
  | { readonly status: 'loading' }
  | { readonly status: 'no-sign-in'; readonly reason: 'none' | 'not-email' | 'failed' }
  | { readonly status: 'ready'; readonly pending: PendingSignIn; readonly data: AuthTypesResponse };

export function LoginVerifyDevice({ strings, locale }: LoginVerifyDeviceProps) {
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

  const primary =
    state.status === 'ready'
      ? orderMethods(loginMethods(state.data), state.data.primaryAuthType).find((m) => m !== 'BACKUP_CODE')
      : undefined;

  async function continueWithPrimary(pending: PendingSignIn) {
    if (busy || primary === undefined || primary === 'EMAIL') return;
    setFailure(undefined);
    if (primary === 'SMS') {
      setBusy(true);
      const [error] = await sendLoginSms(pending);
      setBusy(false);
      if (error) {
        setFailure(loginStepError(error));
        return;
      }
    }
    navigate(LOGIN_VERIFY_ROUTES[primary]);
  }

  const loginHref = routeHref(locale, { name: 'login' }, query);
  const failureText =
    failure === undefined
      ? undefined
      : failure.kind === 'expired'
        ? t('mfa.login.expired')
        : formErrorText(t, strings, failure.code).message;

  return (
    <section className="card" aria-labelledby="device-heading" aria-busy={busy || undefined}>
      <h1 id="device-heading">{t('mfa.login.device.heading')}</h1>
      <p className="muted">{t('mfa.login.device.intro')}</p>
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
      {state.status === 'ready' && primary !== undefined && (
        <div className="actions">
          <button
            type="button"
            className="button primary"
            aria-disabled={busy || undefined}
            onClick={() => void continueWithPrimary(state.pending)}
          >
            {t('mfa.login.device.continueWith', { method: t(`mfa.method.${primary}`) })}
          </button>
          <a className="button" href={routeHref(locale, { name: 'login-auth-types' }, query)}>
            {t('mfa.code.otherMethod')}
          </a>
        </div>
      )}
      <p className="form-footer">
        <a href={loginHref}>{t('mfa.login.otherAccount')}</a>
      </p>
    </section>
  );
}

export default LoginVerifyDevice;
