/**
 * Bindings and variables of the reference API. Plain-text vars and secrets
 * arrive as strings; they are parsed once per env object with zod, so a
 * misconfigured deployment fails on its first request with a clear message
 * instead of misbehaving later.
 */
import * as z from 'zod/mini';
import { isRegionId, regions, type RegionConfig } from '../src/regions/index';

export interface Env {
  DB: D1Database;
  CONFIG: KVNamespace;
  REGION?: string;
  ALLOWED_ORIGINS?: string;
  /** Local development only; production config never sets it. */
  DEV_TOOLS?: string;
  /** base64 of 32 random bytes: AES-GCM key for TOTP secrets. */
  TOTP_ENCRYPTION_KEY?: string;
  /** `dev` selects the offline dev verifier; otherwise the provider's secret key. */
  CAPTCHA_SECRET?: string;
  CAPTCHA_MIN_SCORE?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  SMS_API_URL?: string;
  SMS_API_KEY?: string;
  SMS_FROM?: string;
  PAYMENT_API_URL?: string;
  PAYMENT_API_KEY?: string;
  /** Range API of the breached-password check (e.g. https://api.pwnedpasswords.com/range/); unset: no check. */
  BREACHED_PASSWORDS_API_URL?: string;
}

const nonEmpty = z.string().check(z.minLength(1));
const httpsUrl = z.url({ protocol: /^https$/ });
const origin = z.string().check(z.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i));

const settingsSchema = z.object({
  REGION: z._default(z.string(), 'global'),
  ALLOWED_ORIGINS: z._default(z.string(), ''),
  DEV_TOOLS: z.optional(z.enum(['1', 'true', '0', 'false', ''])),
  TOTP_ENCRYPTION_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/))),
  CAPTCHA_SECRET: z._default(nonEmpty, 'dev'),
  CAPTCHA_MIN_SCORE: z._default(z.coerce.number().check(z.gte(0), z.lte(1)), 0.5),
  EMAIL_API_URL: z.optional(httpsUrl),
  EMAIL_API_KEY: z.optional(nonEmpty),
  EMAIL_FROM: z.optional(nonEmpty),
  SMS_API_URL: z.optional(httpsUrl),
  SMS_API_KEY: z.optional(nonEmpty),
  SMS_FROM: z.optional(nonEmpty),
  PAYMENT_API_URL: z.optional(httpsUrl),
  PAYMENT_API_KEY: z.optional(nonEmpty),
  BREACHED_PASSWORDS_API_URL: z.optional(httpsUrl),
});

export type HttpProviderConfig = { url: string; key: string; from: string } | null;

export interface Settings {
  region: RegionConfig;
  allowedOrigins: readonly string[];
  devTools: boolean;
  totpKey: string | null;
  captchaSecret: string;
  captchaMinScore: number;
  email: HttpProviderConfig;
  sms: HttpProviderConfig;
  payment: { url: string; key: string } | null;
  /** The breached-password range API (server/providers/breached-passwords.ts); null: off (dev, tests). */
  breachedPasswordsUrl: string | null;
}

function httpProvider(url?: string, key?: string, from?: string): HttpProviderConfig {
  if (url === undefined && key === undefined) return null;
  if (url === undefined || key === undefined || from === undefined)
    throw new Error('An HTTP provider needs its URL, API key and sender together');
  return { url, key, from };
}

const cache = new WeakMap<Env, Settings>();

/** The parsed settings of an env object (cached: bindings do not change within an isolate). */
export function settingsOf(env: Env): Settings {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) throw new Error(`API configuration is invalid:\n${z.prettifyError(parsed.error)}`);
  const v = parsed.data;
  if (!isRegionId(v.REGION)) throw new Error(`REGION=${v.REGION} is not a region id`);
  const allowedOrigins = v.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
  for (const o of allowedOrigins) {
    if (!origin.safeParse(o).success) throw new Error(`ALLOWED_ORIGINS holds an invalid origin: ${o}`);
  }
  const payment =
    v.PAYMENT_API_URL !== undefined && v.PAYMENT_API_KEY !== undefined
      ? { url: v.PAYMENT_API_URL, key: v.PAYMENT_API_KEY }
      : null;
  const settings: Settings = {
    region: regions[v.REGION],
    allowedOrigins,
    devTools: v.DEV_TOOLS === '1' || v.DEV_TOOLS === 'true',
    totpKey: v.TOTP_ENCRYPTION_KEY ?? null,
    captchaSecret: v.CAPTCHA_SECRET,
    captchaMinScore: v.CAPTCHA_MIN_SCORE,
    email: httpProvider(v.EMAIL_API_URL, v.EMAIL_API_KEY, v.EMAIL_FROM),
    sms: httpProvider(v.SMS_API_URL, v.SMS_API_KEY, v.SMS_FROM),
    payment,
    breachedPasswordsUrl: v.BREACHED_PASSWORDS_API_URL ?? null,
  };
  cache.set(env, settings);
  return settings;
}
