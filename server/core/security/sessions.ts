/**
 * Sessions: an opaque 256-bit random token in the `__Host-` cookie (HttpOnly,
 * Secure, SameSite=Lax, Path=/), stored as its SHA-256 only. A new token is
 * issued at every sign-in and after the second factor (a token chosen or seen
 * by someone else before sign-in is never promoted: no session fixation), and
 * the session is deleted server-side at logout. Idle and absolute lifetimes,
 * longer with remember-me, are checked against the API clock.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../../../src/shared/contract/http';
import {
  deleteSessionStatement,
  findSession,
  insertSessionStatement,
  touchSession,
  type NewSession,
} from '../data/sessions';
import type { Query } from '../db/engine';
import { requestOrigin } from '../reference/request-origin';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { ApiError, LOGIN_REQUIRED } from '../http/errors';
import { parseAmr, storeAmr, withSecondFactor, type Amr } from './amr';
import { ensureDeviceSecret, knownDeviceStatement } from './device-cookie';
import { newDeviceAlert } from './security-alerts';
import { digest, newToken } from './tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_LIFETIMES = {
  standard: { idleMs: 60 * MINUTE, absoluteMs: 12 * HOUR },
  rememberMe: { idleMs: 14 * DAY, absoluteMs: 30 * DAY },
  /** Sign-in half done (password checked, second factor pending). */
  mfaPending: { idleMs: 10 * MINUTE, absoluteMs: 10 * MINUTE },
} as const;
/** The idle deadline is pushed forward at most once a minute, to spare D1 a write per request. */
const TOUCH_AFTER_MS = MINUTE;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type SessionLevel = 'full' | 'mfa_pending';

export interface Session {
  readonly tokenHash: string;
  readonly accountId: number;
  readonly level: SessionLevel;
  readonly rememberMe: boolean;
  readonly deviceId: string | null;
  readonly idleExpiresAt: number;
  readonly absoluteExpiresAt: number;
  /** How it was signed in (RFC 8176: ./amr.ts), for the identity provider's acr and amr claims. */
  readonly amr: readonly Amr[];
}

type Ctx = Context<AppEnv>;

function lifetimes(level: SessionLevel, rememberMe: boolean) {
  if (level === 'mfa_pending') return SESSION_LIFETIMES.mfaPending;
  return rememberMe ? SESSION_LIFETIMES.rememberMe : SESSION_LIFETIMES.standard;
}

const loaded = new WeakMap<Request, Session | null>();

async function load(c: Ctx): Promise<Session | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token === undefined || !TOKEN_SHAPE.test(token)) return null;
  const tokenHash = await digest(token);
  const row = await findSession(c.var.db, tokenHash);
  if (!row) return null;
  const now = c.var.clock.now();
  if (now >= row.idle_expires_at || now >= row.absolute_expires_at) {
    await c.var.db.run(deleteSessionStatement(c.var.db, tokenHash));
    return null;
  }
  let idleExpiresAt = row.idle_expires_at;
  if (now - row.last_seen_at >= TOUCH_AFTER_MS) {
    idleExpiresAt = Math.min(now + lifetimes(row.level, row.remember_me).idleMs, row.absolute_expires_at);
    await touchSession(c.var.db, tokenHash, now, idleExpiresAt);
  }
  return {
    tokenHash,
    accountId: row.account_id,
    level: row.level,
    rememberMe: row.remember_me,
    deviceId: row.device_id,
    idleExpiresAt,
    absoluteExpiresAt: row.absolute_expires_at,
    amr: parseAmr(row.amr),
  };
}

/** The request's valid session, or null (expired sessions are deleted on sight). */
export async function currentSession(c: Ctx): Promise<Session | null> {
  if (loaded.has(c.req.raw)) return loaded.get(c.req.raw) ?? null;
  const session = await load(c);
  loaded.set(c.req.raw, session);
  return session;
}

/** A fully signed-in session, or 401 with 20001 (the portal sends the visitor to login). */
export async function requireSession(c: Ctx): Promise<Session> {
  const session = await currentSession(c);
  if (!session || session.level !== 'full') throw new ApiError(401, LOGIN_REQUIRED, 'Sign-in required');
  return session;
}

export interface StartSessionOptions {
  rememberMe: boolean;
  level: SessionLevel;
  deviceId?: string | null;
  /** How the player proved it is them (./amr.ts); empty when the portal did not see it (a hand-off). */
  amr: readonly Amr[];
  /** Statements to commit in the same batch as the new session (e.g. a reset of failure counters). */
  alongside?: readonly Query[];
}

/**
 * Signs an account in: any session the request carries is deleted and a new
 * token is issued, in one batch. Use at login (level `mfa_pending` when a
 * second factor is due) and, through `completeSecondFactor`, after it.
 */
export async function startSession(c: Ctx, accountId: number, options: StartSessionOptions): Promise<Session> {
  const previous = await currentSession(c);
  const token = newToken();
  const tokenHash = await digest(token);
  const now = c.var.clock.now();
  const life = lifetimes(options.level, options.rememberMe);
  const row: NewSession = {
    tokenHash,
    accountId,
    level: options.level,
    rememberMe: options.rememberMe,
    deviceId: options.deviceId ?? null,
    ip: clientIp(c),
    now,
    idleExpiresAt: now + life.idleMs,
    absoluteExpiresAt: now + life.absoluteMs,
    ...requestOrigin(c),
    amr: storeAmr(options.amr),
  };
  const db = c.var.db;
  const statements: Query[] = [insertSessionStatement(db, row), ...(options.alongside ?? [])];
  if (previous) statements.unshift(deleteSessionStatement(db, previous.tokenHash));
  // A browser new to the account gets the holder an alert once the sign-in is stored (issue 18).
  const alert = options.level === 'full' ? await newDeviceAlert(c, accountId, now) : null;
  // A completed sign-in makes this browser a known device of the account (the sign-in limits let it through).
  if (options.level === 'full') statements.push(knownDeviceStatement(db, accountId, await ensureDeviceSecret(c), now));
  await db.batch(statements);
  if (alert !== null) await alert();

  const persistent = options.rememberMe && options.level === 'full';
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    ...(persistent ? { maxAge: Math.floor(life.absoluteMs / 1000) } : {}),
  });
  const session: Session = {
    tokenHash,
    accountId,
    level: options.level,
    rememberMe: options.rememberMe,
    deviceId: row.deviceId,
    idleExpiresAt: row.idleExpiresAt,
    absoluteExpiresAt: row.absoluteExpiresAt,
    amr: [...options.amr],
  };
  loaded.set(c.req.raw, session);
  return session;
}

/**
 * After the second factor: the pending session is replaced by a full one under a new token, which records the
 * factor (`factor`: its RFC 8176 values) on top of how the sign-in began.
 */
export async function completeSecondFactor(c: Ctx, factor: readonly Amr[]): Promise<Session> {
  const pending = await currentSession(c);
  if (!pending || pending.level !== 'mfa_pending') throw new ApiError(401, LOGIN_REQUIRED, 'No pending sign-in');
  return startSession(c, pending.accountId, {
    rememberMe: pending.rememberMe,
    level: 'full',
    deviceId: pending.deviceId,
    amr: withSecondFactor(pending.amr, factor),
  });
}

/** Logout: the session row is deleted and the cookie cleared (idempotent). */
export async function endSession(c: Ctx): Promise<void> {
  const session = await currentSession(c);
  if (session) await c.var.db.run(deleteSessionStatement(c.var.db, session.tokenHash));
  loaded.set(c.req.raw, null);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
}
