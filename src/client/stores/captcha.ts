/** Captcha state (spec §3): visible v2 widget or invisible v3 tokens. */
import { map } from 'nanostores';

export interface CaptchaState {
  /** From the configuration: show the visible v2 widget (spec §4 login flow step 1). */
  showCaptcha: boolean;
  v2WidgetId: string | null;
  v2Token: string | null;
  v3Token: string | null;
}

export const $captcha = map<CaptchaState>({ showCaptcha: false, v2WidgetId: null, v2Token: null, v3Token: null });

/**
 * What a form renders with: `useStore($captcha, { keys: CAPTCHA_FORM_KEYS })`. A v3 token is stored as the submit
 * fetches it, in the click's own task; a form subscribed to it would render again right there, before the click's
 * call leaves (issue 25 §1: the first sign-in click waited for that render, the next ones did not).
 */
export const CAPTCHA_FORM_KEYS: (keyof CaptchaState)[] = ['showCaptcha', 'v2Token'];
