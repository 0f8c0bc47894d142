/**
 * Change email (spec §2 setting/change-email). Step 1: the new address and,
 * when the account has one, the current password (an account without one
 * answers "verify first", 20008, and goes through settings verification,
 * spec §4). Step 2: the 6-digit code sent to the new address (valid 30
 * minutes, spec §9). Then the old address gets a notice with a revert link
 * (docs/settings.md). 20010 / 20011: the address belongs to another account
 * or region.
 */
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { confirmEmailChange, requestEmailChange } from '../../../client/api/profile';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useSubmit } from '../../shared/use-submit';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { PasswordField } from '../../shared/PasswordField';
import { refreshAccount } from '../../shared/refresh-account';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';
import { usePageQuery } from '../../shared/use-page-query';
import { useAccount } from '../account';
import { handleSettingsError } from '../handle-error';
import * as routes from '../../../routes/refs';

export interface ChangeEmailProps {
  strings: Strings;
  locale: Locale;
}

type Step = 'request' | 'code' | 'done';

/** The code step loads once the code is sent. */
const CodeStep = lazy(() => import('./CodeStep'));

/** Wrong password, address of another account or region: shown in the form (docs/settings.md). */
const IN_FORM = new Set(['20002', '20010', '20011']);
type EmailIssue =
  'settings.changeEmail.emailRequired' | 'settings.changeEmail.emailInvalid' | 'settings.changeEmail.sameEmail';

export function ChangeEmail({ strings, locale }: ChangeEmailProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const [step, setStep] = useState<Step>('request');
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<EmailIssue | undefined>(undefined);
  const [passwordError, setPasswordError] = useState(false);
  const submit = useSubmit();
  const { busy, code: errorCode, setCode: setErrorCode } = submit;
  const [resent, setResent] = useState(false);
  const error = useErrorText(strings, errorCode);
  const back = routeHref(locale, { route: routes.personalInfo }, query);
  const language = serverLocaleCode(locale);

  const account = view.status === 'ready' ? view.account : undefined;
  const withPassword = account?.hasPassword !== false;

  async function emailIssue(value: string): Promise<EmailIssue | undefined> {
    const trimmed = value.trim();
    if (trimmed === '') return 'settings.changeEmail.emailRequired';
    // The address rule loads with the first check, not with the page.
    const { EMAIL_PATTERN } = await import('../../../shared/contract/formats');
    if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) return 'settings.changeEmail.emailInvalid';
    // Addresses compare without case, as the API stores them.
    if (account?.email && trimmed.toLowerCase() === account.email.toLowerCase())
      return 'settings.changeEmail.sameEmail';
    return undefined;
  }

  async function fail(failure: Parameters<typeof handleSettingsError>[0]) {
    // Refusals of what the player typed belong beside the form, not in the sign-in dialog (20002) or a modal.
    if (!failure.navigating && IN_FORM.has(failure.code)) {
      setErrorCode(failure.code);
      return;
    }
    const outcome = await handleSettingsError(failure);
    if (outcome.kind === 'form') setErrorCode(outcome.code);
  }

  async function sendCode(): Promise<boolean> {
    const settled = await submit.run(() =>
      settle(
        requestEmailChange({
          newEmail: newEmail.trim(),
          ...(withPassword ? { password } : {}),
          language,
        }),
      ),
    );
    if (settled === undefined) return false;
    const [failure] = settled;
    if (failure) {
      await fail(failure);
      return false;
    }
    return true;
  }

  async function onRequest(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setErrorCode(undefined);
    const issue = await emailIssue(newEmail);
    const noPassword = withPassword && password === '';
    setEmailError(issue);
    setPasswordError(noPassword);
    if (issue !== undefined || noPassword) return;
    if (await sendCode()) {
      setStep('code');
      setResent(false);
    }
  }

  async function onConfirm(code: string) {
    if (busy) return;
    const settled = await submit.run(() => settle(confirmEmailChange({ newEmail: newEmail.trim(), code, language })));
    if (settled === undefined) return;
    const [failure] = settled;
    if (failure) {
      await fail(failure);
      return;
    }
    setPassword('');
    setStep('done');
    await refreshAccount();
    // Issue 12: after an email change, offer to sign out the other sessions (loaded now, not with the page).
    const { offerSignOutOthers } = await import('../../shared/sign-out-others');
    await offerSignOutOthers({ locale });
  }

  async function resend() {
    if (busy) return;
    setErrorCode(undefined);
    if (await sendCode()) setResent(true);
  }

  return (
    <>
      <section className="card" aria-labelledby="change-email-heading">
        <h1 id="change-email-heading">{t('settings.changeEmail.heading')}</h1>
        {view.status === 'loading' && (
          <p className="loading-line" role="status">
            {t('settings.changeEmail.loading')}
          </p>
        )}
        {view.status === 'unavailable' && <p>{t('settings.changeEmail.unavailable')}</p>}
        {account !== undefined && account.emailVerified !== true && (
          <div className="alert" role="note">
            <p className="alert-text">{t('settings.changeEmail.verifyFirst')}</p>
          </div>
        )}
        {account !== undefined && account.emailVerified === true && step === 'request' && (
          <form method="post" noValidate onSubmit={(e) => void onRequest(e)}>
            <p className="muted">{t('settings.changeEmail.current', { email: account.email ?? '' })}</p>
            <FormError message={error?.message} />
            <TextField
              label={t('settings.changeEmail.newEmail')}
              name="newEmail"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={newEmail}
              onValueChange={(value) => {
                setNewEmail(value);
                if (emailError !== undefined) void emailIssue(value).then(setEmailError);
              }}
              error={emailError === undefined ? undefined : t(emailError)}
            />
            {withPassword ? (
              <PasswordField
                t={t}
                label={t('settings.changeEmail.password')}
                name="password"
                autoComplete="current-password"
                maxLength={128}
                value={password}
                onValueChange={(value) => {
                  setPassword(value);
                  if (passwordError) setPasswordError(value === '');
                }}
                hint={t('settings.changeEmail.passwordHint')}
                error={passwordError ? t('settings.changeEmail.passwordRequired') : undefined}
              />
            ) : (
              <p className="muted">{t('settings.changeEmail.verifyHint')}</p>
            )}
            <SubmitButton busy={busy} busyLabel={t('settings.changeEmail.sending')}>
              {t('settings.changeEmail.sendCode')}
            </SubmitButton>
          </form>
        )}
        {step === 'code' && (
          <Suspense fallback={<span className="spinner small" aria-hidden="true" />}>
            <CodeStep
              t={t}
              email={newEmail.trim()}
              busy={busy}
              message={error?.message}
              resent={resent}
              onConfirm={(code) => void onConfirm(code)}
              onResend={() => void resend()}
              onOtherAddress={() => {
                setStep('request');
                setErrorCode(undefined);
              }}
            />
          </Suspense>
        )}
        {step === 'done' && (
          <div role="status">
            <p>{t('settings.changeEmail.done', { email: newEmail.trim() })}</p>
            <p className="muted">{t('settings.changeEmail.doneNotice', { days: 7 })}</p>
          </div>
        )}
        <p className="links">
          <a href={back}>{t('settings.changeEmail.back')}</a>
        </p>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default ChangeEmail;
