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
