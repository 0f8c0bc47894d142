/**
 * create-tpa's calls (./CreateTpaIsland.tsx), loaded with the first submit: the captcha, the calls, the error
 * handling and the end of sign-in are not part of the page's first load (docs/performance.md).
 */
import { localClock } from '../../client/api/options';
import { tpaSignup, tpaSignupEmailRequestCode, tpaSignupProfile } from '../../client/api/social';
import { CAPTCHA_ACTIONS } from '../../client/captcha/actions';
import { getCaptchaToken } from '../../client/captcha/loader';
import { collectBlackBox } from '../../client/fingerprint/black-box';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { goTo, hrefTo, unifiedCalls } from '../../client/navigation/browser';
import { getDeviceId } from '../../client/stores/device';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { tpaFailed, tpaSignedIn, type TpaOutcome } from './finish-tpa';
import * as routes from '../../routes/refs';

export interface ProfileInput {
  readonly countryCode: string;
  /** YYYY-MM-DD, checked by the island. */
  readonly birthday: string;
  readonly newsletter: boolean;
  readonly needsEmail: boolean;
}

export type ProfileResult = { readonly kind: 'minor' } | { readonly kind: 'ask-email' } | TpaOutcome;

export type AgeCheck =
  | { readonly kind: 'minor' }
  | { readonly kind: 'adult' }
  | { readonly kind: 'captcha' }
  | { readonly kind: 'refused'; readonly error: ApiError };

/** The age check and terms of the third-party session (tpaSignupProfile with its captcha); a console's too. */
export async function ageCheck(input: Omit<ProfileInput, 'needsEmail'>, locale: Locale): Promise<AgeCheck> {
  let captcha: Awaited<ReturnType<typeof getCaptchaToken>>;
  try {
    captcha = await getCaptchaToken(CAPTCHA_ACTIONS.signUpDob);
  } catch {
    return { kind: 'captcha' };
  }
  const [error, profile] = await settle(
    tpaSignupProfile(
      {
        countryCode: input.countryCode,
        birthday: input.birthday,
        newsletter: input.newsletter,
        language: serverLocaleCode(locale),
        termsAccepted: true,
        deviceId: getDeviceId(),
        captchaToken: captcha.token,
        captchaVersion: captcha.version,
      },
      { unified: unifiedCalls() },
    ),
  );
  if (error) return { kind: 'refused', error };
  return { kind: profile.isMinor ? 'minor' : 'adult' };
}

/** The age check and terms; then, with the provider's verified email, the account itself. */
export async function submitProfile(input: ProfileInput, locale: Locale): Promise<ProfileResult> {
  const age = await ageCheck(input, locale);
  if (age.kind === 'captcha') return { kind: 'form-error', code: 'captcha' };
  if (age.kind === 'refused') return tpaFailed(age.error);
  if (age.kind === 'minor') return { kind: 'minor' };
  if (input.needsEmail) return { kind: 'ask-email' };
  // The device fingerprint (spec §3 sign-up payload); without one after the retries the sign-up goes without it.
  const blackBox = await collectBlackBox();
  const [signupError, result] = await settle(
    tpaSignup(
      { deviceId: getDeviceId(), ...(blackBox ? { blackBox } : {}), ...localClock() },
      { unified: unifiedCalls() },
    ),
  );
  return signupError ? tpaFailed(signupError) : tpaSignedIn(result, locale);
}

/** The code to the typed email, then create/verify/code-tpa. */
export async function submitEmail(email: string, provider: string | undefined, locale: Locale): Promise<TpaOutcome> {
  const [error] = await settle(
    tpaSignupEmailRequestCode({ email, language: serverLocaleCode(locale) }, { unified: unifiedCalls() }),
  );
  if (error) return tpaFailed(error);
  goTo(hrefTo(routes.createVerifyCodeTpa, { query: { email, provider } }));
  return { kind: 'leaving' };
}
