/**
 * setting/authenticator-enable (spec §2, §4 "Two-factor", issue 6): a new
 * authenticator secret is started on arrival; the player adds it to any
 * standard authenticator app (scanning the QR code of the otpauth URI,
 * opening the otpauth link, or typing the secret, shown grouped in fours
 * with a copy button), then confirms with a 6-digit
 * code, as the default method or a secondary one. Success opens the MFA
 * success dialog, which offers backup codes, then returns to security.
 * Starting the set-up needs a verified email (checked first) and a recently
 * verified session: the server answers 20008 (N=9) and the settings
 * verification runs first (spec §4).
 */
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { confirmTotp } from '../../../client/api/totp-enrolment';
import { startTotpEnrolmentAtMount } from '../../../client/api/totp-start';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { navigate } from '../../../client/navigation/browser';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { checkVerificationCode } from '../../../shared/validation/code-format';
import { Checkbox } from '../../shared/Checkbox';
import { CodeInput } from '../../shared/CodeInput';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useSubmit } from '../../shared/use-submit';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { SubmitButton } from '../../shared/SubmitButton';
import { usePageQuery } from '../../shared/use-page-query';
import { accountWhenLoaded, useAccount } from '../../settings/account';
import { refreshAccount } from '../../shared/refresh-account';
import { ensureEmailVerified } from '../../settings/email-first';
import { handleSettingsError, inlineCodeOf } from '../../settings/handle-error';
import { enabledFactors } from '../../settings/two-factor';
import { groupSecret, plainSecret } from './secret';
import * as routes from '../../../routes/refs';

/**
 * The QR code is drawn once an enrolment has started (after a call), so its component loads then, not with the
 * page (page budget, docs/performance.md); the frame below keeps its place meanwhile.
 */
const AuthenticatorQr = lazy(() => import('./AuthenticatorQr').then((m) => ({ default: m.AuthenticatorQr })));

export interface AuthenticatorEnableProps {
  strings: Strings;
  locale: Locale;
}

type Enrolment =
  | { readonly status: 'starting' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly secret: string; readonly otpauthUri: string };

