/**
 * The email field's passkey suggestions (conditional mediation, issue 18), started once the login page is idle.
 * Until the player picks a passkey this loads only the options request (../../client/passkeys/sign-in-options,
 * without the HTTP client) and the WebAuthn library (../../client/passkeys/ceremony); the API call, the error
 * handling and the sign-in's end (./passkey-sign-in) load with the pick. Most visitors sign in with a password
 * and never pick one: the page then loads none of that before interaction (docs/performance.md).
 */
import type { PasskeyOutcome } from './passkey-sign-in';
import type { SubmitContext } from './after-submit';

export interface AutofillRequest {
  /** Remember me, read when the passkey is picked (the player may tick it meanwhile). */
  rememberMe: () => boolean;
  /** The browser returned a passkey: the form shows its busy state from here. */
  onPicked: () => void;
}

/**
 * Waits for a pick among the suggestions, then signs in with it. `idle` when there is nothing to wait for (no
 * options: the form works without them); `cancelled` when the button's request replaced this one.
 */
export async function autofillPasskey(ctx: SubmitContext, request: AutofillRequest): Promise<PasskeyOutcome> {
  // No suggestions where cookies are off: the sign-in could not keep its session (the button says why).
  if (!navigator.cookieEnabled) return { kind: 'idle' };
  const [{ fetchSignInOptions }, { assertPasskey, isCancelled }] = await Promise.all([
    import('../../client/passkeys/sign-in-options'),
    import('../../client/passkeys/ceremony'),
  ]);
  const options = await fetchSignInOptions();
  if (options === undefined) return { kind: 'idle' };
  let credential;
  try {
    credential = await assertPasskey(options, true);
  } catch (error) {
    if (isCancelled(error)) return { kind: 'cancelled' };
    return { kind: 'form-error', code: 'PASSKEY_REFUSED' };
  }
  request.onPicked();
  const { finishWithPasskey } = await import('./passkey-sign-in');
  return finishWithPasskey(ctx, credential, request.rememberMe());
}
