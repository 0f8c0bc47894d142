/**
 * The sign-in's captcha token (spec §4 login step 1, §9): the login action for the channel (the launcher's when
 * the portal is framed by it, else the web's), the visible widget's token when the configuration shows it. One
 * helper for every form that carries the login form's captcha: the sign-in itself, a parent adding a child's
 * existing account, and the card step of parental consent (issue 26 §3).
 */
import type { CaptchaVersion } from './actions';
import { loginAction } from './actions';
import { getCaptchaToken } from './loader';

/** The body fields a call sends the token in. */
export interface CaptchaFields {
  captchaToken: string;
  captchaVersion: CaptchaVersion;
}

/**
 * The token as the call's body fields, or undefined when none could be had (the provider's script failed to load,
 * or the visible widget is not completed): the form then shows the captcha failure (spec §5).
 */
export async function loginCaptcha(appMode: boolean): Promise<CaptchaFields | undefined> {
  try {
    const { token, version } = await getCaptchaToken(loginAction(appMode));
    return { captchaToken: token, captchaVersion: version };
  } catch {
    return undefined;
  }
}
