/**
 * Signing in with a passkey (issue 18; docs/passkeys.md), loaded on demand
 * with the browser's WebAuthn library: the login page ships neither. The
 * request goes to the browser (a dialog for the button; the email field's
 * suggestions for autofill), the assertion to the API, and what follows is
 * the password's path: success ends like any sign-in (finishLogin: terms,
 * promo, redirect, launcher hand-off), errors take the login error handler
 * (terms reconsent, healup, ban…).
 */
import { finishPasskeySignIn, startPasskeySignIn } from '../../client/api/passkeys';
import { localClock } from '../../client/api/options';
import { settle } from '../../client/http/settle';
import { isCancelled, assertPasskey, type AuthenticationCredential } from '../../client/passkeys/ceremony';
import { getDeviceId } from '../../client/stores/device';
import { handleError, signedIn, startAttempt, type SubmitContext, type SubmitOutcome } from './after-submit';

export type PasskeyOutcome = SubmitOutcome | { kind: 'cancelled' };

/** The button's request (the email field's suggestions start in ./passkey-autofill). */
export interface PasskeyRequest {
  /** Remember me, read when the passkey is picked (the player may tick it meanwhile). */
  rememberMe: () => boolean;
  /** The browser returned a passkey: the form shows its busy state from here. */
  onPicked: () => void;
}

export async function signInWithPasskey(ctx: SubmitContext, request: PasskeyRequest): Promise<PasskeyOutcome> {
  startAttempt();
  // As the password's sign-in: the session cookie would be dropped, so no prompt and no call (docs/app-shell.md).
  if (!navigator.cookieEnabled) return { kind: 'form-error', code: 'COOKIES_OFF' };
  const [startError, start] = await settle(startPasskeySignIn());
  if (startError) return handleError(startError, { id: '', password: '', rememberMe: request.rememberMe() }, ctx);
  let credential;
  try {
    credential = await assertPasskey(start.options, false);
  } catch (error) {
    if (isCancelled(error)) return { kind: 'cancelled' };
    return { kind: 'form-error', code: 'PASSKEY_REFUSED' };
  }
  request.onPicked();
  return finishWithPasskey(ctx, credential, request.rememberMe());
}

/**
 * The passkey the browser returned goes to the API, and the sign-in ends as a password's does. Also the end of
 * the email field's suggestions (./passkey-autofill), which load only this far once a passkey is picked.
 */
export async function finishWithPasskey(
  ctx: SubmitContext,
  credential: AuthenticationCredential,
  rememberMe: boolean,
): Promise<SubmitOutcome> {
  // A new attempt from here (an autofill request waited while other attempts came and went).
  startAttempt();
  const fields = { id: '', password: '', rememberMe };
  const [error, result] = await settle(
    finishPasskeySignIn({ credential, deviceId: getDeviceId(), autoLogin: fields.rememberMe, ...localClock() }),
  );
  if (error) return handleError(error, fields, ctx);
  return signedIn(result, fields, ctx);
}
