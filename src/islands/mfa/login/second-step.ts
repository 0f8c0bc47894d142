/**
 * The sign-in second step (spec §2 login verification routes, §4 step 7):
 * the password step answered 20008 (N=9) and the login screen came to
 * login/auth-types with the sign-in kept as the pending login (login id,
 * remember-me). Here: the account's methods, a texted code when SMS is
 * chosen, the code check (remembering this device on request), then the
 * completion call and the usual end of sign-in (finishLogin). A device
 * trusted here gets the server's suggested name; login/verify-device offers
 * to rename it (skipped when unchanged or declined) before completing.
 *
 * The calls of the step: the screens import this module with their first call (on mount or on submit), not with
 * the page, so the API stubs it uses load then too (page budget, docs/performance.md). What the screens render
 * with at start is ./pending-sign-in.
 */
import { getAuthTypes, requestSmsCode } from '../../../client/api/mfa';
import { loginComplete } from '../../../client/api/launcher-login';
import { verifyTrustedDevice } from '../../../client/api/trusted-devices';
import { settle } from '../../../client/http/settle';
import { currentLocale, unifiedCalls } from '../../../client/navigation/browser';
import { $authTypes } from '../../../client/stores/auth-types';
import { getDeviceId } from '../../../client/stores/device';
import { serverLocaleCode } from '../../../i18n/locales';
import type { CodeMethod } from '../code/code-input';
import type { PendingSignIn } from './pending-sign-in';

/** The methods of the account being signed in, stored for the screens of this step. */
export async function loadAuthTypes(pending: PendingSignIn) {
  const result = await settle(getAuthTypes(pending.email, { unified: unifiedCalls() }));
  const [, data] = result;
  if (data) $authTypes.setKey('data', data);
  return result;
}

/** Texts the sign-in code to the number on file. */
export function sendLoginSms(pending: PendingSignIn) {
  return settle(
    requestSmsCode(
      { email: pending.email, language: serverLocaleCode(currentLocale()), deviceId: getDeviceId() },
      { unified: unifiedCalls() },
    ),
  );
}

/** Checks the code; with `remember` the server trusts this device under its suggested name. */
export function verifyLoginCode(
  pending: PendingSignIn,
  method: Exclude<CodeMethod, 'EMAIL'>,
  code: string,
  remember: boolean,
) {
  return settle(
    verifyTrustedDevice(
      { email: pending.email, deviceId: getDeviceId(), verificationCode: code, authType: method, rememberMe: remember },
      { unified: unifiedCalls() },
    ),
  );
}

/**
 * Completes the sign-in and ends it as the sign-in flow does (credentials
 * cleared, analytics, cookies, step-4 redirects). The trusted-device question
 * was answered on the code screen, so no second offer is made. The end of sign-in (analytics, cookies) loads
 * with the answer, not with the code screens (page budget, docs/performance.md).
 */
export async function completeSignIn(pending: PendingSignIn) {
  const [error, result] = await settle(loginComplete({ deviceId: getDeviceId() }, { unified: unifiedCalls() }));
  if (error) return error;
  const { finishLogin } = await import('../../shared/finish-login');
  await finishLogin(result, {
    locale: currentLocale(),
    rememberMe: pending.rememberMe,
    offerTrustedDevice: () => Promise.resolve(),
  });
  return undefined;
}
