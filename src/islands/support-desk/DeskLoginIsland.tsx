/**
 * login/zendesk (spec §2, §7, §8 20100; docs/support-desk.md): Contact Support of a blocked account on global.
 * The player confirms the account (email or ID, password, the captcha as on login); the API answers a one-time
 * token (login/token) that becomes the support desk's single-sign-on URL (login/zendesk), and the page goes
 * there. The form is rendered at build time; the calls, captcha and error texts load on demand (./desk-submit).
 * In a region without the desk sign-in the screen points at the region's help center instead.
 */
import { useStore } from '@nanostores/react';
import region from '@region';
import { lazy, Suspense, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { unifiedCalls } from '../../client/navigation/page';
import { $captcha, CAPTCHA_FORM_KEYS } from '../../client/stores/captcha';
import { createT, type Strings, type T } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import type { DeskOutcome } from './desk-submit';
import { HelpCenter } from './HelpCenter';

// Loaded only when the configuration (or a 20072) asks for the visible captcha.
const CaptchaV2 = lazy(() => import('../../client/captcha/CaptchaV2').then((m) => ({ default: m.CaptchaV2 })));

let submitLoad: Promise<typeof import('./desk-submit')> | undefined;
function submitCode(): Promise<typeof import('./desk-submit')> {
  submitLoad ??= import('./desk-submit').catch((error: unknown) => {
    // A failed fetch (offline) is tried again on the next use.
    submitLoad = undefined;
    throw error;
  });
  return submitLoad;
}

export interface DeskLoginIslandProps {
  strings: Strings;
  locale: Locale;
  /** The login screen's path, built from the registry at build time (the page ships no route table). */
  loginPath: string;
}

export function DeskLoginIsland({ strings, loginPath }: DeskLoginIslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  if (!region.supportViaDeskLogin)
    return <HelpCenter t={t} headingId="desk-login-heading" heading={t('supportDesk.login.title')} />;
  return <DeskLoginForm t={t} strings={strings} loginPath={loginPath} />;
}

type Shown = Exclude<DeskOutcome, { kind: 'leaving' }> | null;

function DeskLoginForm({ t, strings, loginPath }: { t: T; strings: Strings; loginPath: string }) {
  const { showCaptcha, v2Token } = useStore($captcha, { keys: CAPTCHA_FORM_KEYS });
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  const idRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorText = useErrorText(strings, shown?.kind === 'error' ? shown.code : undefined);

  const idError = showErrors && id.trim() === '' ? t('supportDesk.login.id.required') : undefined;
  const passwordError = showErrors && password === '' ? t('supportDesk.login.password.required') : undefined;
  const captchaError = showErrors && showCaptcha && v2Token === null ? t('form.captcha.required') : undefined;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    if (id.trim() === '') {
      idRef.current?.focus();
      return;
    }
    if (password === '') {
      passwordRef.current?.focus();
      return;
    }
    if (showCaptcha && v2Token === null) return;
    setBusy(true);
    setShown(null);
    let outcome: DeskOutcome;
    try {
      const { openDeskWithPassword } = await submitCode();
      outcome = await openDeskWithPassword({ id: id.trim(), password }, unifiedCalls());
    } catch {
      outcome = { kind: 'error', code: 'NETWORK_ERROR' };
    }
    if (outcome.kind === 'leaving') return;
    setBusy(false);
    setShown(outcome);
  }

  const message =
    shown?.kind === 'error'
      ? errorText?.message
      : shown?.kind === 'retry'
        ? t('supportDesk.login.retry')
        : shown?.kind === 'not-blocked'
          ? t('supportDesk.login.notBlocked')
          : undefined;

  return (
    <form
      method="post"
      className="card"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onFocus={() => void submitCode().catch(() => undefined)}
      aria-labelledby="desk-login-heading"
    >
      <h1 id="desk-login-heading">{t('supportDesk.login.heading')}</h1>
      <p>{t('supportDesk.login.intro')}</p>
      {shown?.kind === 'external' && <p role="status">{t('supportDesk.external.body')}</p>}
      <FormError
        message={message}
        support={errorText?.showSupport === true ? { href: region.supportUrl, label: t('error.support') } : undefined}
      >
        {shown?.kind === 'not-blocked' && (
          <p>
            <a href={loginPath}>{t('supportDesk.login.signIn')}</a>
          </p>
        )}
      </FormError>
      <TextField
        ref={idRef}
        label={t('supportDesk.login.id.label')}
        name="id"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        required
        value={id}
        onValueChange={(v) => {
          setId(v);
          setShown(null);
        }}
        error={idError}
      />
      <PasswordField
        ref={passwordRef}
        t={t}
        label={t('supportDesk.login.password.label')}
        name="password"
        autoComplete="current-password"
        maxLength={128}
        required
        value={password}
        onValueChange={(v) => {
          setPassword(v);
          setShown(null);
        }}
        error={passwordError}
      />
      {showCaptcha && (
        <Suspense fallback={null}>
          <CaptchaV2 label={t('form.captcha.label')} error={captchaError} />
        </Suspense>
      )}
      <SubmitButton busy={busy} busyLabel={t('supportDesk.login.submitting')}>
        {t('supportDesk.login.submit')}
      </SubmitButton>
    </form>
  );
}
