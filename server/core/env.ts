/**
 * Bindings and variables of the reference API. Plain-text vars and secrets
 * arrive as strings; they are parsed once per env object with zod, so a
 * misconfigured deployment fails on its first request with a clear message
 * instead of misbehaving later.
 *
 * Two modes (docs/security.md "Origins and production configuration"):
 * - dev (DEV_TOOLS on, `npm start` and the tests, never in a production
 *   build): offline captcha, local outbox and payment, any ALLOWED_ORIGINS;
 * - production (everything else): every provider secret, a real captcha
 *   secret matching the production build's pages, https public origins only.
 * A configuration that breaks its mode's rules is listed in `problems`, and
 * the deployment guard (server/core/http/deployment.ts) refuses every request.
 */
import * as z from 'zod/mini';
import { isRegionId, regions, type RegionConfig } from '../../src/regions/index';
import { BUILD_PROFILE_FILE, readBuildState, type BuildState } from './build-profile';
import { engineConfig } from './db/config';
import { isLocalHostname } from './http/hosts';
import { steamWebApiProblems } from './config/steam';
import { socialProblems } from './config/social';
import { costSettings, type CostSettings, type CostVars } from './config/cost';
import type { HashCost } from './security/password';

/** The cost settings' variables (SMS_COUNTRIES, SMS_DAILY_BUDGET, …) are documented in server/core/config/cost.ts. */
export interface Env extends CostVars {
  DB: D1Database;
  /** `postgres` runs on PostgreSQL (server/core/db/config.ts); unset or `d1`: the DB binding. */
  DB_ENGINE?: string;
  /** With DB_ENGINE=postgres and no HYPERDRIVE binding: the postgres:// connection string (a secret). */
  DATABASE_URL?: string;
  /** With DB_ENGINE=postgres: the Hyperdrive configuration in front of the database (README "Deploying on PostgreSQL"). */
  HYPERDRIVE?: Hyperdrive;
  CONFIG: KVNamespace;
  /**
   * Deployed only: the producer binding of the events queue (docs/events.md "Deployment"). Bound, account events go
   * to it after the response and the events Worker delivers them; unbound (npm start, tests), the API drains them.
   */
  EVENTS_QUEUE?: Queue<{ eventId: string; endpointId: string }>;
  /** The static build beside the Functions (Pages binds it); absent when the app runs in-process. */
  ASSETS?: Fetcher;
  /** Region id; a production deployment may leave it unset (the build profile names the region). */
  REGION?: string;
  /** Comma-separated public origins of the portal: the only origins CORS and the CSRF defence accept. */
  ALLOWED_ORIGINS?: string;
  /** Local development only; inert in a production build. */
  DEV_TOOLS?: string;
  /** base64 of 32 random bytes: AES-GCM key for TOTP secrets. */
  TOTP_ENCRYPTION_KEY?: string;
  /** The captcha provider's secret key; `dev` (or unset) selects the offline verifier, with DEV_TOOLS only. */
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
  /** The payment provider's publishable key: the browser's card field uses it (docs/payments.md). */
  PAYMENT_PUBLISHABLE_KEY?: string;
  /**
   * Milliseconds a refused card consent takes at least, from the card step's start (server/parental/vpc-limits.ts
   * `cardRefusalFloorMs`): unset, the production default, or the dev default with DEV_TOOLS.
   */
  VPC_CARD_FLOOR_MS?: string;
  /** Range API of the breached-password check (e.g. https://api.pwnedpasswords.com/range/); unset: no check. */
  BREACHED_PASSWORDS_API_URL?: string;
  /**
   * `test`: new password and backup-code hashes at a test server's cost (server/core/security/password.ts), with
   * DEV_TOOLS only; the API test harness sets it. A production deployment refuses the variable.
   */
  PASSWORD_HASH_COST?: string;
  /** Where new ownership-verification cases go; unset: the region's mailbox (server/support/mailbox.ts). */
  SUPPORT_MAILBOX?: string;
  /** The SMS provider's webhook signing secret (inbound replies, server/core/security/sms-signature.ts). */
  SMS_WEBHOOK_SECRET?: string;
  /** HMAC key of the newsletter unsubscribe links (server/core/security/opt-out-token.ts). */
  NEWSLETTER_LINK_KEY?: string;
  /** The support desk's base URL (e.g. https://lumenforge.zendesk.com); dev mode: the dev support-desk page. */
  SUPPORT_DESK_URL?: string;
  /** The support desk's JWT single-sign-on shared secret (HS256; docs/support-desk.md). */
  SUPPORT_DESK_JWT_SECRET?: string;
  /** base64 of 32 random bytes: AES-GCM key sealing the identity provider's signing keys in D1 (docs/identity-provider.md). */
  OIDC_KEY_SECRET?: string;
  /**
   * The store connector's real ticket check (server/core/config/steam.ts, docs/platforms.md): the publisher
   * Web API key (secret), the game's app id, the identity the game passes to GetAuthTicketForWebApi, and the
   * API's base URL (default https://partner.steam-api.com). A key without the app id and identity refuses to serve.
   */
  PLATFORM_STEAM_WEB_API_KEY?: string;
  PLATFORM_STEAM_APP_ID?: string;
  PLATFORM_STEAM_IDENTITY?: string;
  PLATFORM_STEAM_WEB_API_URL?: string;
}

