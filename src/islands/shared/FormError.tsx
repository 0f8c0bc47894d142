/**
 * A form-level error (the server refused the form as a whole). Rendered as an
 * alert so it is announced when it appears; focusable so the form can move
 * focus to it after a failed submit.
 */
import { forwardRef, type ReactNode } from 'react';

export interface FormErrorProps {
  /** Translated message; nothing is rendered when empty. */
  message: string | undefined;
  /** Spec §8: the support link, shown only with the general message (the caller decides, from resolveErrorText). */
  support?: { href: string; label: string } | undefined;
  /** Extra content, e.g. a recovery link. */
  children?: ReactNode;
}

export const FormError = forwardRef<HTMLDivElement, FormErrorProps>(function FormError(
  { message, support, children },
  ref,
) {
  if (!message) return null;
  return (
    <div ref={ref} className="alert error" role="alert" tabIndex={-1}>
      <p className="alert-text">{message}</p>
      {support && (
        <p>
          <a href={support.href} target="_blank" rel="noopener">
            {support.label}
          </a>
        </p>
      )}
      {children}
    </div>
  );
});
