/**
 * The local ticket issuer (DEV_TOOLS only): signs tickets as a platform would,
 * so a person or a test can start a console sign-in against `npm start`. The
 * dev adapter of server/platform/tickets.ts verifies them.
 */
import { SignJWT } from 'jose';
import type { Env } from '../core/env';
import { DEV_TICKET_KEY, devIssuer, TICKET_AUDIENCE, type TicketPlatform } from './tickets';

export interface DevTicketClaims {
  platform: TicketPlatform;
  platformUserId: string;
  accountType: 'adult' | 'minor';
  game?: string | undefined;
  /** Lifetime in seconds (default 300). */
  ttl?: number | undefined;
}

export async function mintDevTicket(env: Env, t: DevTicketClaims, now: number): Promise<string> {
  const secret = (env as unknown as Record<string, string | undefined>)['PLATFORM_TICKET_DEV_KEY'] ?? DEV_TICKET_KEY;
  const iat = Math.floor(now / 1000);
  return new SignJWT({ account_type: t.accountType, ...(t.game !== undefined ? { game: t.game } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(devIssuer(t.platform))
    .setAudience(TICKET_AUDIENCE)
    .setSubject(t.platformUserId)
    .setJti(crypto.randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + (t.ttl ?? 300))
    .sign(new TextEncoder().encode(secret));
}
