/**
 * The sign-in second step answered with a passkey (issue 18), loaded on
 * demand with the browser's WebAuthn library: options for the account's
 * passkeys (the pending sign-in names the account), the browser's prompt, the
 * check, then login complete and the usual end of a sign-in.
 */
import { finishPasskeySecondStep, startPasskeySecondStep } from '../../../client/api/passkeys';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { isCancelled, assertPasskey } from '../../../client/passkeys/ceremony';
import { getDeviceId } from '../../../client/stores/device';
import type { PendingSignIn } from './pending-sign-in';
import { completeSignIn } from './second-step';

export type PasskeyStepOutcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'refused' }
  | { readonly kind: 'error'; readonly error: ApiError };

export async function answerWithPasskey(pending: PendingSignIn): Promise<PasskeyStepOutcome> {
  const [startError, start] = await settle(startPasskeySecondStep());
  if (startError) return { kind: 'error', error: startError };
  let credential;
  try {
    credential = await assertPasskey(start.options);
  } catch (e) {
    return isCancelled(e) ? { kind: 'cancelled' } : { kind: 'refused' };
  }
  const [error] = await settle(finishPasskeySecondStep({ credential, deviceId: getDeviceId() }));
  if (error) return { kind: 'error', error };
  const completeError = await completeSignIn(pending);
  return completeError === undefined ? { kind: 'done' } : { kind: 'error', error: completeError };
}
