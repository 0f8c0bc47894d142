/**
 * The login/zendesk screen's submit (spec §7 login/token → login/zendesk), loaded on the form's first focus so the
 * page ships only the form: the captcha token, the one-time token for the blocked account, its exchange for the
 * desk's sign-in URL, then the desk.
 */
import { loginToken, zendeskLogin } from '../../client/api/launcher-login';
import { CAPTCHA_ACTIONS } from '../../client/captcha/actions';
import { getCaptchaToken } from '../../client/captcha/loader';
import { settle } from '../../client/http/settle';
import { $captcha } from '../../client/stores/captcha';
import { goToDesk } from './go-to-desk';

export type DeskOutcome =
  /** The page is leaving for the desk, or the launcher opened it. */
  | { readonly kind: 'leaving' | 'external' }
  /** Show this code's §8 text in the form (wrong password 20002, limits 20187/20157, captcha…). */
  | { readonly kind: 'error'; readonly code: string }
  /** The password is right but the account is not blocked: it signs in and contacts support from the account. */
  | { readonly kind: 'not-blocked' }
  /** The token was issued but its exchange failed (expired in between, or the connection): try again. */
  | { readonly kind: 'retry' };

export async function openDeskWithPassword(
  fields: { id: string; password: string },
  unified: boolean,
): Promise<DeskOutcome> {
  let captcha: Awaited<ReturnType<typeof getCaptchaToken>>;
  try {
    captcha = await getCaptchaToken(CAPTCHA_ACTIONS.webLogin);
  } catch {
    // The provider failed to load or the widget was not completed (spec §5: the captcha failure code is captcha).
    return { kind: 'error', code: 'captcha' };
  }
  const [error, issued] = await settle(
    loginToken({ ...fields, captchaToken: captcha.token, captchaVersion: captcha.version }),
  );
  if (error) {
    // 403 20022 is the API's "right password, not blocked" (docs/support-desk.md); a 400 20022 is bad input.
    if (error.code === '20022' && error.status === 403) return { kind: 'not-blocked' };
    // 20072: the account is under attack; this client must solve the visible captcha (as on login).
    if (error.code === '20072') $captcha.setKey('showCaptcha', true);
    return { kind: 'error', code: error.code };
  }
  const [exchangeError, desk] = await settle(zendeskLogin(issued.token, { unified }));
  if (exchangeError) return { kind: 'retry' };
  return { kind: await goToDesk(desk.returnUrl) };
}
