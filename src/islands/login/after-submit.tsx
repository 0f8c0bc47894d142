/**
 * Everything the sign-in form does once submitted (spec §4 "Login flow"),
 * loaded on first submit so the login page ships only the form:
 *  1. the captcha token first (v2 widget token when showCaptcha, else v3);
 *  2. the web email login call;
 *  3. on failure, the login error handler (main handler, then the other
 *     handled codes), ignored while a route change is pending;
 *  4. on success, finishLogin (credentials cleared, country stored, analytics,
 *     user cookies, trusted-device offer with remember-me, then the step-4
 *     redirects).
 */
import { launcherEmailLogin, loginComplete, migrateLegacyLogin, webEmailLogin } from '../../client/api/launcher-login';
import { localClock } from '../../client/api/options';
import { consentTerms } from '../../client/api/terms';
import { loginCaptcha } from '../../client/captcha/login-token';
import { performErrorAction } from '../../client/dialogs/perform';
import { confirmDialog, errorDialog, openDialog } from '../../client/dialogs/queue';
import { isAppMode } from '../../client/host/launcher-bridge';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { goTo, hrefTo, redirectPolicy } from '../../client/navigation/browser';
import { getDeviceId } from '../../client/stores/device';
import { $login } from '../../client/stores/login';
import type { T } from '../../client/t';
import type { LoginResponse } from '../../shared/contract/common';
import { finishLogin } from '../shared/finish-login';
import { savePendingLogin } from '../shared/pending-login';
import { LegacyEmailBody, LegacySupportBody, TermsBody } from './dialogs';
import { offerTrustedDevice } from './trusted-device-offer';
import { loginErrorAction } from './login-error';
import type { LoginFields } from './LoginIsland';
import * as routes from '../../routes/refs';

export interface SubmitContext {
  locale: string;
  /** The [unified/] calls: the page is unified-login or carries the unified flag (spec §2). */
  unified: boolean;
  t: T;
}

export type SubmitOutcome =
  /** Signed in; the page is leaving. */
  | { kind: 'signed-in' }
  /** The page is leaving for another screen (healup, second factor…): keep the form busy. */
  | { kind: 'leaving' }
  /** Show this code's message in the form. */
  | { kind: 'form-error'; code: string }
  /** A dialog told the player what happened; the form is ready again. */
  | { kind: 'idle' };

/** Spec §4 step 1: errors are ignored while a route change is pending. */
let leaving = false;
if (typeof window !== 'undefined')
  // A page restored from the back-forward cache is no longer leaving.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });

/** A new attempt starts (the passkey sign-in's too): nothing is leaving yet. */
export function startAttempt(): void {
  leaving = false;
}

function leave(href: string): SubmitOutcome {
  leaving = true;
  goTo(href);
  return { kind: 'leaving' };
}

/** Exported for the passkey sign-in (./passkey-sign-in), which ends the same way. */
export async function signedIn(result: LoginResponse, fields: LoginFields, ctx: SubmitContext): Promise<SubmitOutcome> {
  leaving = true;
  await finishLogin(result, {
    locale: ctx.locale,
    rememberMe: fields.rememberMe,
    offerTrustedDevice: () => offerTrustedDevice(ctx),
  });
  return { kind: 'signed-in' };
}

/** 20255: the terms reconsent dialog; accepting records consent, then the sign-in completes. */
async function reconsent(fields: LoginFields, ctx: SubmitContext): Promise<SubmitOutcome> {
  const accepted = await openDialog<boolean>({
    kind: 'custom',
    cancelResult: false,
    render: (api) => <TermsBody t={ctx.t} api={api} />,
  });
  if (!accepted) return { kind: 'idle' };
  // Spec §9 consent location: the launcher when the portal is framed by it, else the web.
  const [consentError] = await settle(consentTerms(isAppMode() ? 'LAUNCHER' : 'WEB'));
  if (consentError) return handleError(consentError, fields, ctx);
  const [completeError, result] = await settle(loginComplete({ deviceId: getDeviceId() }, { unified: ctx.unified }));
  if (completeError) return handleError(completeError, fields, ctx);
  return signedIn(result, fields, ctx);
}

/**
 * 20256: a minor's terms need a parent; the dialog (loaded now, not with the page) takes the code the parent
 * was emailed, then the sign-in completes as after the reconsent.
 */
async function parentConsent(fields: LoginFields, ctx: SubmitContext): Promise<SubmitOutcome> {
  const { askParentConsent } = await import('./minor-terms');
  const result = await askParentConsent(ctx.t);
  if (result.kind === 'cancelled') return { kind: 'idle' };
  if (result.kind === 'failed') return handleError(result.error, fields, ctx);
  const [completeError, completed] = await settle(loginComplete({ deviceId: getDeviceId() }, { unified: ctx.unified }));
  if (completeError) return handleError(completeError, fields, ctx);
  return signedIn(completed, fields, ctx);
}

