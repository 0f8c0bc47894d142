/**
 * create-legacy (spec §2, issue 17; docs/legacy.md "migrate"): a player whose
 * account still signs in with an ID of the old system (no usable email: the
 * sign-in answers 20184) moves it to a new email ID.
 *
 *   ID, password, new email ─► code emailed to it ─► migrate {id, password, newId, refId: code}
 *
 * The code is the sign-up email code (its calls never tell whether an address
 * is registered). The server checks everything again; this form only spares a
 * round trip. A wrong ID or password (20002) brings the first step back with
 * the code kept: it is used up only by a migration that succeeds.
 */
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { migrateAccount } from '../../client/api/launcher-login';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { checkEmail } from '../../shared/validation/email-format';
import { CODE_LENGTH } from '../shared/CodeInput';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { rememberMigratedAccount } from './migrated-account';
import { useSubmit } from '../shared/use-submit';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import * as routes from '../../routes/refs';

// The new ID's code step and its code request (./NewIdCode), the details' next screen: not with the page
// (docs/screens.md budget) but at idle after hydration (issue 25 §1), so the send's click and answer wait on no code.
const newIdCode = onDemandModule(() => import('./NewIdCode'));
const NewIdCodeStep = lazy(() => newIdCode().then((m) => ({ default: m.NewIdCodeStep })));
const sendNewIdCode = (address: string, locale: IslandProps['locale']) =>
  newIdCode().then((m) => m.sendNewIdCode(address, locale));

type Step = 'details' | 'code';
type FieldErrors = Partial<Record<'id' | 'password' | 'email' | 'code', string>>;

export function CreateLegacy({ strings, locale }: IslandProps) {
  useWarmPath(newIdCode);
  const t = createT(strings);
  const [step, setStep] = useState<Step>('details');
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run, stayBusy } = useSubmit();
  const [resent, setResent] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);

  async function sendCode(address: string): Promise<boolean> {
    const refused = await sendNewIdCode(address, locale);
    if (typeof refused === 'string') setFailure(refused);
    return refused === undefined;
  }

  async function onDetails(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = checkEmail(email);
    const next: FieldErrors = {
      ...(id.trim() === '' ? { id: t('createLegacy.idRequired') } : {}),
      ...(password === '' ? { password: t('createLegacy.passwordRequired') } : {}),
      ...('error' in checked ? { email: t(checked.error) } : {}),
    };
    setErrors(next);
    setFailure(undefined);
    if (Object.keys(next).length > 0 || 'error' in checked) return;
    const sent = await run(() => sendCode(checked.email));
    if (sent !== true) return;
    setEmail(checked.email);
    setCode('');
    setResent(false);
    setStep('code');
  }

  async function onCode() {
    if (busy) return;
    setFailure(undefined);
    if (code.length !== CODE_LENGTH) {
      setErrors({ code: t('error.input.verificationCode') });
      return;
    }
    setErrors({});
    // Busy until the page leaves after success; a refusal is shown once the form is free again.
    const failed = await run(async () => {
      const [refusal] = await settle(migrateAccount({ id: id.trim(), password, newId: email, refId: code }));
      if (refusal) return refusal;
      stayBusy();
      rememberMigratedAccount(email);
      navigate(routes.loginMigrationComplete, { replace: true });
      return undefined;
    });
    if (failed === undefined || failed.navigating) return;
    // A wrong ID or password is the first step's to fix; the code stays valid for the next try.
    if (failed.code === '20002') setStep('details');
    setFailure(failed.code);
  }

  async function resend() {
    if (busy) return;
    setFailure(undefined);
    await run(async () => {
      setResent(await sendCode(email));
    });
  }

  if (step === 'code')
    return (
      <Suspense fallback={null}>
        <NewIdCodeStep
          t={t}
          email={email}
          code={code}
          onCodeChange={setCode}
          codeError={errors.code}
          failure={error?.message}
          busy={busy}
          resent={resent}
          onSubmit={() => void onCode()}
          onResend={() => void resend()}
          onBack={() => {
            setFailure(undefined);
            setStep('details');
          }}
        />
      </Suspense>
    );
  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onDetails(e)}>
      <h1>{t('createLegacy.heading')}</h1>
      <p>{t('createLegacy.intro')}</p>
      <FormError message={error?.message} />
      <TextField
        label={t('createLegacy.idLabel')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        value={id}
        onValueChange={setId}
        error={errors.id}
      />
      <PasswordField
        t={t}
        label={t('createLegacy.passwordLabel')}
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        error={errors.password}
      />
      <TextField
        label={t('createLegacy.emailLabel')}
        hint={t('createLegacy.emailHint')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={errors.email}
      />
      <SubmitButton busy={busy} busyLabel={t('createLegacy.sending')}>
        {t('createLegacy.sendCode')}
      </SubmitButton>
    </form>
  );
}
