/**
 * The devices-and-sessions list: an account's live full sessions, each under
 * a public id derived from its token hash (the hash is the session's lookup
 * key and never leaves the server; the id cannot be turned back into it).
 */
import * as z from 'zod/mini';
import { TRUSTED_DEVICE_TYPES } from '../../src/shared/contract/trusted-devices';
import type { Db } from '../core/db/engine';
import { digest } from '../core/security/tokens';

const listedRow = z.object({
  token_hash: z.string(),
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  device_type: z.nullable(z.string()),
  country: z.nullable(z.string()),
  created_at: z.number(),
  last_seen_at: z.number(),
});

export interface ListedSession {
  tokenHash: string;
  sessionId: string;
  browser: string | null;
  os: string | null;
  deviceType: (typeof TRUSTED_DEVICE_TYPES)[number];
  country: string | null;
  signedInAt: number;
  lastActiveAt: number;
}

/** The public id of a session: 32 hex characters of a domain-separated SHA-256 of its token hash. */
export async function publicSessionId(tokenHash: string): Promise<string> {
  return (await digest(`lf-session-id:${tokenHash}`)).slice(0, 32);
}

function deviceType(value: string | null): ListedSession['deviceType'] {
  return (TRUSTED_DEVICE_TYPES as readonly (string | null)[]).includes(value)
    ? (value as ListedSession['deviceType'])
    : 'UNDEFINED';
}

/** Live, fully signed-in sessions (a half-done sign-in is not a session the player could use). */
export async function listAccountSessions(db: Db, accountId: number, now: number): Promise<ListedSession[]> {
  const results = await db.all(
    db.q
      .selectFrom('sessions')
      .select(['token_hash', 'browser', 'os', 'device_type', 'country', 'created_at', 'last_seen_at'])
      .where('account_id', '=', accountId)
      .where('level', '=', 'full')
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .orderBy('created_at', 'desc'),
  );
  return Promise.all(
    z
      .array(listedRow)
      .parse(results)
      .map(async (r) => ({
        tokenHash: r.token_hash,
        sessionId: await publicSessionId(r.token_hash),
        browser: r.browser,
        os: r.os,
        deviceType: deviceType(r.device_type),
        country: r.country !== null && /^[A-Z]{2}$/.test(r.country) ? r.country : null,
        signedInAt: r.created_at,
        lastActiveAt: r.last_seen_at,
      })),
  );
}

/** Ends one session of the account; rowsAffected 1 when it existed. */
export function deleteAccountSessionStatement(db: Db, accountId: number, tokenHash: string) {
  return db.q.deleteFrom('sessions').where('account_id', '=', accountId).where('token_hash', '=', tokenHash);
}

const activityRow = z.object({
  event: z.string(),
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  country: z.nullable(z.string()),
  created_at: z.number(),
});
export type ActivityRow = z.infer<typeof activityRow>;

/** The account's newest audit entries of the given events. */
export async function recentActivity(
  db: Db,
  accountId: number,
  events: readonly string[],
  limit: number,
): Promise<ActivityRow[]> {
  if (events.length === 0) return [];
  const results = await db.all(
    db.q
      .selectFrom('audit_log')
      .select(['event', 'browser', 'os', 'country', 'created_at'])
      .where('account_id', '=', accountId)
      .where('event', 'in', events)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit),
  );
  return z.array(activityRow).parse(results);
}
