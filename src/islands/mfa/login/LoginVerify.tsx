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
import { CodeForm } from '../code/CodeForm';
import { loginStepError, useLoginFailureText, type LoginStepError } from './login-errors';
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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoginStepError | undefined>(undefined);
  const [notice, setNotice] = useState('');

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

  async function submit(code: string) {
    if (pending === undefined || typeof pending === 'string' || busy) return;
    setBusy(true);
    setFailure(undefined);
    setNotice('');
    const { completeSignIn, verifyLoginCode } = await calls();
    const [error] = await verifyLoginCode(pending, method, code, remember);
    if (error) {
      setBusy(false);
      setFailure(loginStepError(error));
      return;
    }
    if (remember) {
      const { confirmTrustedDeviceName } = await import('../../trusted-devices/device-dialogs');
      await confirmTrustedDeviceName({ t });
    }
    const completeError = await completeSignIn(pending);
    if (completeError) {
      setBusy(false);
      setFailure(loginStepError(completeError));
    }
  }

  async function resend() {
    if (pending === undefined || typeof pending === 'string' || busy) return;
    setBusy(true);
    setFailure(undefined);
    const [error] = await (await calls()).sendLoginSms(pending);
    setBusy(false);
    if (error) setFailure(loginStepError(error));
    else setNotice(t('mfa.sms.resent'));
  }

  const loginHref = routeHref(locale, { route: routes.login }, query);
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
        onCode={(code) => void submit(code)}
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
              <button type="button" className="button link" onClick={() => void resend()}>
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
