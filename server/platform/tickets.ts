/**
 * Platform session tickets (docs/platforms.md). A console or the in-game
 * client hands the portal a ticket its platform signed; each platform has an
 * adapter that checks the signature, issuer, audience and expiry with jose,
 * and the replay store (platform_ticket_uses) accepts each ticket id once.
 *
 * Three kinds of adapter:
 * - `jwks`: a real platform's verification, keys fetched from the platform's
 *   JWKS URL (PLATFORM_{PLATFORM}_JWKS_URL, _ISSUER, _AUDIENCE);
 * - `steam-web-api` (the store connector only): the store's opaque session ticket, checked by the store's
 *   partner Web API (ISteamUserAuth/AuthenticateUserTicket; server/core/config/steam.ts); when
 *   PLATFORM_STEAM_WEB_API_KEY is set it is the store's only adapter;
 * - `dev`: DEV_TOOLS only, tickets of the local issuer (server/platform/dev-issuer.ts)
 *   signed HS256 with PLATFORM_TICKET_DEV_KEY (a fixed dev value when unset).
 * Every failure is the one answer INVALID_TICKET: a caller learns nothing of which check failed.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as z from 'zod/mini';
import type { ConnectorPlatform } from '../../src/shared/contract/launcher-login';
import type { ConsolePlatform } from '../../src/shared/contract/platform';
import { settingsOf, type Env } from '../core/env';
import { ApiError } from '../core/http/errors';
import { isLocalHostname } from '../core/http/hosts';
import { digest } from '../core/security/tokens';
import { steamWebApiConfig } from '../core/config/steam';

/** What a verified ticket tells the portal (spec §3 console linking: accountType, game, platform). */
export interface PlatformIdentity {
  platform: ConsolePlatform;
  platformUserId: string;
  accountType: 'adult' | 'minor';
  game: string | null;
  jti: string;
  /** Ticket expiry, ms since the epoch. */
  expiresAt: number;
}

/** Whose tickets an adapter verifies: a console platform, or the store connector's platform (steam). */
export type TicketPlatform = ConsolePlatform | ConnectorPlatform;

export const DEV_TICKET_KEY = 'dev-only-platform-ticket-key-not-for-production';
/** The audience every ticket names: this portal. */
export const TICKET_AUDIENCE = 'lumenforge-account';
/** A ticket may live at most this long (a platform ticket is short-lived; longer ones are refused). */
export const MAX_TICKET_LIFETIME_S = 3600;

export function devIssuer(platform: TicketPlatform): string {
  return `urn:lumenforge:dev-issuer:${platform.toLowerCase()}`;
}

export function invalidTicket(): ApiError {
  return new ApiError(401, 'INVALID_TICKET', 'The platform ticket is not valid');
}

const claims = z.object({
  sub: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9._:-]+$/)),
  jti: z.string().check(z.minLength(8), z.maxLength(128)),
  exp: z.number(),
  iat: z.number(),
  account_type: z._default(z.enum(['adult', 'minor']), 'adult'),
  game: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/))),
});

interface Adapter {
  key: Parameters<typeof jwtVerify>[1];
  issuer: string;
  audience: string;
  algorithms: string[];
}

const envKey = (platform: TicketPlatform) => `PLATFORM_${platform.toUpperCase()}`;
const jwksSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The adapter of a platform: its real JWKS when configured, else the dev issuer's key under DEV_TOOLS, else none. */
export function adapterFor(env: Env, platform: TicketPlatform): Adapter | null {
  const vars = env as unknown as Record<string, string | undefined>;
  const prefix = envKey(platform);
  const jwksUrl = vars[`${prefix}_JWKS_URL`];
  const issuer = vars[`${prefix}_ISSUER`];
  if (jwksUrl !== undefined && issuer !== undefined) {
    // Keys come over https only; plain http is for a loopback JWKS (local tests of this path).
    const url = new URL(jwksUrl);
    if (url.protocol !== 'https:' && !isLocalHostname(url.hostname)) return null;
    let set = jwksSets.get(jwksUrl);
    if (set === undefined) jwksSets.set(jwksUrl, (set = createRemoteJWKSet(new URL(jwksUrl))));
    return {
      key: set,
      issuer,
      audience: vars[`${prefix}_AUDIENCE`] ?? TICKET_AUDIENCE,
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
    };
  }
  if (!settingsOf(env).devTools) return null;
  const secret = vars['PLATFORM_TICKET_DEV_KEY'] ?? DEV_TICKET_KEY;
  return {
    key: new TextEncoder().encode(secret),
    issuer: devIssuer(platform),
    audience: TICKET_AUDIENCE,
    algorithms: ['HS256'],
  };
}

/** Verifies a ticket's signature, issuer, audience and lifetime at `now`; throws INVALID_TICKET on any failure. */
async function verifiedClaims(env: Env, platform: TicketPlatform, ticket: string, now: number) {
  const adapter = adapterFor(env, platform);
  if (adapter === null) throw invalidTicket();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(ticket, adapter.key, {
      issuer: adapter.issuer,
      audience: adapter.audience,
      algorithms: adapter.algorithms,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      maxTokenAge: MAX_TICKET_LIFETIME_S,
    }));
  } catch (e) {
    if (e instanceof joseErrors.JOSEError || e instanceof TypeError) throw invalidTicket();
    throw e;
  }
  const parsed = claims.safeParse(payload);
  if (!parsed.success) throw invalidTicket();
  return parsed.data;
}

