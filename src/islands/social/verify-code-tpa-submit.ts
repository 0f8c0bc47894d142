/**
 * create/verify/code-tpa's calls (./VerifyCodeTpaIsland.tsx), loaded with the first action: the calls, the error
 * handling and the end of sign-in are not part of the page's first load (docs/performance.md).
 */
import { signupTpaWithEmail } from '../../client/api/launcher-login';
import { tpaSignupEmailRequestCode, tpaSignupEmailVerifyCode } from '../../client/api/social';
import { collectBlackBox } from '../../client/fingerprint/black-box';
import { settle } from '../../client/http/settle';
import { goTo, hrefTo, unifiedCalls } from '../../client/navigation/browser';
import { getDeviceId } from '../../client/stores/device';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { tpaFailed, tpaSignedIn, type TpaOutcome } from './finish-tpa';
import * as routes from '../../routes/refs';

/** The code proves the email: on to the password, or to the social link when the email is an account's (case 3). */
export async function verifyCode(email: string, code: string): Promise<{ readonly kind: 'verified' } | TpaOutcome> {
  const [error, result] = await settle(tpaSignupEmailVerifyCode({ email, code }, { unified: unifiedCalls() }));
  if (error) return tpaFailed(error);
  if (result.next === 'signup') return { kind: 'verified' };
  goTo(hrefTo(routes.loginSocialLink, { params: { case: String(result.socialLinkCase ?? 3) } }), true);
  return { kind: 'leaving' };
}

export async function resendCode(email: string, locale: Locale): Promise<{ readonly kind: 'resent' } | TpaOutcome> {
  const [error] = await settle(
    tpaSignupEmailRequestCode({ email, language: serverLocaleCode(locale) }, { unified: unifiedCalls() }),
  );
  return error ? tpaFailed(error) : { kind: 'resent' };
}

export async function createAccount(email: string, password: string, locale: Locale): Promise<TpaOutcome> {
  // blackbox: the spec's device fingerprint (required by this call's contract); when the collection keeps
  // failing, the device id stands in for it as before (docs/launcher.md "Device fingerprint").
  const blackbox = (await collectBlackBox()) ?? getDeviceId();
  const [error, result] = await settle(
    signupTpaWithEmail({ id: email, password, blackbox }, { unified: unifiedCalls() }),
  );
  return error ? tpaFailed(error) : tpaSignedIn(result, locale);
}
