/** Picks each provider from the env: the local default unless the production adapter is configured. */
import type { Context } from 'hono';
import { settingsOf } from '../env';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { clientIp } from '../security/sessions';
import { devCaptcha, recaptcha, turnstile, type CaptchaAction, type CaptchaVerifier } from './captcha';
import { httpEmail, outboxEmail, type EmailProvider } from './email';
import { httpPayment, localPayment, type PaymentProvider } from './payment';
import { httpSms, outboxSms, type SmsProvider } from './sms';

type Ctx = Context<AppEnv>;

export function emailProvider(c: Ctx): EmailProvider {
  const { email } = settingsOf(c.env);
  return email ? httpEmail(email, c.env.DB, c.var.clock) : outboxEmail(c.env.DB, c.var.clock);
}

export function smsProvider(c: Ctx): SmsProvider {
  const { sms } = settingsOf(c.env);
  return sms ? httpSms(sms, c.env.DB, c.var.clock) : outboxSms(c.env.DB, c.var.clock);
}

export function paymentProvider(c: Ctx): PaymentProvider {
  const { payment } = settingsOf(c.env);
  return payment ? httpPayment(payment) : localPayment(c.env.DB, c.var.clock);
}

export function captchaVerifier(c: Ctx): CaptchaVerifier {
  const settings = settingsOf(c.env);
  if (settings.captchaSecret === 'dev') return devCaptcha;
  switch (settings.region.captcha.provider) {
    case 'recaptcha':
      return recaptcha(settings.captchaSecret, settings.captchaMinScore);
    case 'turnstile':
      return turnstile(settings.captchaSecret);
    case 'dev':
      throw new Error('The region uses the dev captcha but CAPTCHA_SECRET is not "dev"');
  }
}

/** Spec §5: the captcha failure error code is `captcha`. */
export async function assertCaptcha(c: Ctx, token: string, version: 'v2' | 'v3', action: CaptchaAction) {
  const ok = await captchaVerifier(c).verify({ token, version, action, ip: clientIp(c) });
  if (!ok) throw new ApiError(400, 'captcha', 'Captcha verification failed');
}
