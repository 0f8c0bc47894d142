/**
 * Platform session tickets (docs/platforms.md). A console or the in-game
 * client hands the portal a ticket its platform signed; each platform has an
 * adapter that checks the signature, issuer, audience and expiry with jose,
 * and the replay store (platform_ticket_uses) accepts each ticket id once.
 *
 * Two kinds of adapter:
 * - `jwks`: a real platform's verification, keys fetched from the platform's
 *   JWKS URL (PLATFORM_{PLATFORM}_JWKS_URL, _ISSUER, _AUDIENCE);
 * - `dev`: DEV_TOOLS only, tickets of the local issuer (server/platform/dev-issuer.ts)
 *   signed HS256 with PLATFORM_TICKET_DEV_KEY (a fixed dev value when unset).
 * Every failure is the one answer INVALID_TICKET: a caller learns nothing of which check failed.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as z from 'zod/mini';
import type { ConnectorPlatform } from '../../src/shared/contract/launcher-login';
import type { ConsolePlatform } from '../../src/shared/contract/platform';
import { settingsOf, type Env } from '../env';
import { ApiError } from '../http/errors';
import { isLocalHostname } from '../http/hosts';

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
 * The store connector's session ticket (steam/tpa-session-cookie): the same adapter checks as a console's
 * (PLATFORM_STEAM_JWKS_URL, _ISSUER, _AUDIENCE; the dev issuer under DEV_TOOLS), and its subject must be a
 * 17-digit store ID. Any failure is INVALID_TICKET.
 */
export async function verifyStoreTicket(
  env: Env,
  platform: ConnectorPlatform,
  ticket: string,
  now: number,
): Promise<StoreIdentity> {
  const c = await verifiedClaims(env, platform, ticket, now);
  if (!STORE_PLATFORM_ID.test(c.sub)) throw invalidTicket();
  return { platform, storeId: c.sub, jti: c.jti, expiresAt: c.exp * 1000 };
}