const nonEmpty = z.string().check(z.minLength(1));
const httpsUrl = z.url({ protocol: /^https$/ });
const origin = z.string().check(z.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i));

const settingsSchema = z.object({
  REGION: z.optional(z.string()),
  ALLOWED_ORIGINS: z._default(z.string(), ''),
  DEV_TOOLS: z.optional(z.enum(['1', 'true', '0', 'false', ''])),
  TOTP_ENCRYPTION_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/))),
  CAPTCHA_SECRET: z.optional(nonEmpty),
  CAPTCHA_MIN_SCORE: z._default(z.coerce.number().check(z.gte(0), z.lte(1)), 0.5),
  EMAIL_API_URL: z.optional(httpsUrl),
  EMAIL_API_KEY: z.optional(nonEmpty),
  EMAIL_FROM: z.optional(nonEmpty),
  SMS_API_URL: z.optional(httpsUrl),
  SMS_API_KEY: z.optional(nonEmpty),
  SMS_FROM: z.optional(nonEmpty),
  PAYMENT_API_URL: z.optional(httpsUrl),
  PAYMENT_API_KEY: z.optional(nonEmpty),
  PAYMENT_PUBLISHABLE_KEY: z.optional(z.string().check(z.regex(/^pk_[A-Za-z0-9_]+$/))),
  // At most a minute: a longer floor would outlast the client's own timeout.
  VPC_CARD_FLOOR_MS: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(60_000))),
  BREACHED_PASSWORDS_API_URL: z.optional(httpsUrl),
  PASSWORD_HASH_COST: z.optional(z.enum(['standard', 'test'])),
  SMS_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(32))),
  NEWSLETTER_LINK_KEY: z.optional(z.string().check(z.minLength(32))),
  // http is allowed here for a local desk with DEV_TOOLS; production requires https (productionProblems).
  SUPPORT_DESK_URL: z.optional(z.url({ protocol: /^https?$/ })),
  SUPPORT_DESK_JWT_SECRET: z.optional(z.string().check(z.minLength(32))),
  OIDC_KEY_SECRET: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/))),
});
type Vars = z.infer<typeof settingsSchema>;

export type HttpProviderConfig = { url: string; key: string; from: string } | null;

/** The verifier the API uses: the offline one (dev mode only) or the production build's provider. */
export type CaptchaSettings =
  { provider: 'dev' } | { provider: 'recaptcha' | 'turnstile'; secret: string; minScore: number };

export interface Settings {
  region: RegionConfig;
  allowedOrigins: readonly string[];
  /** DEV_TOOLS as it takes effect: never in a production build, whatever the variable says. */
  devTools: boolean;
  /** The static build beside the API (server/core/build-profile.ts). */
  build: BuildState;
  totpKey: string | null;
  /** null: no usable captcha (then `problems` says why and the guard refuses every request). */
  captcha: CaptchaSettings | null;
  email: HttpProviderConfig;
  sms: HttpProviderConfig;
  payment: { url: string; key: string; publishableKey: string } | null;
  /** VPC_CARD_FLOOR_MS as set; null: the mode's default (server/parental/vpc-limits.ts). */
  vpcCardFloorMs: number | null;
  /** The breached-password range API (server/core/providers/breached-passwords.ts); null: off (dev, tests). */
  breachedPasswordsUrl: string | null;
  /** What new password and backup-code hashes cost: `test` only on a dev-mode server that asked for it. */
  hashCost: HashCost;
  /** Signing secret of the inbound-SMS webhook; DEV_SECRETS.smsWebhook in dev mode when unset. */
  smsWebhookSecret: string;
  /** Key of the signed unsubscribe links; DEV_SECRETS.newsletterLink in dev mode when unset. */
  newsletterLinkKey: string;
  /**
   * The support-desk sign-in (docs/support-desk.md); null in a region whose Contact Support opens its help URL
   * (region.supportViaDeskLogin false). `url` null: the dev support-desk page of this API (dev mode only).
   */
  supportDesk: { url: string | null; jwtSecret: string } | null;
  /** Key sealing the identity provider's signing keys; DEV_SECRETS.oidcKey in dev mode when unset. */
  oidcKeySecret: string;
  /** What texts and mails may cost (server/core/config/cost.ts): the SMS countries and the daily budgets. */
  cost: CostSettings;
  /** Why this configuration may not serve requests; empty when it may. */
  problems: readonly string[];
}

