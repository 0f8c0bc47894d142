/**
 * Captcha loader (spec §2 "At start the app … loads the captcha library",
 * §4 login step 1, §9). The provider comes from the region config:
 *  - recaptcha: Google reCAPTCHA, v3 invisible by action or v2 visible widget (dark theme);
 *  - turnstile: Cloudflare Turnstile, invisible execution by action or a visible widget (dark theme);
 *  - dev: the local provider — works offline and yields the token the reference API's dev verifier accepts.
 * The script is injected from the provider's origin (allowed by the CSP the build derives from the same config).
 */
import region from '@region';
import type { RegionConfig } from '../../regions/schema';
import { captchaLocaleHint, isLocale } from '../../i18n/locales';
import { $captcha } from '../stores/captcha';
import { DEV_CAPTCHA_TOKEN, type CaptchaAction, type CaptchaVersion } from './actions';

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  reset(id?: number): void;
}
interface Turnstile {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  execute(el: HTMLElement | string): void;
  remove(id: string): void;
  reset(id: string): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    turnstile?: Turnstile;
  }
}

type Provider = RegionConfig['captcha']['provider'];

/** Script URL of a provider, or undefined for the dev provider (nothing to load). */
export function captchaScriptUrl(captcha: RegionConfig['captcha'], locale: string): string | undefined {
  const hl = encodeURIComponent(isLocale(locale) ? captchaLocaleHint(locale) : locale);
  switch (captcha.provider) {
    case 'recaptcha':
      return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(captcha.siteKeyV3)}&hl=${hl}`;
    case 'turnstile':
      return 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
    case 'dev':
      return undefined;
  }
}

let loading: Promise<void> | undefined;

function pageLocale(): string {
  return document.documentElement.dataset['locale'] ?? document.body.dataset['locale'] ?? 'en';
}

/** Loads the provider's library once; resolves when it is ready. */
export function loadCaptcha(captcha: RegionConfig['captcha'] = region.captcha): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const src = captchaScriptUrl(captcha, pageLocale());
    if (src === undefined) {
      resolve();
      return;
    }
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      if (captcha.provider === 'recaptcha' && window.grecaptcha) window.grecaptcha.ready(resolve);
      else resolve();
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('captcha script failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

function turnstileToken(action: string, captcha: RegionConfig['captcha']): Promise<string> {
  return new Promise((resolve, reject) => {
    const api = window.turnstile;
    if (!api) {
      reject(new Error('turnstile missing'));
      return;
    }
    const host = document.createElement('div');
    host.hidden = true;
    document.body.appendChild(host);
    const id = api.render(host, {
      sitekey: captcha.siteKeyV3,
      action,
      execution: 'execute',
      appearance: 'interaction-only',
      callback: (token: string) => {
        api.remove(id);
        host.remove();
        resolve(token);
      },
      'error-callback': () => {
        api.remove(id);
        host.remove();
        reject(new Error('turnstile failed'));
      },
    });
    api.execute(host);
  });
}

/**
 * An invisible (v3) token for an action (spec §9 action names). When the
 * configuration asks for the visible widget (showCaptcha), the v2 token the
 * widget produced is returned instead. Rejects when no token can be had.
 */
export async function getCaptchaToken(
  action: CaptchaAction,
  captcha: RegionConfig['captcha'] = region.captcha,
): Promise<{ token: string; version: CaptchaVersion }> {
  const state = $captcha.get();
  if (state.showCaptcha) {
    if (state.v2Token === null) throw new Error('captcha widget not completed');
    return { token: state.v2Token, version: 'v2' };
  }
  const provider: Provider = captcha.provider;
  if (provider === 'dev') {
    $captcha.setKey('v3Token', DEV_CAPTCHA_TOKEN);
    return { token: DEV_CAPTCHA_TOKEN, version: 'v3' };
  }
  await loadCaptcha(captcha);
  const token =
    provider === 'recaptcha'
      ? await (window.grecaptcha as Grecaptcha).execute(captcha.siteKeyV3, { action })
      : await turnstileToken(action, captcha);
  $captcha.setKey('v3Token', token);
  return { token, version: 'v3' };
}

/**
 * Renders the provider's visible widget (v2, dark theme) into `el`; calls
 * `onToken` with a token when solved and with null when it expires. Returns
 * a cleanup function. The dev provider's widget is rendered by the React
 * component itself (a real checkbox), so this is only for external providers.
 */
export async function renderV2Widget(
  el: HTMLElement,
  onToken: (token: string | null) => void,
  captcha: RegionConfig['captcha'] = region.captcha,
): Promise<() => void> {
  if (captcha.provider === 'dev') return () => undefined;
  await loadCaptcha(captcha);
  const common = {
    sitekey: captcha.siteKeyV2,
    theme: 'dark',
    callback: (token: string) => onToken(token),
    'expired-callback': () => onToken(null),
  };
  if (captcha.provider === 'recaptcha') {
    const api = window.grecaptcha as Grecaptcha;
    const id = api.render(el, common);
    $captcha.setKey('v2WidgetId', String(id));
    return () => api.reset(id);
  }
  const api = window.turnstile as Turnstile;
  const id = api.render(el, common);
  $captcha.setKey('v2WidgetId', id);
  return () => api.remove(id);
}
