/**
 * The end of every third-party sign-in (login/tpa, the social-link proofs, create-tpa): spec §4 steps 5–7 — the
 * login response finishes like any sign-in (finishLogin: cookies, analytics, child mode to add-child-complete,
 * promo, redirect), and a refusal goes through the login error handler (second factor, terms, healup with mode
 * tpa, 20128 → social-link case 5, the §8 dialogs). What is left for the screen is a code to show.
 */
import { performErrorAction } from '../../client/dialogs/perform';
import { errorDialog } from '../../client/dialogs/queue';
import type { ApiError } from '../../client/http/api-error';
import { navigate, redirectPolicy } from '../../client/navigation/browser';
import type { LoginResponse } from '../../shared/contract/common';
import { finishLogin } from '../shared/finish-login';
import { loginErrorAction } from '../login/login-error';
import { $login } from '../../client/stores/login';
import { getTpaAuthTypes } from '../../client/api/mfa';
import { settle } from '../../client/http/settle';
import { savePendingLogin } from '../shared/pending-login';
import * as routes from '../../routes/refs';

export type TpaOutcome =
  /** The page is leaving (signed in, or on to another screen). */
  | { readonly kind: 'leaving' }
  /** Show this code's text on the screen. */
  | { readonly kind: 'form-error'; readonly code: string }
  /** A dialog said what happened; the screen offers the way back. */
  | { readonly kind: 'shown'; readonly code: string };

export async function tpaSignedIn(result: LoginResponse, locale: string): Promise<TpaOutcome> {
  // Spec §3 login state isTPA: the rest of the sign-in (trusted device, promo) knows it was third-party.
  $login.set({ ...$login.get(), isTPA: true });
  await finishLogin(result, { locale, rememberMe: false, offerTrustedDevice: () => Promise.resolve() });
  return { kind: 'leaving' };
}

export async function tpaFailed(error: ApiError): Promise<TpaOutcome> {
  if (error.navigating) return { kind: 'leaving' };
  // A legacy account (20211 legacy email, 20184 no usable email): the third-party session is kept for its
  // migration, which login/migration-tpa offers instead of the password sign-in's dialogs (docs/legacy.md).
  if (error.code === '20211' || error.code === '20184') {
    navigate(routes.loginMigrationTpa, { replace: true });
    return { kind: 'leaving' };
  }
  const action = loginErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
  // The second step (20008 N=9) looks the account up by the email a password sign-in typed: a third-party sign-in
  // typed none, so the pending sign-in gets the account's email from the tpa auth types (spec §7), which answer
  // it for this browser's signing-in session only.
  if (action.kind === 'navigate' && action.target.route === routes.loginAuthTypes) {
    const [, types] = await settle(getTpaAuthTypes());
    if (types?.email) savePendingLogin({ loginId: types.email, rememberMe: false, thirdParty: true });
  }
  const result = await performErrorAction(action);
  if (action.kind === 'navigate' || action.kind === 'external') return { kind: 'leaving' };
  switch (result.kind) {
    case 'form-error':
      return { kind: 'form-error', code: result.code };
    case 'reject':
      await errorDialog(result.code);
      return { kind: 'shown', code: result.code };
    default:
      return { kind: 'shown', code: error.code };
  }
}
