/**
 * A console's social sign-up (docs/platforms.md "Social sign-in on a platform"): create-tpa's and
 * create/verify/code-tpa's steps with the platform's calls, so their islands serve the console unchanged.
 *   age check and terms  tpaSignupProfile (create-tpa's own, ../social/create-tpa-submit.ts ageCheck)
 *   provider's email     signup/in-game/social → signed in, console linked (link-success)
 *   no email, or one the provider does not vouch for (20013)
 *                        signup/social/email/validate (a code to the typed email)
 *                        → signup/social/in-game/email/code → signup/in-game/social/email → link-success
 * An email that is an existing account's (20128) goes to global/{platform}/social-link through the §8 handling.
 * Loaded with the first submit.
 */
import { collectBlackBox } from '../../client/fingerprint/black-box';
import { settle } from '../../client/http/settle';
import { getDeviceId } from '../../client/stores/device';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import type { ConsolePlatform } from '../../shared/contract/platform';
import type { CreateTpaCalls } from '../social/CreateTpaIsland';
import { ageCheck, type ProfileInput, type ProfileResult } from '../social/create-tpa-submit';
import type { TpaOutcome } from '../social/finish-tpa';
import type { VerifyCodeTpaCalls } from '../social/VerifyCodeTpaIsland';
import { consoleClientId, platformCalls } from './calls';
import { platformOutcome, platformSocialDone } from './social-finish';

export interface ConsoleSignup {
  readonly platform: ConsolePlatform;
  readonly locale: Locale;
  /** The provider's email (getTpaSessionEmail), null when it gave none. */
  readonly providerEmail: string | null;
  /** The code went to this typed email: the code step follows. */
  readonly onCodeSent: (email: string) => void;
}

export function consoleSignupCalls(s: ConsoleSignup): CreateTpaCalls & VerifyCodeTpaCalls {
  const { platform } = s;
  // Chosen on the profile step and sent again with the account (the call's own newsletter and language).
  let newsletter = false;

  async function signUp(email: string, typed: boolean, locale: Locale): Promise<TpaOutcome | 'prove-email'> {
    const blackBox = await collectBlackBox();
    const query = new URLSearchParams(location.search);
    const [error, answer] = await settle(
      (await platformCalls()).socialSignup(
        platform,
        { inGame: true, withEmail: typed },
        {
          clientId: consoleClientId(query),
          language: serverLocaleCode(locale),
          email,
          newsletter,
          deviceId: getDeviceId(),
          ...(blackBox ? { blackBox } : {}),
        },
      ),
    );
    // The provider's email is not one it vouches for: the player proves an email by code instead.
    if (error?.code === '20013' && !typed) return 'prove-email';
    return error ? platformOutcome(error, platform) : platformSocialDone(platform, answer, 'link-success');
  }

  async function sendCode(email: string, locale: Locale): Promise<TpaOutcome | undefined> {
    const [error] = await settle(
      (await platformCalls()).validateSocialSignupEmail(platform, {
        newsletter,
        email,
        language: serverLocaleCode(locale),
      }),
    );
    return error ? platformOutcome(error, platform) : undefined;
  }

  return {
    async submitProfile(input: ProfileInput, locale: Locale): Promise<ProfileResult> {
      newsletter = input.newsletter;
      const age = await ageCheck(input, locale);
      if (age.kind === 'captcha') return { kind: 'form-error', code: 'captcha' };
      if (age.kind === 'refused') return platformOutcome(age.error, platform);
      if (age.kind === 'minor') return { kind: 'minor' };
      if (input.needsEmail || s.providerEmail === null) return { kind: 'ask-email' };
      const done = await signUp(s.providerEmail, false, locale);
      return done === 'prove-email' ? { kind: 'ask-email' } : done;
    },
    async submitEmail(email: string, _provider: string | undefined, locale: Locale): Promise<TpaOutcome> {
      const refused = await sendCode(email, locale);
      if (refused !== undefined) return refused;
      s.onCodeSent(email);
      return { kind: 'leaving' };
    },
    async verifyCode(email: string, code: string) {
      const body = { email, code, codeType: 'EMAIL' as const, deviceId: getDeviceId() };
      const blackBox = await collectBlackBox();
      const [error] = await settle(
        (await platformCalls()).submitSignupEmailCode(
          platform,
          { social: true, inGame: true },
          // blackBox: the contract requires it; the device id stands in when the collection fails (docs/launcher.md).
          { ...body, blackBox: blackBox ?? getDeviceId() },
        ),
      );
      if (error) return platformOutcome(error, platform);
      const done = await signUp(email, true, s.locale);
      return done === 'prove-email' ? { kind: 'form-error', code: '20013' } : done;
    },
    async resendCode(email: string, locale: Locale) {
      return (await sendCode(email, locale)) ?? { kind: 'resent' as const };
    },
  };
}
