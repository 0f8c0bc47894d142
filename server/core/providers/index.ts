/**
 * Picks each provider from the env: the production adapter when it is configured, the local default
 * (outbox, test payments, offline captcha) only in dev mode. Without DEV_TOOLS the deployment guard
 * already refuses a configuration that lacks an adapter; these checks keep that true if it ever did not.
 */
import type { Context } from 'hono';
import { settingsOf } from '../env';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { clientIp } from '../http/client-ip';
import { devCaptcha, recaptcha, turnstile, type CaptchaAction, type CaptchaVerifier } from './captcha';
import { httpEmail, outboxEmail, type EmailProvider } from './email';
import type { PaymentProvider } from './payment';
import { localPayment } from './payment-local';
import { stripePayment } from './payment-stripe';
import { httpSms, outboxSms, type SmsProvider } from './sms';

type Ctx = Context<AppEnv>;

function localOnly(c: Ctx, what: string): void {
  if (!settingsOf(c.env).devTools)
    throw new Error(`No ${what} adapter is configured, and the local one is for DEV_TOOLS only`);
}

export function emailProvider(c: Ctx): EmailProvider {
  const { email } = settingsOf(c.env);
  if (email) return httpEmail(email, c.var.db, c.var.clock);
  localOnly(c, 'email');
  return outboxEmail(c.var.db, c.var.clock);
}

export function smsProvider(c: Ctx): SmsProvider {
  const { sms } = settingsOf(c.env);
  if (sms) return httpSms(sms, c.var.db, c.var.clock);
  localOnly(c, 'SMS');
  return outboxSms(c.var.db, c.var.clock);
}

export function paymentProvider(c: Ctx): PaymentProvider {
  const { payment } = settingsOf(c.env);
  if (payment) return stripePayment(payment);
  localOnly(c, 'payment');
  return localPayment(c.env.DB, c.var.clock);
}

/** The offline verifier in dev mode; otherwise the provider of the production build's pages, with its secret. */
export function captchaVerifier(c: Ctx): CaptchaVerifier {
  const { captcha } = settingsOf(c.env);
  if (captcha === null) throw new Error('No usable captcha configuration (see the configuration problems)');
  switch (captcha.provider) {
    case 'dev':
      return devCaptcha;
    case 'recaptcha':
      return recaptcha(captcha.secret, captcha.minScore);
    case 'turnstile':
      return turnstile(captcha.secret);
  }
}

/** Spec §5: the captcha failure error code is `captcha`. */
export async function assertCaptcha(c: Ctx, token: string, version: 'v2' | 'v3', action: CaptchaAction) {
  const ok = await captchaVerifier(c).verify({ token, version, action, ip: clientIp(c) });
  if (!ok) throw new ApiError(400, 'captcha', 'Captcha verification failed');
}
