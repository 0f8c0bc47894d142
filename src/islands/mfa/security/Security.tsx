/**
 * setting/security (spec §2, §4 "Two-factor"): the authenticator app (set up,
 * default or secondary, turn off), SMS verification (turn on with phone
 * verification, default or secondary, turn off), backup codes, the default
 * method, and the trusted devices. Protected changes answer 20008 (N=9) when
 * the session must be verified first; the settings error handler then runs
 * the settings verification (spec §4) and brings the player back here. They
 * also need a verified email, checked here first (./settings/email-first).
 */
import { useState } from 'react';
import { disableSms, disableTotp } from '../../../client/api/mfa';
import { confirmDialog } from '../../../client/dialogs/queue';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import type { AccountState } from '../../../client/stores/account';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { usePageQuery } from '../../shared/use-page-query';
import { useAccount } from '../../settings/account';
import { refreshAccount } from '../../shared/refresh-account';
import { ensureEmailVerified } from '../../settings/email-first';
import { handleSettingsError } from '../../settings/handle-error';
import { enabledFactors, primaryFactor, type SecondFactor } from '../../settings/two-factor';
import type { MfaDialogContext } from '../dialogs/open';
import { maskPhone } from './mask-phone';
import { useSubmit } from '../../shared/use-submit';
import * as routes from '../../../routes/refs';

export interface SecurityProps {
  strings: Strings;
  locale: Locale;
}

