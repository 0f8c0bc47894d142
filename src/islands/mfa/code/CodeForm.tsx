/**
 * The verification code form shared by the sign-in second step and settings
 * verification: heading, what was sent where, one labelled code input (6
 * digits, or a backup code shown 4+4), a form-level error, extra controls
 * (remember this device, resend) and links to other methods.
 */
import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import type { T } from '../../../client/t';
import { FormError } from '../../shared/FormError';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';
import { checkCode, codeLength, displayCode, type CodeMethod } from './code-input';

export interface CodeFormProps {
  t: T;
  method: CodeMethod;
  heading: string;
  intro: ReactNode;
  /** A form-level message (translated), e.g. a wrong code or a lock. */
  formError: string | undefined;
  /** Extra content of the form error (a link back to sign-in). */
  formErrorExtra?: ReactNode;
  busy: boolean;
  submitLabel: string;
  /** Called with a valid code; the caller makes the call. */
  onCode: (code: string) => void;
  /** Controls between the input and the submit button. */
  children?: ReactNode;
  /** Links after the form (other methods, cancel). */
  footer?: ReactNode;
}

export function CodeForm(props: CodeFormProps) {
  const { t, method, heading, intro, formError, formErrorExtra, busy, submitLabel, onCode, children, footer } = props;
  const [value, setValue] = useState('');
  const [showError, setShowError] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const checked = checkCode(value, method);
  const fieldError = showError && 'error' in checked ? t(checked.error) : undefined;
  const backup = method === 'BACKUP_CODE';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowError(true);
    if ('error' in checked) {
      inputRef.current?.focus();
      return;
    }
    onCode(checked.code);
  }

  return (
    <form className="card" noValidate onSubmit={onSubmit} aria-labelledby="code-heading">
      <h1 id="code-heading">{heading}</h1>
      <div className="muted">{intro}</div>
      <FormError message={formError}>{formErrorExtra}</FormError>
      <TextField
        ref={inputRef}
        label={t(backup ? 'mfa.code.backupLabel' : 'mfa.code.label')}
        hint={t(backup ? 'mfa.code.backupHint' : 'mfa.code.hint')}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        className="code-input"
        maxLength={backup ? codeLength(method) + 1 : codeLength(method)}
        value={value}
        onValueChange={(v) => {
          setValue(displayCode(v, method));
        }}
        error={fieldError}
      />
      {children}
      <SubmitButton busy={busy} busyLabel={t('mfa.common.working')}>
        {submitLabel}
      </SubmitButton>
      {footer}
    </form>
  );
}
