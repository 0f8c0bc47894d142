/**
 * The self-service session (spec §3 self-service state, §4 recovery flow):
 * opened with a captcha for one operation type, bound to the browser that
 * opened it (the device secret of server/core/security/device-cookie.ts, which no
 * script can read), to one looked-up account and to a deadline. The serial
 * number the client holds is stored only as its SHA-256; a serial number
 * from another browser, expired, spent or unknown answers 20208 (the
 * self-service handler restarts the flow).
 */
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { OPERATION_TYPES } from '../../src/shared/contract/self-service';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { deviceSecretHash, ensureDeviceSecret } from '../core/security/device-cookie';
import { clientIp } from '../core/http/client-ip';
import { digest, newToken } from '../core/security/tokens';
import type { Db } from '../core/db/engine';
import {
  findSelfServiceSession,
  insertSelfServiceSession,
  provedQuery,
  recordLookupOnce,
  spendSelfServiceSession,
} from './data';

type Ctx = Context<AppEnv>;
const MINUTE = 60_000;

/** Long enough to fetch an email code and type a new password; a recovery not finished by then starts over. */
export const SESSION_TTL_MS = 30 * MINUTE;

export type OperationType = (typeof OPERATION_TYPES)[number];
export type Factor = 'EMAIL' | 'SMS' | 'TOTP' | 'BACKUP_CODE';

const sessionRow = z.object({
  serial_hash: z.string(),
  operation_type: z.enum(OPERATION_TYPES),
  browser_hash: z.string(),
  looked_up_at: z.nullable(z.number()),
  search_by: z.nullable(z.enum(['email', 'id', 'phone'])),
  target: z.nullable(z.string()),
  account_id: z.nullable(z.number()),
  proved: z.string(),
  verified_at: z.nullable(z.number()),
  new_email: z.nullable(z.string()),
  used_at: z.nullable(z.number()),
  expires_at: z.number(),
});

export interface SelfServiceSession {
  serialHash: string;
  operationType: OperationType;
  lookedUp: boolean;
  searchBy: 'email' | 'id' | 'phone' | null;
  target: string | null;
  accountId: number | null;
  proved: Factor[];
  verified: boolean;
  newEmail: string | null;
}

/** Spec §8: the self-service session is gone (expired, spent, another browser's): start again. */
export function restartError(): ApiError {
  return new ApiError(400, '20208', 'Self-service session expired or unknown; start again');
}

/** Opens a session for the browser (issuing its device secret when it has none); returns the serial number. */
export async function openSession(c: Ctx, operationType: OperationType): Promise<string> {
  const now = c.var.clock.now();
  const browser = await ensureDeviceSecret(c);
  const serial = newToken();
  await insertSelfServiceSession(
    c.var.db,
    {
      serialHash: await digest(serial),
      operationType,
      browserHash: browser,
      ip: clientIp(c),
      expiresAt: now + SESSION_TTL_MS,
    },
    now,
  );
  return serial;
}

/** The live session of this serial number in this browser, or 20208. */
export async function loadSession(c: Ctx, serial: string): Promise<SelfServiceSession> {
  const now = c.var.clock.now();
  const serialHash = await digest(serial);
  const browser = await deviceSecretHash(c);
  const raw = await findSelfServiceSession(c.var.db, serialHash);
  const parsed = raw === undefined ? null : sessionRow.safeParse(raw);
  const row = parsed?.success === true ? parsed.data : null;
  if (row === null || browser === null || row.browser_hash !== browser || row.expires_at <= now || row.used_at !== null)
    throw restartError();
  return {
    serialHash,
    operationType: row.operation_type,
    lookedUp: row.looked_up_at !== null,
    searchBy: row.search_by,
    target: row.target,
    accountId: row.account_id,
    proved: row.proved === '' ? [] : (row.proved.split(',') as Factor[]),
    verified: row.verified_at !== null,
    newEmail: row.new_email,
  };
}

/** A session whose every needed factor is proved, for the operation `op`; else 20208. */
export async function loadVerified(c: Ctx, serial: string, op: OperationType): Promise<SelfServiceSession> {
  const s = await loadSession(c, serial);
  if (!s.verified || s.operationType !== op) throw restartError();
  return s;
}

/** Records the look-up once (a session looks up one account); false when it was already done. */
export async function recordLookup(
  db: Db,
  s: SelfServiceSession,
  found: { searchBy: 'email' | 'id' | 'phone'; target: string | null; accountId: number | null },
  now: number,
): Promise<boolean> {
  return recordLookupOnce(db, s.serialHash, found, now);
}

/** Records the proved factors (in the batch that accepts the code); `complete` marks the session verified. */
export function provedStatement(
  db: Db,
  s: SelfServiceSession,
  proved: readonly Factor[],
  complete: boolean,
  now: number,
) {
  return provedQuery(db, s.serialHash, proved.join(','), complete, now);
}

/** Spends the session (one conditional update: of two parallel uses exactly one wins). */
export async function spendSession(db: Db, s: SelfServiceSession, now: number): Promise<void> {
  if (!(await spendSelfServiceSession(db, s.serialHash, now))) throw restartError();
}
