/** D1 access of the platform tables (migrations/0016_platforms.sql). Every statement is parameterised. */
import * as z from 'zod/mini';

export const platformSessionRow = z.object({
  token_hash: z.string(),
  platform: z.string(),
  platform_user_id: z.string(),
  account_type: z.enum(['adult', 'minor']),
  game: z.nullable(z.string()),
  link_account_id: z.nullable(z.number()),
  link_password_at: z.nullable(z.number()),
  created_at: z.number(),
  expires_at: z.number(),
});
export type PlatformSessionRow = z.infer<typeof platformSessionRow>;

/**
 * Records a ticket id; false when it was seen before (a replay). One conditional insert decides between
 * parallel uses of one ticket: exactly one wins. Expired ids are swept in the same batch.
 */
export async function useTicketId(db: D1Database, platform: string, jti: string, expiresAt: number, now: number) {
  const [, inserted] = await db.batch([
    db.prepare('DELETE FROM platform_ticket_uses WHERE expires_at < ?1').bind(now),
    db
      .prepare(
        'INSERT INTO platform_ticket_uses (platform, jti, expires_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING',
      )
      .bind(platform, jti, expiresAt),
  ]);
  return (inserted?.meta.changes ?? 0) === 1;
}

export function insertPlatformSessionStatement(
  db: D1Database,
  s: Omit<PlatformSessionRow, 'link_account_id' | 'link_password_at'>,
) {
  return db
    .prepare(
      `INSERT INTO platform_sessions (token_hash, platform, platform_user_id, account_type, game, created_at, expires_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
    )
    .bind(s.token_hash, s.platform, s.platform_user_id, s.account_type, s.game, s.created_at, s.expires_at);
}

export function deletePlatformSessionStatement(db: D1Database, tokenHash: string) {
  return db.prepare('DELETE FROM platform_sessions WHERE token_hash = ?1').bind(tokenHash);
}

export async function findPlatformSession(db: D1Database, tokenHash: string): Promise<PlatformSessionRow | null> {
  const row = await db.prepare('SELECT * FROM platform_sessions WHERE token_hash = ?1').bind(tokenHash).first();
  return row === null ? null : platformSessionRow.parse(row);
}

/** The password of `accountId` was right: the session may now verify that account's second factor. */
export function setLinkCandidateStatement(db: D1Database, tokenHash: string, accountId: number, now: number) {
  return db
    .prepare('UPDATE platform_sessions SET link_account_id = ?2, link_password_at = ?3 WHERE token_hash = ?1')
    .bind(tokenHash, accountId, now);
}

export function clearLinkCandidateStatement(db: D1Database, tokenHash: string) {
  return db
    .prepare('UPDATE platform_sessions SET link_account_id = NULL, link_password_at = NULL WHERE token_hash = ?1')
    .bind(tokenHash);
}

export async function findLinkedAccountId(db: D1Database, platform: string, platformUserId: string) {
  const row = await db
    .prepare('SELECT account_id FROM platform_links WHERE platform = ?1 AND platform_user_id = ?2')
    .bind(platform, platformUserId)
    .first<{ account_id: number }>();
  return row?.account_id ?? null;
}

/**
 * Links the identity to the account unless either side is linked already (the primary key and the
 * (account, platform) index make the insert a no-op then); the caller reads `meta.changes`.
 */
export function insertLinkStatement(
  db: D1Database,
  platform: string,
  platformUserId: string,
  accountId: number,
  now: number,
) {
  return db
    .prepare(
      `INSERT INTO platform_links (platform, platform_user_id, account_id, linked_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT DO NOTHING`,
    )
    .bind(platform, platformUserId, accountId, now);
}

/** Removes the identity's link only when it belongs to a minor's account (the minor-linking dialog's delink). */
export function deleteMinorLinkStatement(db: D1Database, platform: string, platformUserId: string) {
  return db
    .prepare(
      `DELETE FROM platform_links WHERE platform = ?1 AND platform_user_id = ?2
       AND account_id IN (SELECT id FROM accounts WHERE is_minor = 1)
       RETURNING account_id`,
    )
    .bind(platform, platformUserId);
}

/** Ended sessions go as new ones open (a Pages Function has no schedule to sweep them). */
export function deleteExpiredPlatformSessionsStatement(db: D1Database, now: number) {
  return db.prepare('DELETE FROM platform_sessions WHERE expires_at < ?1').bind(now);
}
