/**
 * The second step of change-email, loaded when the code has been sent (the page's script budget,
 * docs/performance.md): the 6-digit code sent to the new address (spec §5, §9: valid 30 minutes), a new code,
 * or back to choose another address.
 */
import { useState, type SubmitEvent } from 'react';
import type { T } from '../../../client/t';
import { FormError } from '../../shared/FormError';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';

/** Spec §5: verification codes are 6 digits. */
const CODE_LENGTH = 6;

export interface CodeStepProps {
  t: T;
  email: string;
  busy: boolean;
  /** The screen's error text for the last call. */
  message: string | undefined;
  resent: boolean;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onOtherAddress: () => void;
}

export function CodeStep({ t, email, busy, message, resent, onConfirm, onResend, onOtherAddress }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const bad = code.length !== CODE_LENGTH;
    setInvalid(bad);
    if (!bad) onConfirm(code);
  }

  return (
    <form method="post" noValidate onSubmit={submit}>
      <p>{t('settings.changeEmail.codeSent', { email, minutes: 30 })}</p>
      <FormError message={message} />
      <p className="status-line" role="status">
        {resent ? t('settings.changeEmail.resent') : ''}
      </p>
      <TextField
        label={t('settings.changeEmail.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onValueChange={(value) => {
          // Digits only: a pasted "123 456" or "123-456" becomes the code.
          const digits = value.replace(/\D/g, '').slice(0, CODE_LENGTH);
          setCode(digits);
          if (invalid) setInvalid(digits.length !== CODE_LENGTH);
        }}
        error={invalid ? t('settings.changeEmail.codeInvalid') : undefined}
      />
      <SubmitButton busy={busy} busyLabel={t('settings.changeEmail.saving')}>
        {t('settings.changeEmail.submit')}
      </SubmitButton>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setCode('');
            onResend();
          }}
        >
          {t('settings.changeEmail.resend')}
        </button>
        <button type="button" className="button" onClick={onOtherAddress}>
          {t('settings.changeEmail.otherAddress')}
        </button>
      </div>
    </form>
  );
}

export default CodeStep;