export function Security({ strings, locale }: SecurityProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const submit = useSubmit();
  const { busy, code: formCode, setCode: setFormCode } = submit;
  const formText = useErrorText(strings, formCode);
  const [notice, setNotice] = useState('');
  const ctx: MfaDialogContext = { t, locale };

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setNotice('');
    await submit.run(work);
  }

  async function turnOff(account: AccountState, method: SecondFactor) {
    if (!(await ensureEmailVerified(account))) return;
    const ok = await confirmDialog({
      titleKey: `mfa.security.${method}.offTitle`,
      messageKey: `mfa.security.${method}.offBody`,
      confirmKey: 'mfa.security.turnOff',
    });
    if (!ok) return;
    const [error] = await settle(method === 'TOTP' ? disableTotp() : disableSms());
    if (error) {
      const outcome = await handleSettingsError(error);
      if (outcome.kind === 'form') setFormCode(outcome.code);
      return;
    }
    await refreshAccount();
    setNotice(t('mfa.security.turnedOff', { method: t(`mfa.method.${method}`) }));
  }

  const choosePrimary = (account: AccountState) =>
    run(async () => {
      if (!(await ensureEmailVerified(account))) return;
      const { choosePrimary: open } = await import('../dialogs/open');
      if (await open(ctx, enabledFactors(account), primaryFactor(account))) {
        const updated = await refreshAccount();
        const method = updated === null ? undefined : primaryFactor(updated);
        if (method !== undefined) setNotice(t('mfa.security.primaryChanged', { method: t(`mfa.method.${method}`) }));
      }
    });

  const enableSms = (account: AccountState) =>
    run(async () => {
      if (!(await ensureEmailVerified(account))) return;
      const { enableSmsFlow } = await import('../dialogs/open-enable-sms');
      if (await enableSmsFlow(ctx, account)) setNotice(t('mfa.security.turnedOn', { method: t('mfa.method.SMS') }));
    });

  const backupCodes = (account: AccountState) =>
    run(async () => {
      const { showBackupCodes } = await import('../dialogs/open');
      await showBackupCodes(ctx, account.email ?? undefined);
    });

  const authenticatorHref = routeHref(locale, { route: routes.authenticatorEnable }, query);
  const devicesHref = routeHref(locale, { route: routes.manageTrustedDevices }, query);

  function methodState(account: AccountState, method: SecondFactor) {
    const on = enabledFactors(account);
    if (!on.includes(method)) return <span className="badge">{t('settings.common.off')}</span>;
    return (
      <span className="badge on">
        {t(primaryFactor(account) === method ? 'mfa.security.default' : 'mfa.security.secondary')}
      </span>
    );
  }

  function body(account: AccountState) {
    const on = enabledFactors(account);
    const primary = primaryFactor(account);
    return (
      <>
        <p>
          {on.length > 0
            ? t('mfa.security.statusOn', { method: t(`mfa.method.${primary ?? 'TOTP'}`) })
            : t('mfa.security.statusOff')}
        </p>
        <ul className="item-list">
          <li className="item">
            <h2 className="item-title">
              {t('mfa.method.TOTP')} {methodState(account, 'TOTP')}
            </h2>
            <p className="muted">{t('mfa.security.TOTP.about')}</p>
            <div className="actions">
              {on.includes('TOTP') ? (
                <>
                  {primary !== 'TOTP' && (
                    <button type="button" className="button" onClick={() => void choosePrimary(account)}>
                      {t('mfa.security.makeDefault')}
                    </button>
                  )}
                  <button type="button" className="button" onClick={() => void run(() => turnOff(account, 'TOTP'))}>
                    {t('mfa.security.turnOffNamed', { method: t('mfa.method.TOTP') })}
                  </button>
                </>
              ) : (
                <a
                  className="button primary"
                  href={authenticatorHref}
                  onClick={(event) => {
                    // The set-up page would only be refused (20038) while the email is unverified.
                    if (account.emailVerified !== false) return;
                    event.preventDefault();
                    void ensureEmailVerified(account);
                  }}
                >
                  {t('mfa.security.TOTP.setUp')}
                </a>
              )}
            </div>
          </li>
          <li className="item">
            <h2 className="item-title">
              {t('mfa.method.SMS')} {methodState(account, 'SMS')}
            </h2>
            <p className="muted">
              {on.includes('SMS') && account.phoneNumber
                ? t('mfa.security.SMS.onAbout', { phone: maskPhone(account.phoneNumber) })
                : t('mfa.security.SMS.about')}
            </p>
            <div className="actions">
              {on.includes('SMS') ? (
                <>
                  {primary !== 'SMS' && (
                    <button type="button" className="button" onClick={() => void choosePrimary(account)}>
                      {t('mfa.security.makeDefault')}
                    </button>
                  )}
                  <button type="button" className="button" onClick={() => void run(() => turnOff(account, 'SMS'))}>
                    {t('mfa.security.turnOffNamed', { method: t('mfa.method.SMS') })}
                  </button>
                </>
              ) : (
                <button type="button" className="button primary" onClick={() => void enableSms(account)}>
                  {t('mfa.security.SMS.turnOn')}
                </button>
              )}
            </div>
          </li>
          <li className="item">
            <h2 className="item-title">{t('mfa.backupCodes.title')}</h2>
            <p className="muted">
              {t(on.length > 0 ? 'mfa.security.backup.about' : 'mfa.security.backup.needsMethod')}
            </p>
            {on.length > 0 && (
              <div className="actions">
                <button type="button" className="button" onClick={() => void backupCodes(account)}>
                  {t('mfa.security.backup.show')}
                </button>
              </div>
            )}
          </li>
          <li className="item">
            <h2 className="item-title">{t('mfa.security.devices.title')}</h2>
            <p className="muted">
              {t('mfa.security.devices.about', { count: String(account.trustedDeviceCount ?? 0) })}
            </p>
            <div className="actions">
              <a className="button" href={devicesHref}>
                {t('mfa.security.devices.manage')}
              </a>
            </div>
          </li>
        </ul>
      </>
    );
  }

  /**
   * The list's shape while the account loads (built into the page): its titles, and placeholders for what depends on
   * the account, so the sections below do not jump down by the list's height when it arrives (the page's layout
   * shift was 0.22 without it; docs/performance.md "Layout shift on the settings pages").
   */
  function loadingBody() {
    const titles = [
      'mfa.method.TOTP',
      'mfa.method.SMS',
      'mfa.backupCodes.title',
      'mfa.security.devices.title',
    ] as const;
    return (
      <>
        <p className="loading-line">{t('settings.common.loading')}</p>
        <ul className="item-list" aria-hidden="true">
          {titles.map((key) => (
            <li key={key} className="item">
              <h2 className="item-title">{t(key)}</h2>
              <p className="muted">
                <span className="skeleton-line" />
              </p>
              <div className="actions">
                <span className="skeleton-button" />
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      <section className="card" aria-labelledby="security-heading" aria-busy={busy || undefined}>
        <h1 id="security-heading">{t('mfa.security.heading')}</h1>
        <FormError message={formText?.message} />
        <p role="status" className="status-line">
          {notice}
        </p>
        {view.status === 'loading' && loadingBody()}
        {view.status === 'unavailable' && <p>{t('settings.common.unavailable')}</p>}
        {view.status === 'ready' && body(view.account)}
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default Security;
