/**
 * Password input with a show/hide toggle. The toggle is a real button
 * (aria-pressed, aria-controls, named "Show password") after the input, so
 * keyboard users reach it with Tab and screen readers hear its state. It is
 * drawn as an eye icon inside the field's right edge, so on a 390 px phone the
 * input keeps the whole width (a text button beside it left ~120 px to type in).
 */
import { useId, useState } from 'react';
import type { T } from '../../client/t';
import { TextField, type TextFieldProps } from './TextField';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'after' | 'inputId'> {
  t: T;
}

/** An eye (password hidden: press to show) or a crossed eye (shown: press to hide); decorative, the button is named. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

export function PasswordField({ t, ...field }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const inputId = `${useId()}-password`;
  return (
    <TextField
      {...field}
      inputId={inputId}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      after={
        <button
          type="button"
          className="field-toggle"
          aria-controls={inputId}
          aria-pressed={shown}
          aria-label={t('form.password.show')}
          title={t('form.password.show')}
          onClick={() => {
            setShown((s) => !s);
          }}
        >
          <EyeIcon crossed={shown} />
        </button>
      }
    />
  );
}