/** 20211: the account signs in with its legacy email now; on yes, migrate and sign in again with it. */
async function switchToLegacyEmail(email: string, fields: LoginFields, ctx: SubmitContext): Promise<SubmitOutcome> {
  const yes = await openDialog<boolean>({
    kind: 'custom',
    cancelResult: false,
    render: (api) => <LegacyEmailBody t={ctx.t} api={api} email={email} />,
  });
  if (!yes) return { kind: 'idle' };
  const [error] = await settle(
    migrateLegacyLogin({ id: fields.id, password: fields.password, email, deviceId: getDeviceId() }),
  );
  if (error) return handleError(error, fields, ctx);
  return submitLogin({ ...fields, id: email }, ctx);
}

/** Protected mode (20102, 20036, 20037) and accounts without a password (20126) continue in self-service. */
async function toSelfService(code: string, setup: boolean): Promise<boolean> {
  const ok = await confirmDialog({
    code,
    confirmKey: setup ? 'error.modal.20126.button' : 'login.resetPassword',
  });
  if (ok) leave(hrefTo(routes.selfResetPassword, setup ? { query: { isSetupPassword: 'true' } } : {}));
  return ok;
}

/** Exported for the passkey sign-in (./passkey-sign-in): its errors take the password's paths (terms, healup…). */
export async function handleError(error: ApiError, fields: LoginFields, ctx: SubmitContext): Promise<SubmitOutcome> {
  if (leaving || error.navigating) return { kind: 'leaving' };
  // Whatever this error shows (a dialog, a form message) needs the §8 texts: fetched now, beside the handler's
  // own code, rather than once the dialog host mounts. Never fails (the host shows the general message without).
  void import('../../client/errors/texts').then((m) => m.loadErrorTexts());
  // A deletion's grace period (issue 12): offer to cancel it, then sign in again with the same details.
  if (error.code === 'ACCOUNT_DELETION_PENDING') {
    const { offerCancelDeletion } = await import('./deletion-offer');
    return (await offerCancelDeletion(error, ctx.locale)) ? submitLogin(fields, ctx) : { kind: 'idle' };
  }
  const action = loginErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
  if (action.kind === 'navigate' || action.kind === 'external') {
    // A sign-in paused for a second factor or missing details finishes on the next screen.
    savePendingLogin({ loginId: fields.id, rememberMe: fields.rememberMe });
    leaving = true;
  }
  let outcome: SubmitOutcome = { kind: 'idle' };
  const result = await performErrorAction(action, {
    'terms-reconsent': async () => {
      outcome = await reconsent(fields, ctx);
    },
    'minor-terms': async () => {
      outcome = await parentConsent(fields, ctx);
    },
    'legacy-email': async (d) => {
      outcome = await switchToLegacyEmail(d.email, fields, ctx);
    },
    'legacy-support': (d) =>
      openDialog({
        kind: 'custom',
        render: (api) => <LegacySupportBody t={ctx.t} api={api} code={d.supportCode} />,
      }),
    // These dialog kinds share one HandlerDialog member, so the handler's argument type is empty: use the error's code.
    'reactivation-required': () => toSelfService(error.code, false),
    'password-reset-required': () => toSelfService(error.code, false),
    'set-password-confirm': () => toSelfService(error.code, true),
  });
  if (leaving) return { kind: 'leaving' };
  // 20072: the visible captcha is now shown; the form says to complete it.
  if (action.kind === 'show-captcha') return { kind: 'form-error', code: error.code };
  switch (result.kind) {
    case 'form-error':
      return { kind: 'form-error', code: result.code };
    case 'reject':
      await errorDialog(result.code);
      return { kind: 'idle' };
    default:
      return outcome;
  }
}

export async function submitLogin(fields: LoginFields, ctx: SubmitContext): Promise<SubmitOutcome> {
  leaving = false;
  // The session cookie would be dropped and the player sent back here: say why instead, and spend no attempt.
  if (!navigator.cookieEnabled) return { kind: 'form-error', code: 'COOKIES_OFF' };
  const captcha = await loginCaptcha(isAppMode());
  // The provider failed to load or the widget was not completed (spec §5: the captcha failure code is captcha).
  if (captcha === undefined) return { kind: 'form-error', code: 'captcha' };
  $login.set({ ...$login.get(), loginId: fields.id, password: fields.password, rememberMe: fields.rememberMe });
  const body = {
    id: fields.id,
    password: fields.password,
    ...captcha,
    deviceId: getDeviceId(),
    ...localClock(),
    autoLogin: fields.rememberMe,
  };
  // In the launcher the launcher's own sign-in call (spec §7); its hand-off follows in finishLogin.
  const [error, result] = await settle(
    isAppMode() ? launcherEmailLogin(body) : webEmailLogin(body, { unified: ctx.unified }),
  );
  if (error) {
    // A failed attempt keeps nothing typed in shared state.
    $login.set({ ...$login.get(), loginId: '', password: '' });
    return handleError(error, fields, ctx);
  }
  return signedIn(result, fields, ctx);
}
