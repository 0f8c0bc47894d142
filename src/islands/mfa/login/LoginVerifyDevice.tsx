/**
 * login/verify-device (spec §2, §4 step 7): "we don't recognise this device"
 * — the trusted-device verification entry of a sign-in whose device is not
 * trusted. It offers the account's primary method at once (a text is sent
 * when that is SMS) and the full list of methods (login/auth-types). The
 * password step may land here or on auth-types; both lead to the same code
 * screens.
 */
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { usePageQuery } from '../../shared/use-page-query';
import { orderMethods } from '../code/methods';
import { AuthTypesStatus, useAuthTypesStep } from './auth-types-step';
import { loginMethods } from './pending-sign-in';
import * as routes from '../../../routes/refs';

export interface LoginVerifyDeviceProps {
  strings: Strings;
  locale: Locale;
}

export function LoginVerifyDevice({ strings, locale }: LoginVerifyDeviceProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const { state, failure, busy, startMethod } = useAuthTypesStep();

  const primary =
    state.status === 'ready'
      ? orderMethods(loginMethods(state.data), state.data.primaryAuthType).find((m) => m !== 'BACKUP_CODE')
      : undefined;

  const loginHref = routeHref(locale, { route: routes.login }, query);

  return (
    <section className="card" aria-labelledby="device-heading" aria-busy={busy || undefined}>
      <h1 id="device-heading">{t('mfa.login.device.heading')}</h1>
      <p className="muted">{t('mfa.login.device.intro')}</p>
      <AuthTypesStatus t={t} strings={strings} state={state} failure={failure} loginHref={loginHref} />
      {state.status === 'ready' && primary !== undefined && (
        <div className="actions">
          <button
            type="button"
            className="button primary"
            aria-disabled={busy || undefined}
            onClick={() => void startMethod(state.pending, primary)}
          >
            {t('mfa.login.device.continueWith', { method: t(`mfa.method.${primary}`) })}
          </button>
          <a className="button" href={routeHref(locale, { route: routes.loginAuthTypes }, query)}>
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