/**
 * Fixed values of the signing secrets for dev mode when `.dev.vars` does not set them (the dev SMS outbox
 * signs its replies with the first). Production refuses them: every deployment sets its own.
 */
export const DEV_SECRETS = {
  smsWebhook: 'dev-only-sms-webhook-secret-not-for-production',
  newsletterLink: 'dev-only-newsletter-link-key-not-for-production',
  supportDeskJwt: 'dev-only-support-desk-jwt-secret-not-for-production',
  // base64 of 'dev-only-oidc-key-secret-32bytes'.
  oidcKey: 'ZGV2LW9ubHktb2lkYy1rZXktc2VjcmV0LTMyYnl0ZXM=',
} as const;

function httpProvider(url?: string, key?: string, from?: string): HttpProviderConfig {
  if (url === undefined && key === undefined) return null;
  if (url === undefined || key === undefined || from === undefined)
    throw new Error('An HTTP provider needs its URL, API key and sender together');
  return { url, key, from };
}

/** The payment adapter needs its three values together (docs/payments.md); production refuses to run otherwise. */
function paymentProvider(v: Vars): Settings['payment'] {
  const { PAYMENT_API_URL: url, PAYMENT_API_KEY: key, PAYMENT_PUBLISHABLE_KEY: publishableKey } = v;
  return url !== undefined && key !== undefined && publishableKey !== undefined ? { url, key, publishableKey } : null;
}

const PRODUCTION_BUILD = 'npm run build -- --production';

/** A production build, or a build whose profile cannot be read (fail closed: it may be one). */
function isProductionBuild(build: BuildState): boolean {
  return build.kind === 'unreadable' || (build.kind === 'built' && build.profile.production);
}

function regionOf(v: Vars, build: BuildState): RegionConfig {
  const id = v.REGION ?? (build.kind === 'built' ? build.profile.region : 'global');
  if (!isRegionId(id)) throw new Error(`REGION=${id} is not a region id`);
  return regions[id];
}

function captchaOf(v: Vars, build: BuildState, devTools: boolean): CaptchaSettings | null {
  if (devTools) return v.CAPTCHA_SECRET === undefined || v.CAPTCHA_SECRET === 'dev' ? { provider: 'dev' } : null;
  if (build.kind !== 'built' || build.profile.captcha === 'dev') return null;
  if (v.CAPTCHA_SECRET === undefined || v.CAPTCHA_SECRET === 'dev') return null;
  return { provider: build.profile.captcha, secret: v.CAPTCHA_SECRET, minScore: v.CAPTCHA_MIN_SCORE };
}

/** The rules of the dev mode: only the offline captcha, and a build (if any) of the same region that is a local one. */
function devProblems(v: Vars, build: BuildState): string[] {
  const problems: string[] = [];
  if (v.CAPTCHA_SECRET !== undefined && v.CAPTCHA_SECRET !== 'dev')
    problems.push(
      'CAPTCHA_SECRET holds a provider secret, but with DEV_TOOLS the pages use the offline dev captcha: leave it unset or set it to dev',
    );
  if (build.kind === 'built' && build.profile.captcha !== 'dev')
    problems.push(`The pages of this build use ${build.profile.captcha}, but DEV_TOOLS uses the offline dev captcha`);
  return problems;
}

