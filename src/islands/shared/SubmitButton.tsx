/**
 * The form's submit button. While busy it stays focusable (so focus is not
 * lost mid-submit) but refuses clicks through aria-disabled, shows a spinner
 * and says so to screen readers.
 */
import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  busy: boolean;
  children: ReactNode;
  /** Text announced while busy ("Signing in…"). */
  busyLabel: string;
  className?: string;
}

export function SubmitButton({ busy, children, busyLabel, className = 'button primary block' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={busy ? true : undefined}
      onClick={(e) => {
        if (busy) e.preventDefault();
      }}
    >
      {busy && <span className="spinner small" aria-hidden="true" />}
      <span>{children}</span>
      <span className="visually-hidden" aria-live="polite">
        {busy ? busyLabel : ''}
      </span>
    </button>
  );
}
