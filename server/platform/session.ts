/**
 * The platform session: what a verified ticket opens, in its own `__Host-`
 * cookie (HttpOnly, Secure, SameSite=Lax) beside the portal session, stored
 * as the token's SHA-256 only. It names the platform identity (and the
 * linking step in progress) for the in-game login and linking calls; it never
 * signs anyone in by itself.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import {
  deletePlatformSessionStatement,
  findPlatformSession,
  deleteExpiredPlatformSessionsStatement,
  insertPlatformSessionStatement,
  type PlatformSessionRow,
} from './data';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import { startSession } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { hashUserNumbers } from '../core/security/user-hash';
import { digest, newToken } from '../core/security/tokens';
import type { PlatformIdentity } from './tickets';
import { FLOW_SESSION_HINT_COOKIES } from '../../src/shared/contract/flow-session';
import type { Query } from '../core/db/engine';

type Ctx = Context<AppEnv>;

export const PLATFORM_SESSION_COOKIE = '__Host-lf_pf_session';
/** A platform session lasts 30 minutes: long enough to link an account, short like the ticket that opened it. */
export const PLATFORM_SESSION_MS = 30 * 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Spec §8 20159: the platform session is missing or expired (the portal shows link-failed, session expired). */
export function platformSessionExpired(): ApiError {
  return new ApiError(401, '20159', 'The platform session is missing or expired');
}

/** Opens a platform session for a verified identity (replacing the request's previous one), lifetime `ttlMs`. */
export async function openPlatformSession(c: Ctx, id: PlatformIdentity, ttlMs = PLATFORM_SESSION_MS) {
  const db = c.var.db;
  const now = c.var.clock.now();
  const token = newToken();
  const statements: Query[] = [
    deleteExpiredPlatformSessionsStatement(db, now),
    insertPlatformSessionStatement(db, {
      token_hash: await digest(token),
      platform: id.platform,
      platform_user_id: id.platformUserId,
      account_type: id.accountType,
      game: id.game,
      created_at: now,
      expires_at: now + ttlMs,
    }),
    auditStatement(
      c.var.db,
      { accountId: null, event: 'platform.session-opened', ip: clientIp(c), detail: { platform: id.platform } },
      now,
    ),
  ];
  const previous = await readToken(c);
  if (previous !== null) statements.unshift(deletePlatformSessionStatement(db, previous));
  await db.batch(statements);
  // Both cookies end with the session (its row expires at the same moment), so its companion for the page
  // (FLOW_SESSION_HINT_COOKIES: no secret) is there exactly while a console's step can use the session: without
  // one the step asks nothing.
  const cookie = { path: '/', secure: true, sameSite: 'Lax', maxAge: Math.floor(ttlMs / 1000) } as const;
  setCookie(c, PLATFORM_SESSION_COOKIE, token, { ...cookie, httpOnly: true });
  setCookie(c, FLOW_SESSION_HINT_COOKIES.platform, '1', { ...cookie, httpOnly: false });
}

async function readToken(c: Ctx): Promise<string | null> {
  const token = getCookie(c, PLATFORM_SESSION_COOKIE);
  return token !== undefined && TOKEN_SHAPE.test(token) ? digest(token) : null;
}

/** The request's live platform session of `platform` (any platform when null), or 20159. */
export async function requirePlatformSession(c: Ctx, platform: string | null): Promise<PlatformSessionRow> {
  const tokenHash = await readToken(c);
  const row = tokenHash === null ? null : await findPlatformSession(c.var.db, tokenHash);
  if (row === null || (platform !== null && row.platform !== platform)) throw platformSessionExpired();
  if (c.var.clock.now() >= row.expires_at) {
    await c.var.db.run(deletePlatformSessionStatement(c.var.db, row.token_hash));
    throw platformSessionExpired();
  }
  return row;
}

/**
 * The end of every sign-in on a console (session-cookie login, the link by password or code, the social link,
 * the social sign-up): a full portal session with its `signin.succeeded` entry in the same batch, and what the
 * console gets back (spec §7: hashedGlobalUserNo, the account's email).
 */
export async function platformSignedIn(
  c: Ctx,
  account: Pick<AccountRow, 'id' | 'email' | 'membership_no'>,
  deviceId: string | null,
  detail: Record<string, string | number | boolean | null>,
): Promise<{ hashedGlobalUserNo: string; email: string }> {
  await startSession(c, account.id, {
    rememberMe: false,
    level: 'full',
    deviceId,
    // The console platform vouched for the player; the portal saw no method of its own.
    amr: [],
    alongside: [
      auditStatement(
        c.var.db,
        { accountId: account.id, event: 'signin.succeeded', ip: clientIp(c), detail },
        c.var.clock.now(),
      ),
    ],
  });
  const { hashedGlobalUserNo } = await hashUserNumbers(c.env, account);
  return { hashedGlobalUserNo, email: account.email };
}
