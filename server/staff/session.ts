/**
 * The staff session (issue 28 §1): its own opaque 256-bit token in `__Host-lf_staff` (HttpOnly, Secure,
 * SameSite=Strict, Path=/, no Max-Age: it ends with the browser), stored as its SHA-256 in `staff_sessions`,
 * 30 minutes idle and 8 hours at most on the API clock. It is read only by the staff API, and the staff API
 * reads no other cookie: a player's session never reaches a staff call, and this one never signs a player in.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { FLOW_SESSION_HINT_COOKIES } from '../../src/shared/contract/flow-session';
import { STAFF_SESSION_COOKIE } from '../../src/shared/contract/staff';
import type { AppEnv } from '../core/http/app-env';
import { clientIp } from '../core/http/client-ip';
import { ApiError } from '../core/http/errors';
import { digest, newToken } from '../core/security/tokens';
import {
  deleteExpiredStaffSessionsStatement,
  deleteStaffSessionStatement,
  findStaffById,
  findStaffSession,
  insertStaffSessionStatement,
  touchStaffSession,
  type StaffRow,
} from './data';

type Ctx = Context<AppEnv>;

const MINUTE = 60_000;
export const STAFF_SESSION_IDLE_MS = 30 * MINUTE;
export const STAFF_SESSION_MAX_MS = 8 * 60 * MINUTE;
/** The idle deadline moves at most once a minute (one write per minute of activity). */
const TOUCH_AFTER_MS = MINUTE;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const COOKIE = { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' } as const;
/**
 * The session's companion for the console's pages (FLOW_SESSION_HINT_COOKIES.staff: readable, no secret, the same
 * lifetime): a staff page opened signed out asks nothing and goes to the sign-in (docs/staff-console.md).
 */
const HINT = FLOW_SESSION_HINT_COOKIES.staff;
const HINT_COOKIE = { ...COOKIE, httpOnly: false } as const;

export interface StaffSession {
  tokenHash: string;
  staff: StaffRow;
  absoluteExpiresAt: number;
}

export const staffLoginRequired = () => new ApiError(401, 'STAFF_LOGIN_REQUIRED', 'Staff sign-in required');

const loaded = new WeakMap<Request, StaffSession | null>();

async function load(c: Ctx): Promise<StaffSession | null> {
  const token = getCookie(c, STAFF_SESSION_COOKIE);
  if (token === undefined || !TOKEN_SHAPE.test(token)) return null;
  const tokenHash = await digest(token);
  const db = c.var.db;
  const row = await findStaffSession(db, tokenHash);
  if (row === null) return null;
  const now = c.var.clock.now();
  if (now >= row.idle_expires_at || now >= row.absolute_expires_at) {
    await db.run(deleteStaffSessionStatement(db, tokenHash));
    return null;
  }
  const staff = await findStaffById(db, row.staff_id);
  // A staff account disabled since the sign-in loses its sessions at once.
  if (staff === null || staff.disabled) {
    await db.run(deleteStaffSessionStatement(db, tokenHash));
    return null;
  }
  if (now - row.last_seen_at >= TOUCH_AFTER_MS)
    await touchStaffSession(db, tokenHash, now, Math.min(now + STAFF_SESSION_IDLE_MS, row.absolute_expires_at));
  return { tokenHash, staff, absoluteExpiresAt: row.absolute_expires_at };
}

export async function currentStaffSession(c: Ctx): Promise<StaffSession | null> {
  if (loaded.has(c.req.raw)) return loaded.get(c.req.raw) ?? null;
  const session = await load(c);
  loaded.set(c.req.raw, session);
  return session;
}

export async function requireStaffSession(c: Ctx): Promise<StaffSession> {
  const session = await currentStaffSession(c);
  if (session === null) {
    // An ended session (idle, at its end, its staff account disabled) takes its cookies along, so the console's
    // pages stop asking for it.
    if (getCookie(c, STAFF_SESSION_COOKIE) !== undefined || getCookie(c, HINT) !== undefined) clearCookies(c);
    throw staffLoginRequired();
  }
  return session;
}

function clearCookies(c: Ctx): void {
  deleteCookie(c, STAFF_SESSION_COOKIE, COOKIE);
  deleteCookie(c, HINT, HINT_COOKIE);
}

/** Signs a staff member in under a new token (the request's previous staff session, if any, ends). */
export async function startStaffSession(c: Ctx, staff: StaffRow): Promise<StaffSession> {
  const db = c.var.db;
  const previous = await currentStaffSession(c);
  const token = newToken();
  const tokenHash = await digest(token);
  const now = c.var.clock.now();
  const absoluteExpiresAt = now + STAFF_SESSION_MAX_MS;
  await db.batch([
    ...(previous === null ? [] : [deleteStaffSessionStatement(db, previous.tokenHash)]),
    deleteExpiredStaffSessionsStatement(db, staff.id, now),
    insertStaffSessionStatement(db, {
      tokenHash,
      staffId: staff.id,
      ip: clientIp(c),
      now,
      idleExpiresAt: now + STAFF_SESSION_IDLE_MS,
      absoluteExpiresAt,
    }),
  ]);
  setCookie(c, STAFF_SESSION_COOKIE, token, COOKIE);
  setCookie(c, HINT, '1', HINT_COOKIE);
  const session = { tokenHash, staff, absoluteExpiresAt };
  loaded.set(c.req.raw, session);
  return session;
}

export async function endStaffSession(c: Ctx): Promise<void> {
  const session = await currentStaffSession(c);
  if (session !== null) await c.var.db.run(deleteStaffSessionStatement(c.var.db, session.tokenHash));
  loaded.set(c.req.raw, null);
  clearCookies(c);
}
