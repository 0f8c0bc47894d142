/**
 * The settings verification code screens (spec §2 named settings
 * verification screens, §4): setting/verify-code (authenticator),
 * setting/verify-sms (texted code, can be resent), setting/verify-account
 * (emailed code, can be resent) and setting/verify-backup-code. A correct
 * code verifies the session for a few minutes, for the change the screen that
 * asked (route_to) makes and no other (purposeFor); the player then goes on to
 * that screen through the default redirect.
 * Not the verify-code family's step: its file (610 B br, a 12th file) would put these pages over budget (docs/screens.md).
 */
import { useState } from 'react';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { redirectPolicy } from '../../../client/navigation/browser';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import { isRouteName } from '../../../client/navigation/routes';
import type { Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { usePageQuery } from '../../shared/use-page-query';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import { useAccount } from '../../settings/account';
import { handleSettingsError } from '../../settings/handle-error';
import { maskPhone } from '../security/mask-phone';
import { CodeForm } from '../code/CodeForm';
import type { CodeMethod } from '../code/code-input';
import { SETTINGS_VERIFY_ROUTES } from '../login/routes';

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
  // Its own busy flag rather than the kit's useSubmit: the hook would be one more file (431 B br) on a page within
  // 0.4 KB and one file of its budget (measured, issue 25; docs/performance.md "Headroom").
  const [busy, setBusy] = useState(false);
  const [formCode, setFormCode] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState('');
  const routeTo = query.get('route_to');
  const target = routeTo !== null && isRouteName(routeTo) ? routeTo : undefined;
  const account = view.status === 'ready' ? view.account : undefined;
  // Spec §4: a failed code request on the previous screen is the account's form error.
  const shownCode = formCode ?? account?.formErrorCode;
  const formText = useErrorText(strings, shownCode);

  /** Navigation and dialogs as usual; any other failure is told in the form. (The handler loads with the first.) */
  async function failed(error: ApiError) {
    const { mainErrorAction } = await import('../../../client/errors/main-handler');
    const main = mainErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
    if (main.kind === 'reject') {
      if (!error.navigating) setFormCode(error.code);
      return;
    }
    await handleSettingsError(error);
  }

  async function submit(code: string) {
    if (busy) return;
    setBusy(true);
    setFormCode(undefined);
    setNotice('');
    const [{ verifySettingsCode }, , { purposeFor }, { redirectAfterFlow }] = calls.loaded() ?? (await calls());
    const [error] = await settle(verifySettingsCode({ authType: method, code, purpose: purposeFor(target) }));
    if (error) {
      setBusy(false);
      await failed(error);
      return;
    }
    redirectAfterFlow();
  }

  async function resend() {
    if (busy) return;
    setBusy(true);
    setFormCode(undefined);
    const [, { sendSettingsEmailCode, sendSettingsSms }, , { redirectAfterFlow }] = calls.loaded() ?? (await calls());
    if (method === 'SMS') {
      const [error] = account === undefined ? [undefined] : await sendSettingsSms(account);
      setBusy(false);
      if (error) await failed(error);
      else setNotice(t('mfa.sms.resent'));
      return;
    }
    const [error, result] = await sendSettingsEmailCode(target);
    setBusy(false);
    if (error) await failed(error);
    else if (result.isBypassed === true) redirectAfterFlow();
    else setNotice(t('mfa.settings.EMAIL.resent'));
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
        onCode={(code) => void submit(code)}
        footer={
          <div className="links">
            <a href={routeHref(locale, { name: 'auth-types-2fa-settings' }, query)}>{t('mfa.code.otherMethod')}</a>
            {method === 'TOTP' && (
              <a href={routeHref(locale, { name: SETTINGS_VERIFY_ROUTES.BACKUP_CODE }, query)}>
                {t('mfa.code.useBackup')}
              </a>
            )}
            <a href={routeHref(locale, { name: 'security', query: { route_to: undefined } }, query)}>
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
              <button type="button" className="button link" onClick={() => void resend()}>
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
