/**
 * login/verify-device (spec §4 step 7): the code was accepted and this device
 * is now trusted under the name the server suggested. The player may rename
 * it — the rename is skipped when the name is unchanged or the player
 * declines — and the sign-in then completes.
 */
import { useEffect, useState } from 'react';
import { renameTrustedDevice } from '../../../client/api/trusted-devices';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { getDeviceId } from '../../../client/stores/device';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { FormError } from '../../shared/FormError';
import { formErrorText } from '../../shared/error-message';
import { usePageQuery } from '../../shared/use-page-query';
import { TextField } from '../../shared/TextField';
import { deviceNameError } from '../../trusted-devices/name-rules';
import { suggestedDeviceName } from '../../trusted-devices/suggestion';
import { loginStepError, type LoginStepError } from './login-errors';
import { completeSignIn, pendingSignIn, type PendingSignIn } from './second-step';

export interface LoginVerifyDeviceProps {
  strings: Strings;
  locale: Locale;
}

export function LoginVerifyDevice({ strings, locale }: LoginVerifyDeviceProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const [pending, setPending] = useState<PendingSignIn | 'none' | 'not-email' | undefined>(undefined);
  const [suggested, setSuggested] = useState<string | undefined>(undefined);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoginStepError | undefined>(undefined);

  useEffect(() => {
    setPending(pendingSignIn());
    void suggestedDeviceName().then((value) => {
      setSuggested(value);
      setName(value);
    });
  }, []);

  const invalidKey = deviceNameError(name);

  async function finish(rename: boolean) {
    if (pending === undefined || typeof pending === 'string' || busy) return;
    setTouched(true);
    if (rename && invalidKey !== undefined) return;
    setBusy(true);
    setFailure(undefined);
    const trimmed = name.trim();
    // Spec §4 step 7: no rename when the name is unchanged or the player declines.
    if (rename && trimmed !== (suggested ?? '').trim()) {
      const [error] = await settle(renameTrustedDevice({ deviceId: getDeviceId(), name: trimmed }));
      if (error) {
        setBusy(false);
        setFailure(loginStepError(error));
        return;
      }
    }
    const completeError = await completeSignIn(pending);
    if (completeError) {
      setBusy(false);
      setFailure(loginStepError(completeError));
    }
  }

  const loginHref = routeHref(locale, { name: 'login' }, query);
  const missing = pending === 'none' || pending === 'not-email';
  const failureText = missing
    ? t('mfa.login.expired')
    : failure === undefined
      ? undefined
      : failure.kind === 'expired'
        ? t('mfa.login.expired')
        : formErrorText(t, strings, failure.code).message;

  return (
    <form
      className="card"
      noValidate
      aria-labelledby="device-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void finish(true);
      }}
    >
      <h1 id="device-heading">{t('mfa.login.device.heading')}</h1>
      <p className="muted">{t('mfa.login.device.intro')}</p>
      <FormError message={failureText}>
        {(missing || failure?.kind === 'expired') && (
          <p>
            <a href={loginHref}>{t('mfa.login.signInAgain')}</a>
          </p>
        )}
      </FormError>
      <TextField
        label={t('trustedDevices.nameDialog.label')}
        hint={t('trustedDevices.nameDialog.hint')}
        value={name}
        autoComplete="off"
        onValueChange={(v) => {
          setName(v);
          setTouched(true);
        }}
        error={touched && invalidKey !== undefined ? t(invalidKey) : undefined}
      />
      <div className="actions">
        <button
          type="submit"
          className="button primary"
          aria-disabled={busy || (touched && invalidKey !== undefined) || undefined}
        >
          {busy && <span className="spinner small" aria-hidden="true" />}
          <span>{t('mfa.login.device.save')}</span>
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void finish(false)}>
          {t('mfa.login.device.skip')}
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {busy ? t('mfa.common.working') : ''}
      </p>
    </form>
  );
}

export default LoginVerifyDevice;
