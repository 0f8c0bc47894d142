/**
 * global/{platform}/verify-linking/code, /sms and /2fa (spec §2): the second
 * factor that completes linking the console to the account — an emailed code
 * (accounts without a second factor), a texted code, or the authenticator's
 * code with a backup code as the alternative. The code form is the sign-in's
 * (CodeForm); the call is linking/verify, then link-success with the email
 * and player tag.
 * Its code form is CodeForm (backup codes 4+4), not the verify-code family's step: docs/screens.md says why.
 */
import { useEffect, useRef, useState } from 'react';
import { currentLocale, navigate } from '../../client/navigation/browser';
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import type { ConsolePlatform } from '../../shared/contract/platform';
import { CodeForm } from '../mfa/code/CodeForm';
import { useErrorText } from '../shared/error-message';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { useSubmit } from '../shared/use-submit';
import { platformCalls } from './calls';
import { platformFailure } from './failure';
import { platformNameKey } from './platform-name';
import { usePendingLink } from './use-linking';
import * as routes from '../../routes/refs';

export interface LinkVerifyProps {
  strings: Strings;
  locale: Locale;
  platform: ConsolePlatform;
  /** The screen's factor: 2fa is TOTP (a backup code may stand in). */
  factor: 'TOTP' | 'SMS' | 'EMAIL';
}

export function LinkVerify({ strings, locale, platform, factor }: LinkVerifyProps) {
  const t = createT(strings);
  const name = t(platformNameKey(platform));
  const [method, setMethod] = useState<'TOTP' | 'SMS' | 'EMAIL' | 'BACKUP_CODE'>(factor);
  const [notice, setNotice] = useState('');
  // A refusal's code is what the platform's error rules leave for the form (a dialog or a navigation shows none).
  const { busy, code, setCode, run, stayBusy } = useSubmit({ onError: (e) => platformFailure(e, platform) });
  const error = useErrorText(strings, code);
  const sent = useRef(false);

  const pending = usePendingLink(platform, (e) => void platformFailure(e, platform).then(setCode));

  function send(again: boolean) {
    if (factor === 'TOTP') return;
    setNotice('');
    void run(async () => {
      const language = serverLocaleCode(currentLocale());
      await (await platformCalls()).requestLinkCode(platform, { authType: factor, language });
      if (again) setNotice(t('platform.verify.resent'));
    });
  }

  // The texted or emailed code goes out when the screen opens with a linking step in progress.
  useEffect(() => {
    if (pending === undefined || pending === 'none' || sent.current) return;
    sent.current = true;
    send(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- send once, when the pending step is known
  }, [pending]);

  function submit(value: string) {
    void run(async () => {
      const linked = await (await platformCalls()).verifyLink(platform, { authType: method, code: value });
      // The page leaves: the form stays busy until it has gone.
      stayBusy();
      navigate(routes.platformLinkSuccess, {
        params: { platform },
        query: { email: linked.email, ...(linked.playerTag === null ? {} : { tag: linked.playerTag }) },
      });
    });
  }

  const loginHref = routeHref(locale, { route: routes.platformLogin, params: { platform } });
  const missing = pending === 'none';
  const target = factor === 'SMS' ? (pending !== undefined && pending !== 'none' ? (pending.phoneNo ?? '') : '') : '';
  const email = pending !== undefined && pending !== 'none' ? pending.email : '';
  const intro =
    method === 'SMS'
      ? t('platform.verify.SMS.intro', { phone: target })
      : method === 'EMAIL'
        ? t('platform.verify.EMAIL.intro', { email })
        : t(`platform.verify.${method}.intro`);

  return (
    <>
      <CodeForm
        key={method}
        t={t}
        method={method}
        heading={t(`platform.verify.${method}.heading`, { platform: name })}
        intro={<p>{intro}</p>}
        formError={missing ? t('platform.verify.expired') : error?.message}
        formErrorExtra={
          missing ? (
            <p>
              <a href={loginHref}>{t('platform.verify.startAgain')}</a>
            </p>
          ) : undefined
        }
        busy={busy}
        submitLabel={t('platform.verify.submit')}
        onCode={submit}
        footer={
          <div className="links">
            {pending !== undefined && pending !== 'none' && pending.authTypes.length > 1 && (
              <a href={routeHref(locale, { route: routes.platformVerifyLinkingAuthTypes, params: { platform } })}>
                {t('platform.verify.otherMethod')}
              </a>
            )}
            {factor === 'TOTP' && (
              <button
                type="button"
                className="button link"
                onClick={() => setMethod(method === 'TOTP' ? 'BACKUP_CODE' : 'TOTP')}
              >
                {t(method === 'TOTP' ? 'platform.verify.useBackup' : 'platform.verify.useAuthenticator')}
              </button>
            )}
          </div>
        }
      >
        {factor !== 'TOTP' && (
          <>
            <p className="status-line" role="status">
              {notice}
            </p>
            <p>
              <button type="button" className="button link" disabled={busy || missing} onClick={() => send(true)}>
                {t('platform.verify.resend')}
              </button>
            </p>
          </>
        )}
      </CodeForm>
      <LazyDialogHost strings={strings} />
    </>
  );
}
