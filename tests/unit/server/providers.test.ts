/** Captcha verifiers and the HTTP adapters, with the network transport mocked (the logic is real). Payment: payment-providers.test.ts. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devCaptcha, recaptcha, turnstile, type CaptchaCheck } from '../../../server/core/providers/captcha';

const check = (over: Partial<CaptchaCheck> = {}): CaptchaCheck => ({
  token: 'tok',
  version: 'v3',
  action: 'web_login',
  ip: '203.0.113.9',
  ...over,
});

function answer(body: unknown, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.restoreAllMocks());

describe('dev captcha', () => {
  it('passes dev-captcha-pass and fails everything else', async () => {
    expect(await devCaptcha.verify(check({ token: 'dev-captcha-pass' }))).toBe(true);
    expect(await devCaptcha.verify(check({ token: 'dev-captcha-fail' }))).toBe(false);
    expect(await devCaptcha.verify(check({ token: '' }))).toBe(false);
  });
});

describe('reCAPTCHA', () => {
  it('v3 needs success, the score and the declared action', async () => {
    const v = recaptcha('secret', 0.5);
    answer({ success: true, score: 0.9, action: 'web_login' });
    expect(await v.verify(check())).toBe(true);
    answer({ success: true, score: 0.3, action: 'web_login' });
    expect(await v.verify(check())).toBe(false);
    answer({ success: true, score: 0.9, action: 'signUpDob' });
    expect(await v.verify(check())).toBe(false);
  });

  it('v2 needs success only; failures and outages fail closed', async () => {
    const v = recaptcha('secret', 0.5);
    answer({ success: true });
    expect(await v.verify(check({ version: 'v2' }))).toBe(true);
    answer({ success: false });
    expect(await v.verify(check({ version: 'v2' }))).toBe(false);
    answer({}, 500);
    expect(await v.verify(check({ version: 'v2' }))).toBe(false);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network'));
    expect(await v.verify(check({ version: 'v2' }))).toBe(false);
  });

  it('sends the secret, the token and the IP as a form', async () => {
    const spy = answer({ success: true, score: 1, action: 'web_login' });
    await recaptcha('s3cret', 0.5).verify(check());
    const [url, init] = spy.mock.calls[0] ?? [];
    expect(url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(init?.body).toBeInstanceOf(URLSearchParams);
    expect((init?.body as URLSearchParams).toString()).toBe('secret=s3cret&response=tok&remoteip=203.0.113.9');
  });
});

describe('Turnstile', () => {
  it('needs success and, when reported, the same action', async () => {
    const v = turnstile('secret');
    answer({ success: true, action: 'web_login' });
    expect(await v.verify(check())).toBe(true);
    answer({ success: true, action: 'other' });
    expect(await v.verify(check())).toBe(false);
    answer({ success: false });
    expect(await v.verify(check())).toBe(false);
  });
});
