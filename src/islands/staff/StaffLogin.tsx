/**
 * staff/login (issue 28 §1; docs/staff-console.md): a staff member signs in with the work email, the password and
 * the authenticator code in one step. Every refusal reads the same (STAFF_SIGNIN_FAILED); a lock answers the
 * limit's text. Success goes to the console.
 */
import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import { staffSignIn } from '../../client/api/staff';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';

export function StaffLogin({ strings }: IslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const required = t('staff.login.required');
  const codeOk = /^\d{6}$/.test(code);
  const missing = [email.trim() === '', password === '', !codeOk];

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    const first = [emailRef, passwordRef, codeRef][missing.indexOf(true)];
    if (first !== undefined) {
      first.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    const [refused] = await settle(staffSignIn({ email: email.trim(), password, code }));
    if (refused === undefined) {
      navigate('staff-console', { replace: true });
      return;
    }
    setBusy(false);
    setCode('');
    setFailure(refused.code);
  }

  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="staff-login">
      <h1 id="staff-login">{t('staff.login.heading')}</h1>
      <p className="muted">{t('staff.login.intro')}</p>
      <FormError message={error?.message} />
      <TextField
        ref={emailRef}
        label={t('staff.login.email')}
        name="email"
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        required
        value={email}
        onValueChange={setEmail}
        error={showErrors && missing[0] ? required : undefined}
      />
      <PasswordField
        ref={passwordRef}
        t={t}
        label={t('staff.login.password')}
        name="password"
        autoComplete="current-password"
        maxLength={128}
        required
        value={password}
        onValueChange={setPassword}
        error={showErrors && missing[1] ? required : undefined}
      />
      <TextField
        ref={codeRef}
        label={t('staff.login.code')}
        hint={t('staff.login.codeHint')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onValueChange={(v) => setCode(v.replace(/\D/g, ''))}
        error={showErrors && missing[2] ? required : undefined}
      />
      <SubmitButton busy={busy} busyLabel={t('staff.login.submitting')}>
        {t('staff.login.submit')}
      </SubmitButton>
    </form>
  );
}
