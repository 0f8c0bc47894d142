/** The sign-in's captcha token as a call's body fields (src/client/captcha/login-token.ts), on the dev provider. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_CAPTCHA_TOKEN } from '../../../../src/client/captcha/actions';
import { loginCaptcha } from '../../../../src/client/captcha/login-token';
import { $captcha } from '../../../../src/client/stores/captcha';

afterEach(() => {
  $captcha.set({ showCaptcha: false, v2WidgetId: null, v2Token: null, v3Token: null });
});

describe('loginCaptcha', () => {
  it('gives the invisible token as body fields', async () => {
    await expect(loginCaptcha(false)).resolves.toEqual({ captchaToken: DEV_CAPTCHA_TOKEN, captchaVersion: 'v3' });
  });

  it('gives the visible widget’s token when the configuration shows it', async () => {
    $captcha.set({ showCaptcha: true, v2WidgetId: null, v2Token: 'solved', v3Token: null });
    await expect(loginCaptcha(true)).resolves.toEqual({ captchaToken: 'solved', captchaVersion: 'v2' });
  });

  it('gives nothing while the visible widget is not completed', async () => {
    $captcha.set({ showCaptcha: true, v2WidgetId: null, v2Token: null, v3Token: null });
    await expect(loginCaptcha(false)).resolves.toBeUndefined();
  });
});
