/**
 * The settings verification code screens (spec §2 named settings
 * verification screens, §4): setting/verify-code (authenticator),
 * setting/verify-sms (texted code, can be resent), setting/verify-account
 * (emailed code, can be resent) and setting/verify-backup-code. A correct
 * code verifies the session for a few minutes, for the change the screen that
 * asked (route_to) makes and no other (purposeFor); the player then goes on to
 * that screen through the default redirect.
 * Not the verify-code family's step: its file (610 B br) is more than these pages have left (docs/screens.md).
 */
import { useState } from 'react';
import type { ApiError } from '../../../client/http/api-error';
import { redirectPolicy } from '../../../client/navigation/browser';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { usePageQuery } from '../../shared/use-page-query';
import { useSubmit } from '../../shared/use-submit';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import { useAccount } from '../../settings/account';
import { handleSettingsError } from '../../settings/handle-error';
import { maskPhone } from '../security/mask-phone';
import { CodeForm } from '../code/CodeForm';
import type { CodeMethod } from '../code/code-input';
import { SETTINGS_VERIFY_ROUTES } from '../login/routes';
import * as routes from '../../../routes/refs';

/**
 * The screen's calls load with the action path at idle (../../shared/warm-path), not with the page (page budget,
 * docs/performance.md): the code check, the purpose it is made for, the resend, and the flow's end after them.
 * A click then finds them loaded and its call leaves without waiting on the network.
 */
const calls = onDemandModule(() =>
  Promise.all([
    import('../../../client/api/mfa'),
    import('./start'),
    import('./settings-verification'),
    import('../../../client/navigation/flow-end'),
  ]),
);

export interface SettingsVerifyProps {
  strings: Strings;
  locale: Locale;
  method: CodeMethod;
}

export function SettingsVerify({ strings, locale, method }: SettingsVerifyProps) {
  useWarmPath(calls);
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const submit = useSubmit({ onError: failed });
  const { busy } = submit;
  const [notice, setNotice] = useState('');
  // The route the verification returns to, by name: its purpose (an unknown name is the default's).
  const target = query.get('route_to') ?? undefined;
  const account = view.status === 'ready' ? view.account : undefined;
  // Spec §4: a failed code request on the previous screen is the account's form error.
  const shownCode = submit.code ?? account?.formErrorCode;
  const formText = useErrorText(strings, shownCode);

  /**
   * Navigation and dialogs as usual (nothing shown in the form then); any other failure is told in the form. The
   * handler loads with the first failure.
   */
  async function failed(error: ApiError): Promise<string | undefined> {
    const { mainErrorAction } = await import('../../../client/errors/main-handler');
    const main = mainErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
    if (main.kind === 'reject') return error.navigating ? undefined : error.code;
    await handleSettingsError(error);
    return undefined;
  }

  function verify(code: string) {
    // Inside the run: a click while the check runs changes nothing, not even the notice.
    void submit.run(async () => {
      setNotice('');
      const [{ verifySettingsCode }, , { purposeFor }, { redirectAfterFlow }] = calls.loaded() ?? (await calls());
      await verifySettingsCode({ authType: method, code, purpose: purposeFor(target) });
      // The page leaves: the form stays busy until it has.
      submit.stayBusy();
      redirectAfterFlow();
    });
  }

  function resend() {
    void submit.run(async () => {
      const [, { sendSettingsEmailCode, sendSettingsSms }, , { redirectAfterFlow }] = calls.loaded() ?? (await calls());
      if (method === 'SMS') {
        if (account === undefined) return;
        const [error] = await sendSettingsSms(account);
        if (error) throw error;
        setNotice(t('mfa.sms.resent'));
        return;
      }
      const [error, result] = await sendSettingsEmailCode(target);
      if (error) throw error;
      if (result.isBypassed === true) {
        submit.stayBusy();
        redirectAfterFlow();
      } else setNotice(t('mfa.settings.EMAIL.resent'));
    });
  }

  let intro: string;
  if (method === 'SMS')
    intro = account?.phoneNumber
      ? t('mfa.settings.SMS.intro', { phone: maskPhone(account.phoneNumber) })
      : t('mfa.settings.SMS.introNoPhone');
  else if (method === 'EMAIL') intro = t('mfa.settings.EMAIL.intro', { email: account?.email ?? '' });
  else intro = t(`mfa.settings.${method}.intro`);

  return (
    <>
      <CodeForm
        t={t}
        method={method}
        heading={t(`mfa.settings.${method}.heading`)}
        intro={
          <>
            <p>{t('mfa.settings.why')}</p>
            <p>{intro}</p>
          </>
        }
        formError={formText?.message}
        busy={busy}
        submitLabel={t('mfa.settings.submit')}
        onCode={verify}
        footer={
          <div className="links">
            <a href={routeHref(locale, { route: routes.authTypes2faSettings }, query)}>{t('mfa.code.otherMethod')}</a>
            {method === 'TOTP' && (
              <a href={routeHref(locale, { route: SETTINGS_VERIFY_ROUTES.BACKUP_CODE }, query)}>
                {t('mfa.code.useBackup')}
              </a>
            )}
            <a href={routeHref(locale, { route: routes.security, query: { route_to: undefined } }, query)}>
              {t('dialog.cancel')}
            </a>
          </div>
        }
      >
        {(method === 'SMS' || method === 'EMAIL') && (
          <>
            <p className="status-line" role="status">
              {notice}
            </p>
            <p>
              <button type="button" className="button link" onClick={resend}>
                {t(method === 'SMS' ? 'mfa.sms.resend' : 'mfa.settings.EMAIL.resend')}
              </button>
            </p>
          </>
        )}
      </CodeForm>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default SettingsVerify;
