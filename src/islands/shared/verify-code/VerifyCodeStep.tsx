/**
 * The verify-code family (issue 25 §2; docs/screens.md): the code step every screen that proves an address or a
 * number with a sent code shows — where the code went, the refusal (role=alert), the resend notice
 * (role=status), the one code field, what the purpose adds (a recovery choice), the submit button and the
 * resend, and the step's second action. A purpose is a `VerifyCodeConfig`; the island
 * keeps the code, its check, its calls and what they do (./config.ts says why).
 */
import type { ReactNode } from 'react';
import { CodeInput } from '../CodeInput';
import { FormError } from '../FormError';
import { SubmitButton } from '../SubmitButton';
import type { VerifyCodeConfig } from './config';

export type { VerifyCodeConfig } from './config';

export interface VerifyCodeStepProps {
  readonly config: VerifyCodeConfig;
  readonly code: string;
  readonly onCode: (code: string) => void;
  /** The field's own message (a short code), translated. */
  readonly codeError: string | undefined;
  readonly busy: boolean;
  /**
   * The refusal's text, when the step shows it (a step inside a larger form leaves it to the form, which shows
   * it above its other step too). Nothing is rendered without one.
   */
  readonly error?: string | undefined;
  /** The resend notice, when the step shows it (likewise). */
  readonly status?: string;
  /** The purpose's own controls, between the field and the submit button. */
  readonly children?: ReactNode;
  /**
   * False while the code is not sent yet and the submit sends it (global/verify/code): the field and the actions
   * show once it is, and the submit button stays the same element, so focus stays on it.
   */
  readonly sent?: boolean;
}

export function VerifyCodeStep({
  config,
  code,
  onCode,
  codeError,
  busy,
  error,
  status,
  children,
  sent = true,
}: VerifyCodeStepProps) {
  const { other } = config;

  const actions = (
    <>
      <button
        type="button"
        className="button link"
        onClick={() => {
          if (!busy) config.resend();
        }}
      >
        {config.resendLabel}
      </button>
      {other &&
        ('href' in other ? (
          <a href={other.href}>{other.label}</a>
        ) : (
          <button type="button" className="button link" onClick={other.onClick}>
            {other.label}
          </button>
        ))}
    </>
  );

  return (
    <>
      <p>{config.sentTo}</p>
      <FormError message={error} />
      {status !== undefined && <p role="status">{status}</p>}
      {sent && <CodeInput label={config.label} name="code" value={code} onValueChange={onCode} error={codeError} />}
      {sent && children}
      <SubmitButton busy={busy} busyLabel={config.busyLabel}>
        {config.submitLabel}
      </SubmitButton>
      {sent &&
        (config.actions === 'links' ? <p className="links">{actions}</p> : <div className="actions">{actions}</div>)}
    </>
  );
}
