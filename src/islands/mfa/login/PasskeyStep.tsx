/**
 * "Use a passkey" on the sign-in second step (login/auth-types), for an
 * account with one (issue 18). The ceremony loads on demand (./passkey-step).
 */
import { useState } from 'react';
import type { T } from '../../../client/t';
import type { LoginStepError } from './login-errors';
import type { PendingSignIn } from './pending-sign-in';

export interface PasskeyStepProps {
  t: T;
  pending: PendingSignIn;
  disabled: boolean;
  /** A failure to show with the step's other errors (or undefined to clear it). */
  onFailure: (failure: LoginStepError | undefined) => void;
}

export function PasskeyStep({ t, pending, disabled, onFailure }: PasskeyStepProps) {
  // Its own busy flag, not useSubmit: the hook's file would be the last one login/auth-types may load (11 of 12 files
  // and 75,372 B br in the heaviest build, session 29; ./auth-types-step's load would then make a 13th).
  const [busy, setBusy] = useState(false);
  const [cancelled, setCancelled] = useState(false);

  async function onClick() {
    if (busy || disabled) return;
    setBusy(true);
    setCancelled(false);
    onFailure(undefined);
    const [{ answerWithPasskey }, { loginStepError }] = await Promise.all([
      import('./passkey-step'),
      import('./login-errors'),
    ]);
    const outcome = await answerWithPasskey(pending);
    // Done: the page is leaving (finishLogin navigates); stay busy.
    if (outcome.kind === 'done') return;
    setBusy(false);
    if (outcome.kind === 'cancelled') setCancelled(true);
    else if (outcome.kind === 'refused') onFailure({ kind: 'code', code: 'PASSKEY_REFUSED' });
    else onFailure(loginStepError(outcome.error));
  }

  return (
    <div className="passkey-step">
      <button
        type="button"
        className="button item-choice"
        aria-disabled={busy || disabled || undefined}
        onClick={() => void onClick()}
      >
        <span>
          <strong>{busy ? t('passkeys.step.busy') : t('passkeys.step.use')}</strong>
          <br />
          <span className="muted">{t('passkeys.step.detail')}</span>
        </span>
      </button>
      <p role="status" className="status-line">
        {cancelled ? t('passkeys.step.cancelled') : ''}
      </p>
    </div>
  );
}
