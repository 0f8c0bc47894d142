/**
 * The calls of the add-child sign-up (spec §4 "Child account", §7): the child's email proven by the emailed
 * sign-up code (as account creation does), then a sign-up session and the parental sign-up with its token.
 * Loaded on the first submit, not with the page.
 */
import { childSignup } from '../../../client/api/parental';
import { signupInit } from '../../../client/api/signup';
import { settle, type ApiResult } from '../../../client/http/settle';
import { getDeviceId } from '../../../client/stores/device';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';

export { checkCode, resendCode, sendCode } from '../../create/create-calls';

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
