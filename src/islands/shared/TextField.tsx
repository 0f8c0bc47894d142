/**
 * A labelled text input whose error text sits beside it: linked by
 * aria-describedby, flagged with aria-invalid, and inside a polite live
 * region that exists from the first render, so a new message is announced.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import './forms.css';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'aria-describedby'>;

export interface TextFieldProps extends NativeProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Translated error text; empty or undefined when the value is fine. */
  error?: string | undefined;
  /** Help text shown under the label (also read with the field). */
  hint?: string | undefined;
  /** Extra content after the input (the password field's show/hide button). */
  after?: ReactNode;
  /** Replaces the generated id (when a label elsewhere must point at it). */
  inputId?: string;
  /** Ids of other elements describing the input (the password rules list). */
  describedBy?: string | undefined;
  /** The input element (to move focus to the first invalid field). */
  ref?: Ref<HTMLInputElement> | undefined;
}

/** Ids of a field's parts, so a caller can point other elements at them. */
export function fieldIds(base: string) {
  return { input: `${base}-input`, error: `${base}-error`, hint: `${base}-hint` };
}

export function TextField(props: TextFieldProps) {
  const { label, value, onValueChange, error, hint, after, inputId, describedBy: extra, ref, ...native } = props;
  const ids = fieldIds(useId());
  const id = inputId ?? ids.input;
  const hasError = error !== undefined && error !== '';
  const describedBy = [hint ? ids.hint : '', extra ?? '', hasError ? ids.error : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={ids.hint} className="field-hint muted">
          {hint}
        </p>
      )}
      <div className={after ? 'field-row' : undefined}>
        <input
          {...native}
          ref={ref}
          id={id}
          value={value}
          onChange={(e) => {
            onValueChange(e.currentTarget.value);
          }}
          aria-invalid={hasError ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {after}
      </div>
      <p id={ids.error} className="field-error" aria-live="polite">
        {hasError ? error : ''}
      </p>
    </div>
  );
}
