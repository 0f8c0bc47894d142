/** A labelled checkbox (remember me, newsletter). The whole label is the click target. */
import { useId, type ReactNode } from 'react';
// Its .check rules live with the other field styles; a screen with checkboxes and no text field needs them too.
import './forms.css';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  name?: string;
  hint?: string | undefined;
}

export function Checkbox({ label, checked, onCheckedChange, name, hint }: CheckboxProps) {
  const id = useId();
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          onCheckedChange(e.currentTarget.checked);
        }}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="muted check-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
