/**
 * The form's submit button. While busy it stays focusable (so focus is not
 * lost mid-submit) but refuses clicks through aria-disabled, shows a spinner
 * and says so to screen readers.
 *
 * Every form's action path ends in a call: the button warms the calls at idle after hydration (./warm-path), so a
 * form whose island lists no modules of its own still clicks without fetching the HTTP client, the contract and
 * the error handling first.
 */
import type { ReactNode } from 'react';
import { useWarmPath } from './warm-path';

export interface SubmitButtonProps {
  busy: boolean;
  children: ReactNode;
  /** Text announced while busy ("Signing in…"). */
  busyLabel: string;
  className?: string;
}

export function SubmitButton({ busy, children, busyLabel, className = 'button primary block' }: SubmitButtonProps) {
  useWarmPath();
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
