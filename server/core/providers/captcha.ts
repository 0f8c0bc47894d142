/**
 * Captcha verification (spec §4 step 1, §5, §9): reCAPTCHA v2 (visible
 * widget) and v3 (score and action), Cloudflare Turnstile, and an offline dev
 * verifier used when CAPTCHA_SECRET is `dev`: the token `dev-captcha-pass`
 * passes and anything else (e.g. `dev-captcha-fail`) fails, so tests exercise
 * both paths without the network.
 */
import * as z from 'zod/mini';

export const DEV_CAPTCHA_PASS = 'dev-captcha-pass';
export const DEV_CAPTCHA_FAIL = 'dev-captcha-fail';

/** Spec §9 v3 action names. */
export const CAPTCHA_ACTIONS = [
  'launcher_login',
  'web_login',
  'signUpDob',
  'launcher_self_reset_password',
  'web_self_reset_password',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export interface CaptchaCheck {
  token: string;
  version: 'v2' | 'v3';
  action: CaptchaAction;
  ip: string | null;
}

export interface CaptchaVerifier {
  readonly kind: 'dev' | 'recaptcha' | 'turnstile';
  verify(check: CaptchaCheck): Promise<boolean>;
}

export const devCaptcha: CaptchaVerifier = {
  kind: 'dev',
  verify: (check) => Promise.resolve(check.token === DEV_CAPTCHA_PASS),
};

const RECAPTCHA_URL = 'https://www.google.com/recaptcha/api/siteverify';
const TURNSTILE_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

const recaptchaAnswer = z.object({
  success: z.boolean(),
  score: z.optional(z.number()),
  action: z.optional(z.string()),
});
const turnstileAnswer = z.object({ success: z.boolean(), action: z.optional(z.string()) });

async function postForm(url: string, form: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) return null;
  return response.json().catch(() => null);
}

function form(secret: string, check: CaptchaCheck): Record<string, string> {
  return { secret, response: check.token, ...(check.ip !== null ? { remoteip: check.ip } : {}) };
}

export function recaptcha(secret: string, minScore: number): CaptchaVerifier {
  return {
    kind: 'recaptcha',
    async verify(check) {
      const answer = recaptchaAnswer.safeParse(await postForm(RECAPTCHA_URL, form(secret, check)).catch(() => null));
      if (!answer.success || !answer.data.success) return false;
      if (check.version === 'v2') return true;
      // v3 has no challenge: the score and the action the page declared must both fit.
      return (answer.data.score ?? 0) >= minScore && answer.data.action === check.action;
    },
  };
}

export function turnstile(secret: string): CaptchaVerifier {
  return {
    kind: 'turnstile',
    async verify(check) {
      const answer = turnstileAnswer.safeParse(await postForm(TURNSTILE_URL, form(secret, check)).catch(() => null));
      if (!answer.success || !answer.data.success) return false;
      return answer.data.action === undefined || answer.data.action === check.action;
    },
  };
}