/** The rules of production: a production build, its captcha with a real secret, every provider, public https origins. */
function productionProblems(v: Vars, build: BuildState, origins: readonly string[], region: RegionConfig): string[] {
  const problems: string[] = [];
  if (build.kind === 'none')
    problems.push(`No static build beside the API: without DEV_TOOLS it serves only a production build`);
  if (build.kind === 'unreadable')
    problems.push(
      `The static build has no readable ${BUILD_PROFILE_FILE} (${build.reason}): deploy the output of ${PRODUCTION_BUILD}`,
    );
  if (build.kind === 'built' && !build.profile.production)
    problems.push(
      `The static build is a local build (its pages use the offline dev captcha): deploy the output of ${PRODUCTION_BUILD}, or set DEV_TOOLS=1 for local use`,
    );
  if (origins.length === 0) problems.push("ALLOWED_ORIGINS is empty: list the portal's public https origins");
  for (const o of origins) {
    if (!o.startsWith('https://') || isLocalHostname(new URL(o).hostname))
      problems.push(`ALLOWED_ORIGINS lists ${o}: production origins are public https origins, never http or localhost`);
  }
  if (v.CAPTCHA_SECRET === undefined) problems.push("CAPTCHA_SECRET is not set: set the captcha provider's secret key");
  else if (v.CAPTCHA_SECRET === 'dev')
    problems.push('CAPTCHA_SECRET=dev selects the offline captcha, which only DEV_TOOLS may use');
  if (v.TOTP_ENCRYPTION_KEY === undefined) problems.push('TOTP_ENCRYPTION_KEY is not set');
  if (v.PASSWORD_HASH_COST === 'test')
    problems.push('PASSWORD_HASH_COST=test weakens every new password hash: it is for the API test servers only');
  if (v.EMAIL_API_URL === undefined) problems.push('EMAIL_API_URL, EMAIL_API_KEY and EMAIL_FROM are not set');
  if (v.SMS_API_URL === undefined) problems.push('SMS_API_URL, SMS_API_KEY and SMS_FROM are not set');
  if (v.PAYMENT_API_URL === undefined || v.PAYMENT_API_KEY === undefined || v.PAYMENT_PUBLISHABLE_KEY === undefined)
    problems.push('PAYMENT_API_URL and PAYMENT_API_KEY and PAYMENT_PUBLISHABLE_KEY are not all set');
  if (v.SMS_WEBHOOK_SECRET === undefined || v.SMS_WEBHOOK_SECRET === DEV_SECRETS.smsWebhook)
    problems.push("SMS_WEBHOOK_SECRET is not set: set the SMS provider's webhook signing secret");
  if (v.NEWSLETTER_LINK_KEY === undefined || v.NEWSLETTER_LINK_KEY === DEV_SECRETS.newsletterLink)
    problems.push('NEWSLETTER_LINK_KEY is not set: set `openssl rand -base64 32`');
  problems.push(...supportDeskProblems(v, region));
  if (v.OIDC_KEY_SECRET === undefined || v.OIDC_KEY_SECRET === DEV_SECRETS.oidcKey)
    problems.push('OIDC_KEY_SECRET is not set: set `openssl rand -base64 32` (seals the identity provider keys)');
  return problems;
}

/** Production: a region whose Contact Support signs into the support desk needs the desk's https URL and secret. */
function supportDeskProblems(v: Vars, region: RegionConfig): string[] {
  if (!region.supportViaDeskLogin) return [];
  const problems: string[] = [];
  if (v.SUPPORT_DESK_URL === undefined)
    problems.push('SUPPORT_DESK_URL is not set: set the support desk base URL (e.g. https://lumenforge.zendesk.com)');
  else if (!v.SUPPORT_DESK_URL.startsWith('https://') || isLocalHostname(new URL(v.SUPPORT_DESK_URL).hostname))
    problems.push(`SUPPORT_DESK_URL is ${v.SUPPORT_DESK_URL}: production needs the desk's public https URL`);
  if (v.SUPPORT_DESK_JWT_SECRET === undefined || v.SUPPORT_DESK_JWT_SECRET === DEV_SECRETS.supportDeskJwt)
    problems.push("SUPPORT_DESK_JWT_SECRET is not set: set the support desk's JWT SSO shared secret");
  return problems;
}

