/**
 * self-reset-password (spec §2, §4): without a session it is the first step
 * of "reset password" (the email or ID); with a verified session
 * (showPasswordFields) or a reset link's token (`?token=`, the support-case
 * approval and /reset/request-reset) it takes the new password. The server
 * checks the §5 rules and the last 5 passwords; every session of the account
 * ends with the reset.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { currentQuery } from '../../client/navigation/page';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { clearFlow, handleFlowError, readFlow } from './flow';
import { successRoute, type ResetVariant } from './reset-variants';
import type { StartForm as StartFormType } from './StartForm';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import { useSubmit } from '../shared/use-submit';

/** The reset's calls: loaded with the action path at idle (../shared/warm-path). */
const selfServiceCalls = onDemandModule(() => import('../../client/api/self-service'));

export interface ResetPasswordProps {
  strings: Strings;
  locale: Locale;
  /** Started on a global screen (docs/global-screens.md): the flow's password and success pages are its own. */
  variant?: ResetVariant | undefined;
}

type Mode =
  | { kind: 'loading' }
  | { kind: 'start'; setup: boolean; Form: typeof StartFormType }
  | { kind: 'password'; serial?: string; token?: string };

export function ResetPassword({ strings, locale, variant }: ResetPasswordProps) {
  useWarmPath(selfServiceCalls);
  const t = createT(strings);
  const [mode, setMode] = useState<Mode>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [issue, setIssue] = useState<'empty' | 'mismatch' | null>(null);
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const error = useErrorText(strings, code);

  useEffect(() => {
    const query = currentQuery();
    const token = query.get('token');
    const flow = readFlow();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the page's query is read once mounted (the built HTML has none), and the screen follows it
    if (token !== null && token.length > 0) setMode({ kind: 'password', token });
    else if (query.get('showPasswordFields') === 'true' && flow?.operationType === 'resetPassword')
      setMode({ kind: 'password', serial: flow.serialNumber });
    else {
      // The start form comes with the page's first moment after hydration: it is not part of the page's start-up
      // code (page budget), and the password fields do not need it.
      const setup = query.get('isSetupPassword') === 'true';
      void import('./StartForm').then(({ StartForm }) => {
        setMode({ kind: 'start', setup, Form: StartForm });
      });
    }
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode.kind !== 'password' || busy) return;
    const problem = password.length === 0 ? 'empty' : password !== confirm ? 'mismatch' : null;
    setIssue(problem);
    if (problem !== null) return;
    const { token, serial } = mode;
    await submit.run(async () => {
      const api = await selfServiceCalls();
      const language = serverLocaleCode(locale);
      const [failure] = await settle(
        token !== undefined
          ? api.resetPasswordWithToken({ token, password, language })
          : api.resetSelfServicePassword({ serialNumber: serial ?? '', password, language }),
      );
      if (failure) {
        setCode(await handleFlowError(failure));
        return;
      }
      // The page is leaving: the button stays busy.
      submit.stayBusy();
      clearFlow();
      navigate(successRoute(variant), { query: { token: undefined, showPasswordFields: undefined } });
    });
  }

  if (mode.kind === 'loading') return <section className="card" aria-busy="true" />;
  if (mode.kind === 'start')
    return <mode.Form strings={strings} operation="resetPassword" setup={mode.setup} variant={variant} />;
  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h1>{t('selfService.reset.heading')}</h1>
      <p>{t('selfService.reset.intro')}</p>
      <FormError message={error?.message} />
      <PasswordField
        t={t}
        label={t('selfService.reset.password')}
        name="password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        hint={t('selfService.reset.rules')}
        error={issue === 'empty' ? t('selfService.reset.required') : undefined}
      />
      <PasswordField
        t={t}
        label={t('selfService.reset.confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onValueChange={setConfirm}
        error={issue === 'mismatch' ? t('selfService.reset.mismatch') : undefined}
      />
      <SubmitButton busy={busy} busyLabel={t('selfService.reset.saving')}>
        {t('selfService.reset.submit')}
      </SubmitButton>
    </form>
  );
}
