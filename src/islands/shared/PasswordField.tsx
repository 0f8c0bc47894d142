/**
 * Password input with a show/hide toggle. The toggle is a real button
 * (aria-pressed, aria-controls, named "Show password") after the input, so
 * keyboard users reach it with Tab and screen readers hear its state. It is
 * drawn as an eye icon (CSS, forms.css: no bytes in the page's script) inside
 * the field's right edge, so on a 390 px phone the input keeps the whole width
 * (a text button beside it left ~120 px to type in).
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
          className="field-toggle"
          aria-controls={inputId}
          aria-pressed={shown}
          aria-label={t('form.password.show')}
          title={t('form.password.show')}
          onClick={() => {
            setShown((s) => !s);
          }}
        ></button>
      }
    />
  );
}