function supportDeskOf(v: Vars, region: RegionConfig, devTools: boolean): Settings['supportDesk'] {
  if (!region.supportViaDeskLogin) return null;
  const url = v.SUPPORT_DESK_URL === undefined ? null : v.SUPPORT_DESK_URL.replace(/\/+$/, '');
  // Outside dev mode a missing value is listed in `problems` (the guard refuses every request); fail closed anyway.
  if (!devTools && (url === null || v.SUPPORT_DESK_JWT_SECRET === undefined)) return null;
  return { url, jwtSecret: v.SUPPORT_DESK_JWT_SECRET ?? DEV_SECRETS.supportDeskJwt };
}

/**
 * The settings of an env beside a build. Throws on malformed values (a bad origin, key, URL or region id,
 * a half-configured provider); lists broken rules of the mode in `problems` instead, so the deployment
 * guard can refuse every request with one clear log line.
 */
export function parseSettings(env: Env, build: BuildState): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) throw new Error(`API configuration is invalid:\n${z.prettifyError(parsed.error)}`);
  const v = parsed.data;
  const region = regionOf(v, build);
  const allowedOrigins = v.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
  for (const o of allowedOrigins) {
    if (!origin.safeParse(o).success) throw new Error(`ALLOWED_ORIGINS holds an invalid origin: ${o}`);
  }
  const email = httpProvider(v.EMAIL_API_URL, v.EMAIL_API_KEY, v.EMAIL_FROM);
  const sms = httpProvider(v.SMS_API_URL, v.SMS_API_KEY, v.SMS_FROM);
  const payment = paymentProvider(v);
  // A production build makes DEV_TOOLS inert: no variable can turn the dev tools on beside it.
  const devToolsSet = v.DEV_TOOLS === '1' || v.DEV_TOOLS === 'true';
  const devTools = devToolsSet && !isProductionBuild(build);
  const problems = devTools ? devProblems(v, build) : productionProblems(v, build, allowedOrigins, region);
  if (!devTools) problems.push(...socialProblems(env, region));
  // In either mode: an engine without its connection cannot serve a request.
  problems.push(...engineConfig(env).problems);
  // In either mode: a store Web API key without its app id and identity would refuse every store ticket.
  problems.push(...steamWebApiProblems(env));
  const cost = costSettings(env, region.id);
  problems.push(...cost.problems);
  if (build.kind === 'built' && build.profile.region !== region.id)
    problems.push(`REGION=${region.id}, but the static build is region ${build.profile.region}`);
  if (devToolsSet && !devTools && problems.length > 0)
    problems.push('(DEV_TOOLS is set but has no effect beside a production build: these rules apply)');
  return {
    region,
    allowedOrigins,
    devTools,
    build,
    totpKey: v.TOTP_ENCRYPTION_KEY ?? null,
    captcha: captchaOf(v, build, devTools),
    email,
    sms,
    payment,
    vpcCardFloorMs: v.VPC_CARD_FLOOR_MS ?? null,
    breachedPasswordsUrl: v.BREACHED_PASSWORDS_API_URL ?? null,
    hashCost: devTools && v.PASSWORD_HASH_COST === 'test' ? 'test' : 'standard',
    smsWebhookSecret: v.SMS_WEBHOOK_SECRET ?? DEV_SECRETS.smsWebhook,
    newsletterLinkKey: v.NEWSLETTER_LINK_KEY ?? DEV_SECRETS.newsletterLink,
    supportDesk: supportDeskOf(v, region, devTools),
    oidcKeySecret: v.OIDC_KEY_SECRET ?? DEV_SECRETS.oidcKey,
    cost: cost.settings,
    problems,
  };
}

const cache = new WeakMap<Env, Settings>();

/**
 * Reads the build profile and parses the settings of an env, once per env object (bindings and the
 * deployed files do not change within an isolate). The deployment guard calls it first on every request.
 */
export async function loadSettings(env: Env, requestUrl: string): Promise<Settings> {
  const hit = cache.get(env);
  if (hit) return hit;
  const settings = parseSettings(env, await readBuildState(env.ASSETS, requestUrl));
  cache.set(env, settings);
  return settings;
}

/** The settings of an env object, once the guard has loaded them (or, in-process without ASSETS, directly). */
export function settingsOf(env: Env): Settings {
  const hit = cache.get(env);
  if (hit) return hit;
  // Beside a build the settings depend on its profile, which only the (async) guard can read.
  if (env.ASSETS !== undefined) throw new Error('settingsOf() before loadSettings(): the deployment guard runs first');
  const settings = parseSettings(env, { kind: 'none' });
  cache.set(env, settings);
  return settings;
}