/** A console platform's ticket: the platform identity it names (INVALID_TICKET on any failure). */
export async function verifyTicketSignature(
  env: Env,
  platform: ConsolePlatform,
  ticket: string,
  now: number,
): Promise<PlatformIdentity> {
  const c = await verifiedClaims(env, platform, ticket, now);
  return {
    platform,
    platformUserId: c.sub,
    accountType: c.account_type,
    game: c.game ?? null,
    jti: c.jti,
    expiresAt: c.exp * 1000,
  };
}

/** Spec §5: the store-platform ID is 17 digits. */
export const STORE_PLATFORM_ID = /^\d{17}$/;

/** What a verified store-connector session ticket names: the player's 17-digit store ID. */
export interface StoreIdentity {
  platform: ConnectorPlatform;
  storeId: string;
  jti: string;
  expiresAt: number;
}

/**
 * The store connector's session ticket (steam/tpa-session-cookie). With PLATFORM_STEAM_WEB_API_KEY set, the
 * store's own opaque ticket checked by its Web API (verifyWithStoreWebApi); otherwise the same adapter checks
 * as a console's (PLATFORM_STEAM_JWKS_URL, _ISSUER, _AUDIENCE; the dev issuer under DEV_TOOLS). Either way the
 * player is a 17-digit store ID. Any failure the player can cause is INVALID_TICKET.
 */
export async function verifyStoreTicket(
  env: Env,
  platform: ConnectorPlatform,
  ticket: string,
  now: number,
): Promise<StoreIdentity> {
  const webApi = steamWebApiConfig(env);
  if (webApi !== null) {
    if (webApi.kind !== 'ready') throw invalidTicket();
    return { platform, ...(await verifyWithStoreWebApi(webApi, ticket, now)) };
  }
  const c = await verifiedClaims(env, platform, ticket, now);
  if (!STORE_PLATFORM_ID.test(c.sub)) throw invalidTicket();
  return { platform, storeId: c.sub, jti: c.jti, expiresAt: c.exp * 1000 };
}

/** What GetAuthTicketForWebApi hands the game: the ticket's bytes as hex (bounded; the contract allows 4096). */
const STORE_TICKET = /^(?:[0-9A-Fa-f]{2}){16,2048}$/;
/** The store's Web API answers within this or the call fails as an outage (not the player's ticket). */
export const STORE_WEB_API_TIMEOUT_MS = 5000;
/**
 * How long a used store ticket is remembered (its replay-store expiry). The store publishes no fixed lifetime
 * for a Web API ticket (it stays valid until the game cancels it or the player's session ends), so the portal
 * keeps its digest a day: far longer than a launcher holds one ticket, short enough to keep the table small.
 */
export const STORE_TICKET_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

const webApiAnswer = z.object({
  response: z.object({
    params: z.optional(
      z.object({
        result: z.string(),
        steamid: z.string(),
        ownersteamid: z.optional(z.string()),
        vacbanned: z.optional(z.boolean()),
        publisherbanned: z.optional(z.boolean()),
      }),
    ),
    error: z.optional(z.object({ errorcode: z.number(), errordesc: z.optional(z.string()) })),
  }),
});

/** The store's Web API did not give an answer (network, timeout, 5xx, garbage): an outage, not a bad ticket. */
export function storeUnavailable(): ApiError {
  return new ApiError(502, 'SERVER_ERROR', 'The store could not verify the ticket right now');
}

/**
 * The `steam-web-api` adapter: GET {base}/ISteamUserAuth/AuthenticateUserTicket/v1/ with the publisher key,
 * app id, ticket and this portal's identity (the key travels in the query, as the store requires; the URL is
 * never logged). Accepted: `result: "OK"` with a 17-digit `steamid`, not publisher-banned. The player is
 * `steamid` even when `ownersteamid` differs (family sharing: the player borrows the game, but signs in as
 * themself). The ticket id is the SHA-256 of the (lower-cased) ticket, kept STORE_TICKET_REPLAY_WINDOW_MS.
 */
async function verifyWithStoreWebApi(
  config: { key: string; appId: string; identity: string; baseUrl: string },
  ticket: string,
  now: number,
): Promise<Omit<StoreIdentity, 'platform'>> {
  if (!STORE_TICKET.test(ticket)) throw invalidTicket();
  const url = new URL(`${config.baseUrl}/ISteamUserAuth/AuthenticateUserTicket/v1/`);
  url.searchParams.set('key', config.key);
  url.searchParams.set('appid', config.appId);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('identity', config.identity);
  let body: unknown;
  try {
    const res = await fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(STORE_WEB_API_TIMEOUT_MS),
    });
    // 200 with params or error is the API's answer; anything else (403 a revoked key, 5xx) is on our side.
    if (res.status !== 200) {
      await res.body?.cancel();
      throw storeUnavailable();
    }
    body = await res.json();
  } catch (e) {
    // Network errors, the timeout's abort and unparseable JSON: never the thrown error (its text may hold the URL).
    if (e instanceof ApiError) throw e;
    throw storeUnavailable();
  }
  const parsed = webApiAnswer.safeParse(body);
  if (!parsed.success) throw storeUnavailable();
  const { params, error } = parsed.data.response;
  // The store's refusal (invalid ticket 101, expired or cancelled, another app or identity, bad parameter 3…).
  if (params === undefined) {
    if (error !== undefined) throw invalidTicket();
    throw storeUnavailable();
  }
  if (params.result !== 'OK' || !STORE_PLATFORM_ID.test(params.steamid)) throw invalidTicket();
  // The publisher's own ban on this store account (separate from the portal's ban codes): no sign-in.
  if (params.publisherbanned === true) throw invalidTicket();
  return {
    storeId: params.steamid,
    jti: await digest(`steam-web-api:${ticket.toLowerCase()}`),
    expiresAt: now + STORE_TICKET_REPLAY_WINDOW_MS,
  };
}
