/**
 * The relying party and its challenges (WebAuthn Level 3, issue 18). The
 * ceremonies themselves (options, attestation and assertion checks, the
 * signature counter) are @simplewebauthn/server's; this module decides what
 * they are checked against:
 *
 * - **RP ID and origins** come from ALLOWED_ORIGINS (the deployment's public
 *   origins, docs/security.md): the RP ID offered is the host of the
 *   request's Origin, which the CSRF guard already held to that list, and a
 *   response is accepted only from one of those origins and RP IDs.
 * - **Challenges** are 256 random bits, stored as their SHA-256 with their
 *   purpose, the account (when known) and a binding: the SHA-256 of the
 *   session token (registration, second step) or of the browser's passkey
 *   binding cookie (passwordless sign-in: see below). They live a minute
 *   past the browser's timeout and are consumed by one conditional DELETE … RETURNING, so a
 *   challenge is used once even under parallel requests, and only by what
 *   asked for it. A new challenge replaces the binding's previous one of the
 *   same purpose, which keeps the table at one row per browser and purpose.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { settingsOf } from '../env';
import type { AppEnv } from '../http/app-env';
import type { Db, Query } from '../db/engine';
import { deleteLiveChallenge, storeChallengeStatements } from '../data/webauthn-challenges';
import { digest, newToken } from './tokens';

type Ctx = Context<AppEnv>;

export type ChallengePurpose = 'register' | 'sign-in' | 'second-factor';

/** How long the browser gives the player (the options' timeout). */
export const CEREMONY_TIMEOUT_MS = 120_000;
/** How long a challenge can be answered: the timeout plus a margin for a slow network. */
export const CHALLENGE_TTL_MS = CEREMONY_TIMEOUT_MS + 60_000;

/** The product name shown by the authenticator beside the passkey. */
export const RP_NAME = 'Lumenforge Account';

/** The origins a ceremony may come from and their hosts (the RP IDs), from ALLOWED_ORIGINS. */
export function relyingParty(c: Ctx): { origins: string[]; rpIds: string[] } {
  const origins = [...settingsOf(c.env).allowedOrigins];
  return { origins, rpIds: [...new Set(origins.map((o) => new URL(o).hostname))] };
}

/**
 * The RP ID to offer: the host of the request's Origin. Every ceremony call is
 * a POST, so the CSRF guard has already refused an Origin outside
 * ALLOWED_ORIGINS; checked again here so this never depends on that order.
 */
export function rpIdOf(c: Ctx): string {
  const origin = c.req.header('Origin');
  const { origins } = relyingParty(c);
  if (origin === undefined || !origins.includes(origin)) throw new Error('Passkey ceremony without an allowed Origin');
  return new URL(origin).hostname;
}

export interface NewChallenge {
  purpose: ChallengePurpose;
  binding: string;
  accountId: number | null;
}

/** A fresh challenge (base64url) and the statements that store it, replacing the binding's previous one. */
export async function challengeStatements(
  db: Db,
  c: NewChallenge,
  now: number,
): Promise<{ challenge: string; statements: Query[] }> {
  const challenge = newToken();
  return { challenge, statements: storeChallengeStatements(db, await digest(challenge), c, now, CHALLENGE_TTL_MS) };
}

/**
 * Consumes a challenge: true (once) when it was issued for this purpose and
 * binding (and account, when given) and has not expired. Used as the
 * library's `expectedChallenge` callback, so the challenge the browser signed
 * is the one consumed; any later failure of the check leaves it consumed.
 */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  expected: { purpose: ChallengePurpose; binding: string; accountId: number | null },
  now: number,
): Promise<boolean> {
  return deleteLiveChallenge(db, await digest(challenge), expected, now);
}

/**
 * The browser's binding for passwordless sign-in challenges: a random value in
 * its own `__Host-` cookie (HttpOnly, Secure, SameSite=Strict), stored only as
 * its SHA-256 with the challenge. Not the device secret: the login page asks
 * for options as soon as it is idle, often in parallel with the password's
 * sign-in, and two cookie-less requests each issuing a device secret would
 * leave the browser holding one the account never saw (a false new-device
 * alert on its next sign-in). Kept while present, so the browser keeps one
 * binding and one live challenge.
 */
export const PASSKEY_COOKIE = '__Host-lf_passkey';
const BINDING_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const BINDING_LIFETIME_S = 24 * 60 * 60;

/** The binding hash of the request's passkey cookie, issuing (or renewing) the cookie. */
export async function issuePasskeyBinding(c: Ctx): Promise<string> {
  const present = getCookie(c, PASSKEY_COOKIE);
  const value = present !== undefined && BINDING_SHAPE.test(present) ? present : newToken();
  setCookie(c, PASSKEY_COOKIE, value, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Strict',
    maxAge: BINDING_LIFETIME_S,
  });
  return digest(value);
}

/** The binding hash the request carries, or null without a (well-formed) passkey cookie. */
export async function passkeyBinding(c: Ctx): Promise<string | null> {
  const value = getCookie(c, PASSKEY_COOKIE);
  return value !== undefined && BINDING_SHAPE.test(value) ? digest(value) : null;
}
