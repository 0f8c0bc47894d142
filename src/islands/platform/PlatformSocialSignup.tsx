/**
 * A console's social sign-up (docs/platforms.md "Social sign-in on a platform"): the social sign-in found no
 * account (20215), so the player signs up here, on the console, with create-tpa's steps (age check, terms, an
 * email when the provider gave none) and create/verify/code-tpa's code step, both with the platform's calls
 * (./social-signup-submit.ts). It ends signed in with the console linked (link-success). Loaded on 20215 only.
 */
import { useState } from 'react';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import type { ConsolePlatform } from '../../shared/contract/platform';
import type { DateFormatInfo } from '../shared/date-parts';
import { CreateTpaIsland } from '../social/CreateTpaIsland';
import { PROVIDER_NAMES, type SocialProvider } from '../social/providers';
import { VerifyCodeTpaIsland } from '../social/VerifyCodeTpaIsland';
import { platformNameKey } from './platform-name';
import type { ConsoleSignup, consoleSignupCalls } from './social-signup-submit';

export interface PlatformSocialSignupProps {
  strings: Strings;
  locale: Locale;
  platform: ConsolePlatform;
  provider: SocialProvider;
  /** The provider's email, null when it gave none (the player types one). */
  providerEmail: string | null;
  dateFormat: DateFormatInfo;
  maxYear: number;
  /** The console's login page (the way back). */
  loginPath: string;
}

export function PlatformSocialSignup(props: PlatformSocialSignupProps) {
  const { strings, locale, platform, providerEmail, loginPath } = props;
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  // One set of calls for the whole sign-up: it keeps the newsletter choice of the profile step for the account.
  const [calls] = useState(() => {
    const signup: ConsoleSignup = { platform, locale, providerEmail, onCodeSent: setCodeSentTo };
    let made: ReturnType<typeof consoleSignupCalls> | undefined;
    return async () => (made ??= (await import('./social-signup-submit')).consoleSignupCalls(signup));
  });
  const t = createT(strings);
  return codeSentTo === null ? (
    <>
      <p role="status">
        {t('platform.socialSignup.intro', {
          provider: PROVIDER_NAMES[props.provider],
          platform: t(platformNameKey(platform)),
        })}
      </p>
      <CreateTpaIsland
        strings={strings}
        locale={locale}
        dateFormat={props.dateFormat}
        maxYear={props.maxYear}
        loginPath={loginPath}
        provider={props.provider}
        needsEmail={providerEmail === null}
        calls={calls}
      />
    </>
  ) : (
    <VerifyCodeTpaIsland strings={strings} locale={locale} loginPath={loginPath} email={codeSentTo} calls={calls} />
  );
}
