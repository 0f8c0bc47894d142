/**
 * The calls behind each step of account creation (spec §7 "Sign-up and
 * countries", §3 sign-up payload). Each returns `[error, data]`; a captcha
 * that cannot produce a token is the error code `captcha` (spec §5).
 */
import { getMembershipNo } from '../../client/api/countries';
import { signup, signupInit, verifyAge } from '../../client/api/signup';
import { CAPTCHA_ACTIONS } from '../../client/captcha/actions';
import { getCaptchaToken } from '../../client/captcha/loader';
import { PARTNER_KEY_COOKIE, readCookie } from '../../client/host/cookies';
import { ApiError } from '../../client/http/api-error';
import { settle, type ApiResult } from '../../client/http/settle';
import { getDeviceId } from '../../client/stores/device';
import { $global } from '../../client/stores/global';
import { $launcherSettings } from '../../client/stores/launcher';
import { $signUpSessionToken } from '../../client/stores/signup';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import region from '@region';
import { requestSignupEmailCode, validateSignupEmail, verifySignupEmailCode } from '../../client/api/signup-email';
import type { VerifiedAge } from './create-reducer';

async function captchaToken(): Promise<ApiResult<{ token: string; version: 'v2' | 'v3' }>> {
  try {
    return [undefined, await getCaptchaToken(CAPTCHA_ACTIONS.signUpDob)];
  } catch {
    return [new ApiError('captcha', 0), undefined];
  }
}

/** Age check: country and birthday with a captcha token (spec §5). */
export async function checkAge(age: VerifiedAge, unified: boolean): Promise<ApiResult<{ isMinor: boolean }>> {
  // Without cookies the new account could not be signed in at the end: say so at the first step (docs/app-shell.md).
  if (!navigator.cookieEnabled) return [new ApiError('COOKIES_OFF', 0), undefined];
  const [captchaError, captcha] = await captchaToken();
  if (captchaError) return [captchaError, undefined];
  return settle(
    verifyAge(
      {
        countryCode: age.countryCode,
        birthday: age.birthday,
        deviceId: getDeviceId(),
        captchaToken: captcha.token,
        captchaVersion: captcha.version,
      },
      { unified },
    ),
  );
}

/** Email step: the address must be usable, then a code is sent to it. */
export async function sendCode(email: string, locale: Locale, unified: boolean): Promise<ApiResult<object>> {
  const [invalid] = await settle(validateSignupEmail({ email }, { unified }));
  if (invalid) return [invalid, undefined];
  return resendCode(email, locale, unified);
}

export function resendCode(email: string, locale: Locale, unified: boolean): Promise<ApiResult<object>> {
  return settle(requestSignupEmailCode({ email, language: serverLocaleCode(locale) }, { unified }));
}

export function checkCode(email: string, code: string, unified: boolean): Promise<ApiResult<object>> {
  return settle(verifySignupEmailCode({ email, code }, { unified }));
}

export interface NewAccount {
  age: VerifiedAge;
  email: string;
  code: string;
  password: string;
  newsletter: boolean;
}

/** Spec §7: the unified sign-up session names the membership; it follows the visitor's country there. */
async function initBody(unified: boolean): Promise<{ membershipNo?: number }> {
  if (!unified && !region.unified) return {};
  const [, membership] = await settle(getMembershipNo());
  return membership?.membershipNo == null ? {} : { membershipNo: membership.membershipNo };
}

/** Creates the account: sign-up session first, then sign-up with its token (partnerKey when present). */
export async function createAccount(
  account: NewAccount,
  locale: Locale,
  unified: boolean,
): Promise<ApiResult<{ email: string }>> {
  const [initError, session] = await settle(signupInit(await initBody(unified), { unified }));
  if (initError) return [initError, undefined];
  $signUpSessionToken.set(session.signUpSessionToken);
  const partnerKey = $global.get().partnerKey ?? readCookie(PARTNER_KEY_COOKIE);
  const clientId = $launcherSettings.get()?.client_id;
  const result = await settle(
    signup(
      session.signUpSessionToken,
      {
        email: account.email,
        password: account.password,
        newsletter: account.newsletter,
        language: serverLocaleCode(locale),
        countryCode: account.age.countryCode,
        birthday: account.age.birthday,
        code: account.code,
        codeType: 'EMAIL',
        deviceId: getDeviceId(),
        ...(partnerKey ? { partnerKey } : {}),
        ...(clientId ? { clientId } : {}),
      },
      { unified },
    ),
  );
  $signUpSessionToken.set(null);
  return result;
}