export function AuthenticatorEnable({ strings, locale }: AuthenticatorEnableProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const [enrolment, setEnrolment] = useState<Enrolment>({ status: 'starting' });
  const [code, setCode] = useState('');
  const [primary, setPrimary] = useState(true);
  const [showErrors, setShowErrors] = useState(false);
  const [codeFailure, setCodeFailure] = useState<string | undefined>(undefined);
  const codeFailureText = useErrorText(strings, codeFailure);
  const submit = useSubmit();
  const { busy, code: formCode, setCode: setFormCode } = submit;
  const formText = useErrorText(strings, formCode);
  const [copied, setCopied] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  // Another method already on: the player chooses the order; otherwise the authenticator becomes the default.
  const canBeSecondary = view.status === 'ready' && enabledFactors(view.account).length > 0;

  async function handle(error: ApiError) {
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  useEffect(() => {
    // One enrolment per attempt (React may run effects twice in development).
    if (started.current === attempt) return;
    started.current = attempt;
    void (async () => {
      // An unverified email would only be refused (20038): offer its verification instead.
      if (!(await ensureEmailVerified(await accountWhenLoaded(), routes.security))) {
        setEnrolment({ status: 'failed' });
        return;
      }
      const [error, result] = await settle(startTotpEnrolmentAtMount());
      if (error) {
        setEnrolment({ status: 'failed' });
        const outcome = await handleSettingsError(error);
        if (outcome.kind === 'form') setFormCode(outcome.code);
        return;
      }
      setEnrolment({ status: 'ready', secret: result.secret, otpauthUri: result.otpauthUri });
    })();
    // setFormCode is the submit hook's state setter: the same function on every render.
  }, [attempt, setFormCode]);

  const codeCheck = checkVerificationCode(code);
  const codeError = codeFailureText?.message ?? (showErrors && 'error' in codeCheck ? t(codeCheck.error) : undefined);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    setFormCode(undefined);
    if ('error' in codeCheck) return;
    const asPrimary = primary || !canBeSecondary;
    // Busy until the page leaves after success; a failure is handled once the form is free again.
    const error = await submit.run(async () => {
      const [failure] = await settle(confirmTotp({ code: codeCheck.code, primary: asPrimary }));
      if (failure) return failure;
      submit.stayBusy();
      const account = await refreshAccount();
      const { showMfaSuccess } = await import('../dialogs/open');
      await showMfaSuccess({ t, locale }, 'TOTP', account?.email ?? undefined);
      navigate(routes.security, { replace: true });
      return undefined;
    });
    if (error === undefined) return;
    const inline = await inlineCodeOf(error);
    if (inline === undefined) await handle(error);
    else setCodeFailure(inline);
  }

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(plainSecret(secret));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <>
      <section className="card" aria-labelledby="authenticator-heading">
        <h1 id="authenticator-heading">{t('mfa.authenticator.heading')}</h1>
        <p className="muted">{t('mfa.authenticator.intro')}</p>
        <FormError message={formText?.message} />
        {enrolment.status === 'starting' && <p className="loading-line">{t('settings.common.loading')}</p>}
        {enrolment.status === 'failed' && (
          <p>
            <button
              type="button"
              className="button"
              onClick={() => {
                setFormCode(undefined);
                setEnrolment({ status: 'starting' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('settings.common.retry')}
            </button>
          </p>
        )}
        {enrolment.status === 'ready' && (
          <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="authenticator-heading">
            <ol className="steps-list">
              <li>
                <h2>{t('mfa.authenticator.step1.title')}</h2>
                <p>{t('mfa.authenticator.step1.body')}</p>
              </li>
              <li>
                <h2>{t('mfa.authenticator.step2.title')}</h2>
                <p>{t('mfa.authenticator.step2.body')}</p>
                <div className="qr-setup">
                  <Suspense fallback={<div className="qr-frame" />}>
                    <AuthenticatorQr uri={enrolment.otpauthUri} label={t('mfa.authenticator.qrLabel')} />
                  </Suspense>
                  <div className="qr-setup-text">
                    <p>
                      <a className="button" href={enrolment.otpauthUri}>
                        {t('mfa.authenticator.openApp')}
                      </a>
                    </p>
                    <p id="secret-label">{t('mfa.authenticator.secretLabel')}</p>
                    <p className="secret" aria-labelledby="secret-label" data-secret>
                      {groupSecret(enrolment.secret)}
                    </p>
                    <p className="actions">
                      <button type="button" className="button" onClick={() => void copy(enrolment.secret)}>
                        {t('mfa.authenticator.copy')}
                      </button>
                      <span role="status" className="muted">
                        {copied ? t('mfa.authenticator.copied') : ''}
                      </span>
                    </p>
                    <p className="muted">{t('mfa.authenticator.secretHint')}</p>
                  </div>
                </div>
              </li>
              <li>
                <h2>{t('mfa.authenticator.step3.title')}</h2>
                <CodeInput
                  label={t('mfa.code.label')}
                  hint={t('mfa.authenticator.codeHint')}
                  value={code}
                  onValueChange={(v) => {
                    setCode(v);
                    setCodeFailure(undefined);
                  }}
                  error={codeError}
                />
                {canBeSecondary && (
                  <Checkbox label={t('mfa.authenticator.makePrimary')} checked={primary} onCheckedChange={setPrimary} />
                )}
              </li>
            </ol>
            <div className="actions">
              <SubmitButton busy={busy} busyLabel={t('mfa.common.working')} className="button primary">
                {t('mfa.authenticator.turnOn')}
              </SubmitButton>
              <a className="button" href={routeHref(locale, { route: routes.security }, query)}>
                {t('dialog.cancel')}
              </a>
            </div>
          </form>
        )}
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default AuthenticatorEnable;
