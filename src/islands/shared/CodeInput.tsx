/**
 * The 6-digit verification code input (spec §5, §9). One input, not six
 * boxes: it pastes, autofills from SMS/email (one-time-code) and reads as one
 * field to screen readers. Non-digits are dropped as they are typed.
 */
import { TextField, type TextFieldProps } from './TextField';

export const CODE_LENGTH = 6;

/** Keeps the digits of a typed or pasted code, at most `length` of them. */
export function normaliseCode(raw: string, length = CODE_LENGTH): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

export interface CodeInputProps extends Omit<TextFieldProps, 'type' | 'inputMode' | 'onValueChange'> {
  onValueChange: (code: string) => void;
  length?: number;
}

export function CodeInput({ onValueChange, length = CODE_LENGTH, ...field }: CodeInputProps) {
  return (
    <TextField
      {...field}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`[0-9]{${length}}`}
      maxLength={length}
      className="code-input"
      onValueChange={(raw) => {
        onValueChange(normaliseCode(raw, length));
      }}
    />
  );
}
