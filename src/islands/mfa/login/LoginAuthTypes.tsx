/**
 * login/auth-types (spec §2, issue 6): after the password, the account's
 * two-step methods, primary first — authenticator app, a text message to the
 * masked number, or a backup code. Choosing SMS texts the code first.
 */
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { usePageQuery } from '../../shared/use-page-query';
import { MethodList, type MethodChoice } from '../code/MethodList';
import { orderMethods } from '../code/methods';
import { AuthTypesStatus, useAuthTypesStep } from './auth-types-step';
import { PasskeyStep } from './PasskeyStep';
import { loginMethods } from './pending-sign-in';
import * as routes from '../../../routes/refs';

export interface LoginAuthTypesProps {
  strings: Strings;
  locale: Locale;
}

export function LoginAuthTypes({ strings, locale }: LoginAuthTypesProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const { state, failure, busy, startMethod, setFailure } = useAuthTypesStep();

  const loginHref = routeHref(locale, { route: routes.login }, query);

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
      <AuthTypesStatus t={t} strings={strings} state={state} failure={failure} loginHref={loginHref} />
      {state.status === 'ready' && (
        <MethodList
          t={t}
          choices={choices}
          disabled={busy}
          onChoose={(method) =>
            void startMethod(state.pending, method, method === 'SMS' ? { query: { sent: '1' } } : {})
          }
        />
      )}
      {state.status === 'ready' && state.data.passkey === true && (
        <PasskeyStep t={t} pending={state.pending} disabled={busy} onFailure={setFailure} />
      )}
      <p className="form-footer">
        <a href={loginHref}>{t('mfa.login.otherAccount')}</a>
      </p>
    </section>
  );
}

export default LoginAuthTypes;
