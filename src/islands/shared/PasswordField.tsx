/**
 * Password input with a show/hide toggle. The toggle is a real button
 * (aria-pressed, aria-controls) after the input, so keyboard users reach it
 * with Tab and screen readers hear its state.
 */
import { useId, useState } from 'react';
import type { T } from '../../client/t';
import { TextField, type TextFieldProps } from './TextField';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'after' | 'inputId'> {
  t: T;
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
          className="button field-toggle"
          aria-controls={inputId}
          aria-pressed={shown}
          onClick={() => {
            setShown((s) => !s);
          }}
        >
          {t('form.password.show')}
        </button>
      }
    />
  );
}
