/**
 * setting/auth-types (spec §2 auth-types-2fa-settings, §4): the ways the
 * signed-in player can verify — the authenticator, a text to the number on
 * file, an email code, or a backup code when a second factor is on. Texts and
 * emails are sent when chosen; an email answer that says "bypassed" goes
 * straight on to the target.
 */
import { navigate } from '../../../client/navigation/browser';
import { routeHref } from '../../../client/navigation/href';
import type { AccountState } from '../../../client/stores/account';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { usePageQuery } from '../../shared/use-page-query';
import { useSubmit } from '../../shared/use-submit';
import { useAccount } from '../../settings/account';
import { handleSettingsError } from '../../settings/handle-error';
import { primaryFactor } from '../../settings/two-factor';
import type { CodeMethod } from '../code/code-input';
import { MethodList, type MethodChoice } from '../code/MethodList';
import { SETTINGS_VERIFY_ROUTES } from '../login/routes';
import { maskPhone } from '../security/mask-phone';
import { settingsMethods } from './settings-verification';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import * as routes from '../../../routes/refs';

/**
 * The sends and the flow's end (a bypassed verification) load with the action path at idle, not with the page
 * (page budget, docs/performance.md): the end of a flow carries the lookup of routes by name, about 1.2 KB br.
 */
const sends = onDemandModule(() => Promise.all([import('./start'), import('../../../client/navigation/flow-end')]));

export interface SettingsAuthTypesProps {
  strings: Strings;
  locale: Locale;
}

export function SettingsAuthTypes({ strings, locale }: SettingsAuthTypesProps) {
  useWarmPath(sends);
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const { busy, code, setCode, run, stayBusy } = useSubmit();
  const formText = useErrorText(strings, code);
  // The route the verification returns to, by name: its purpose (an unknown name is the default's).
  const target = query.get('route_to') ?? undefined;

  async function choose(account: AccountState, method: CodeMethod) {
    if (busy) return;
    setCode(undefined);
    if (method === 'TOTP' || method === 'BACKUP_CODE') {
      navigate(SETTINGS_VERIFY_ROUTES[method]);
      return;
    }
    // The send alone runs busy: the form is free again before the settings handler opens a refusal's dialog.
    const refusal = await run(async () => {
      const [{ sendSettingsEmailCode, sendSettingsSms }, { redirectAfterFlow }] = sends.loaded() ?? (await sends());
      if (method === 'SMS') {
        const [error] = await sendSettingsSms(account);
        if (error) return error;
        stayBusy();
        navigate(SETTINGS_VERIFY_ROUTES.SMS);
        return undefined;
      }
      const [error, result] = await sendSettingsEmailCode(target);
      if (error) return error;
      stayBusy();
      if (result.isBypassed === true) redirectAfterFlow();
      else navigate(SETTINGS_VERIFY_ROUTES.EMAIL);
      return undefined;
    });
    if (refusal === undefined) return;
    const outcome = await handleSettingsError(refusal);
    if (outcome.kind === 'form') setCode(outcome.code);
  }

  let choices: MethodChoice[] = [];
  if (view.status === 'ready') {
    const account = view.account;
    const primary = primaryFactor(account);
    choices = settingsMethods(account).map((method) => ({
      method,
      primary: method === primary,
      detail:
        method === 'SMS' && account.phoneNumber
          ? t('mfa.authTypes.smsTo', { phone: maskPhone(account.phoneNumber) })
          : method === 'EMAIL' && account.email
            ? t('mfa.authTypes.emailTo', { email: account.email })
            : t(`mfa.authTypes.detail.${method}`),
    }));
  }

  return (
    <>
      <section className="card" aria-labelledby="settings-auth-types-heading" aria-busy={busy || undefined}>
        <h1 id="settings-auth-types-heading">{t('mfa.settings.authTypes.heading')}</h1>
        <p className="muted">{t('mfa.settings.why')}</p>
        <FormError message={formText?.message} />
        {view.status === 'loading' && <p className="loading-line">{t('settings.common.loading')}</p>}
        {view.status === 'unavailable' && <p>{t('settings.common.unavailable')}</p>}
        {view.status === 'ready' && (
          <MethodList
            t={t}
            choices={choices}
            disabled={busy}
            onChoose={(method) => void choose(view.account, method)}
          />
        )}
        <p className="form-footer">
          <a href={routeHref(locale, { route: routes.security, query: { route_to: undefined } }, query)}>
            {t('dialog.cancel')}
          </a>
        </p>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default SettingsAuthTypes;
