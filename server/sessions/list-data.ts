/**
 * The devices-and-sessions list: an account's live full sessions, each under
 * a public id derived from its token hash (the hash is the session's lookup
 * key and never leaves the server; the id cannot be turned back into it).
 */
import * as z from 'zod/mini';
import { TRUSTED_DEVICE_TYPES } from '../../src/shared/contract/trusted-devices';
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
export async function listAccountSessions(db: D1Database, accountId: number, now: number): Promise<ListedSession[]> {
  const { results } = await db
    .prepare(
      `SELECT token_hash, browser, os, device_type, country, created_at, last_seen_at FROM sessions
       WHERE account_id = ?1 AND level = 'full' AND idle_expires_at > ?2 AND absolute_expires_at > ?2
       ORDER BY last_seen_at DESC, created_at DESC`,
    )
    .bind(accountId, now)
    .all();
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

/** Ends one session of the account; true when it existed. */
export function deleteAccountSessionStatement(db: D1Database, accountId: number, tokenHash: string) {
  return db.prepare('DELETE FROM sessions WHERE account_id = ?1 AND token_hash = ?2').bind(accountId, tokenHash);
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
  db: D1Database,
  accountId: number,
  events: readonly string[],
  limit: number,
): Promise<ActivityRow[]> {
  const { results } = await db
    .prepare(
      `SELECT event, browser, os, country, created_at FROM audit_log
       WHERE account_id = ?1 AND event IN (SELECT value FROM json_each(?2))
       ORDER BY created_at DESC, id DESC LIMIT ?3`,
    )
    .bind(accountId, JSON.stringify(events), limit)
    .all();
  return z.array(activityRow).parse(results);
}
