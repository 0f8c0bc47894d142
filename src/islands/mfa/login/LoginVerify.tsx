/**
 * login/verify-code, login/verify-sms, login/verify-backup-code (spec §2,
 * issue 6): the code of the chosen method — the authenticator's 6 digits, the
 * texted code (5 minutes, can be resent), or a single-use backup code shown
 * 4+4 — with "remember this device" (preset from the sign-in's remember me).
 * A remembered device gets the trusted-device confirm dialog (rename skipped
 * when unchanged or declined); then the sign-in completes here.
 * Its code form is CodeForm (backup codes 4+4), not the verify-code family's step: docs/screens.md says why.
 */
import { useEffect, useState } from 'react';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { Checkbox } from '../../shared/Checkbox';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { usePageQuery } from '../../shared/use-page-query';
import { useSubmit } from '../../shared/use-submit';
import { CodeForm } from '../code/CodeForm';
import { loginStepCode, loginStepFailure, useLoginFailureText } from './login-errors';
import { LOGIN_VERIFY_ROUTES } from './routes';
import { pendingSignIn, type PendingSignIn } from './pending-sign-in';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import * as routes from '../../../routes/refs';

/** The step's calls, with the first one (on mount for the SMS screen, else on submit): not part of the page's start. */
const calls = onDemandModule(() => import('./second-step'));

export interface LoginVerifyProps {
  strings: Strings;
  locale: Locale;
  method: 'TOTP' | 'SMS' | 'BACKUP_CODE';
}

export function LoginVerify({ strings, locale, method }: LoginVerifyProps) {
  useWarmPath(calls);
  const t = createT(strings);
  const query = usePageQuery();
  const [pending, setPending] = useState<PendingSignIn | 'none' | 'not-email' | undefined>(undefined);
  const [phone, setPhone] = useState<string | null>(null);
  const [remember, setRemember] = useState(false);
  const [notice, setNotice] = useState('');
  // A refusal shows its code in the form; 20001 (the pending sign-in is gone) has its own text and link.
  const { busy, code, run, stayBusy } = useSubmit({ onError: loginStepCode });

  useEffect(() => {
    const found = pendingSignIn();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the pending sign-in is in the tab's storage, read once mounted (the built HTML cannot know it)
    setPending(found);
    if (typeof found === 'string') return;
    setRemember(found.rememberMe);
    // The masked number for the SMS screen (the auth-types answer holds it).
    if (method === 'SMS')
      void calls()
        .then((m) => m.loadAuthTypes(found))
        .then(([, data]) => {
          setPhone(data?.phoneNo ?? null);
        });
  }, [method]);

  function submit(value: string) {
    if (pending === undefined || typeof pending === 'string') return;
    setNotice('');
    void run(async () => {
      const { completeSignIn, verifyLoginCode } = await calls();
      const [error] = await verifyLoginCode(pending, method, value, remember);
      if (error) throw error;
      if (remember) {
        const { confirmTrustedDeviceName } = await import('../../trusted-devices/device-dialogs');
        await confirmTrustedDeviceName({ t });
      }
      const completeError = await completeSignIn(pending);
      if (completeError) throw completeError;
      // The sign-in completed: the page is leaving for where the sign-in goes.
      stayBusy();
    });
  }

  function resend() {
    if (pending === undefined || typeof pending === 'string') return;
    void run(async () => {
      const [error] = await (await calls()).sendLoginSms(pending);
      if (error) throw error;
      setNotice(t('mfa.sms.resent'));
    });
  }

  const loginHref = routeHref(locale, { route: routes.login }, query);
  const failure = loginStepFailure(code);
  const failureText = useLoginFailureText(t, strings, failure);
  const missing = pending === 'none' || pending === 'not-email';

  const intro =
    method === 'SMS' ? (
      <p>{phone === null ? t('mfa.login.SMS.introNoPhone') : t('mfa.login.SMS.intro', { phone })}</p>
    ) : (
      <p>{t(`mfa.login.${method}.intro`)}</p>
    );

  return (
    <>
      <CodeForm
        t={t}
        method={method}
        heading={t(`mfa.login.${method}.heading`)}
        intro={intro}
        formError={missing ? t(pending === 'not-email' ? 'mfa.login.needsEmail' : 'mfa.login.expired') : failureText}
        formErrorExtra={
          missing || failure?.kind === 'expired' ? (
            <p>
              <a href={loginHref}>{t('mfa.login.signInAgain')}</a>
            </p>
          ) : undefined
        }
        busy={busy}
        submitLabel={t('mfa.login.submit')}
        onCode={submit}
        footer={
          <div className="links">
            <a href={routeHref(locale, { route: routes.loginAuthTypes }, query)}>{t('mfa.code.otherMethod')}</a>
            {method === 'TOTP' && (
              <a href={routeHref(locale, { route: LOGIN_VERIFY_ROUTES.BACKUP_CODE }, query)}>
                {t('mfa.code.useBackup')}
              </a>
            )}
          </div>
        }
      >
        {method === 'SMS' && (
          <>
            <p className="status-line" role="status">
              {notice}
            </p>
            <p>
              <button type="button" className="button link" onClick={resend}>
                {t('mfa.sms.resend')}
              </button>
            </p>
          </>
        )}
        <Checkbox
          label={t('mfa.login.remember')}
          hint={t('mfa.login.rememberHint')}
          checked={remember}
          onCheckedChange={setRemember}
        />
      </CodeForm>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default LoginVerify;
