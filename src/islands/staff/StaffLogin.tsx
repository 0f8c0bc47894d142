/**
 * staff/login (issue 28 §1; docs/staff-console.md): a staff member signs in with the work email, the password and
 * the authenticator code in one step. Every refusal reads the same (STAFF_SIGNIN_FAILED); a lock answers the
 * limit's text. Success goes to the console.
 */
import { useMemo, useRef, useState } from 'react';
import { staffSignIn } from '../../client/api/staff';
import { navigate } from '../../client/navigation/browser';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SignInForm, type Credentials } from '../shared/SignInForm';
import { TextField } from '../shared/TextField';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

export function StaffLogin({ strings }: IslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  const [credentials, setCredentials] = useState<Credentials>({ id: '', password: '' });
  const [code, setCode] = useState('');
  // A refusal empties the code field (a used code is spent) and shows its text.
  const {
    busy,
    code: failure,
    run,
    stayBusy,
  } = useSubmit({
    onError: (refused) => {
      setCode('');
      return refused.code;
    },
  });
  const error = useErrorText(strings, failure);
  const codeRef = useRef<HTMLInputElement>(null);
  const required = t('staff.login.required');
  const codeOk = /^\d{6}$/.test(code);

  async function onSubmit() {
    if (!codeOk) {
      codeRef.current?.focus();
      return;
    }
    await run(async () => {
      await staffSignIn({ email: credentials.id.trim(), password: credentials.password, code });
      stayBusy();
      navigate(routes.staffConsole, { replace: true });
    });
  }

  return (
    <SignInForm
      t={t}
      headingId="staff-login"
      heading={t('staff.login.heading')}
      top={
        <>
          <p className="muted">{t('staff.login.intro')}</p>
          <FormError message={error?.message} />
        </>
      }
      idField={{
        label: t('staff.login.email'),
        name: 'email',
        type: 'email',
        autoComplete: 'username',
        maxLength: 254,
        required,
      }}
      passwordField={{
        label: t('staff.login.password'),
        name: 'password',
        autoComplete: 'current-password',
        maxLength: 128,
        required,
      }}
      value={credentials}
      onChange={setCredentials}
      extraFields={(showErrors) => (
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
          error={showErrors && !codeOk ? required : undefined}
        />
      )}
      busy={busy}
      submitLabel={t('staff.login.submit')}
      busyLabel={t('staff.login.submitting')}
      onSubmit={() => void onSubmit()}
    />
  );
}
