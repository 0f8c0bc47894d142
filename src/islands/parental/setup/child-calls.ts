/**
 * The calls of the add-child sign-up (spec §4 "Child account", §7): the child's email proven by the emailed
 * sign-up code (as account creation does), then a sign-up session and the parental sign-up with its token.
 * Loaded on the first submit, not with the page.
 */
import { childSignup } from '../../../client/api/parental';
import { signupInit } from '../../../client/api/signup';
import { requestSignupEmailCode, validateSignupEmail, verifySignupEmailCode } from '../../../client/api/signup-email';
import { settle, type ApiResult } from '../../../client/http/settle';
import { getDeviceId } from '../../../client/stores/device';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';

/**
 * The email step of account creation (src/islands/create/create-calls.ts does the same for create; that module
 * also holds the create form's age check and captcha, which this flow has no use for).
 */
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

export interface NewChild {
  email: string;
  password: string;
  /** The parent's country: a child's country equals the parent's (spec §5). */
  countryCode: string;
  /** YYYY-MM-DD */
  birthday: string;
  code: string;
}

export async function createChild(child: NewChild, locale: Locale): Promise<ApiResult<{ globalUserNo: number }>> {
  const [initError, session] = await settle(signupInit({}));
  if (initError) return [initError, undefined];
  return settle(
    childSignup(session.signUpSessionToken, {
      email: child.email,
      password: child.password,
      newsletter: false,
      language: serverLocaleCode(locale),
      countryCode: child.countryCode,
      birthday: child.birthday,
      code: child.code,
      codeType: 'EMAIL',
      deviceId: getDeviceId(),
    }),
  );
}
