/**
 * Single-use, short-lived password-reset tokens: the second way into the
 * self-reset-password screen (`?token=`), used by the support-case approval
 * (ownership verification, issue 13 part B) which emails the player a link.
 *
 * The token is 256 random bits; only its SHA-256 is stored (in
 * `verification_tokens`, purpose below). Issuing a token ends every earlier
 * live token of the account, so only the newest link works. Consuming is one
 * conditional `UPDATE … WHERE consumed_at IS NULL AND expires_at > now
 * RETURNING`: of two parallel uses exactly one gets the account.
 */
import type { Clock } from '../core/clock';
import { digest, newToken } from '../core/security/tokens';

/** One hour: long enough to open the email, short enough that an old inbox is no way in (docs/self-service.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
const PURPOSE = 'self-service.reset-password';
/** The token's shape (base64url of 32 bytes): anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Issues the account's reset token (earlier live ones stop working), for a link `…/self-service/reset-password?token=`. */
export async function issueResetToken(
  db: D1Database,
  clock: Clock,
  accountId: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = now + RESET_TOKEN_TTL_MS;
  await db.batch([
    db
      .prepare(
        `UPDATE verification_tokens SET consumed_at = ?3
         WHERE account_id = ?1 AND purpose = ?2 AND consumed_at IS NULL`,
      )
      .bind(accountId, PURPOSE, now),
    db
      .prepare(
        `INSERT INTO verification_tokens (token_hash, account_id, purpose, data, expires_at, consumed_at, created_at)
         VALUES (?1, ?2, ?3, NULL, ?4, NULL, ?5)`,
      )
      .bind(await digest(token), accountId, PURPOSE, expiresAt, now),
  ]);
  return { token, expiresAt };
}

/** The account a live token belongs to, without using it (to check the new password before spending the link). */
export async function peekResetToken(db: D1Database, token: string, now: number): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .prepare(
      `SELECT account_id FROM verification_tokens
       WHERE token_hash = ?1 AND purpose = ?2 AND consumed_at IS NULL AND expires_at > ?3`,
    )
    .bind(await digest(token), PURPOSE, now)
    .first<{ account_id: number | null }>();
  return row?.account_id ?? null;
}

/** Uses the token up; the account id when this call won it, null when it was used, expired or unknown. */
export async function consumeResetToken(db: D1Database, token: string, now: number): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .prepare(
      `UPDATE verification_tokens SET consumed_at = ?3
       WHERE token_hash = ?1 AND purpose = ?2 AND consumed_at IS NULL AND expires_at > ?3
       RETURNING account_id`,
    )
    .bind(await digest(token), PURPOSE, now)
    .first<{ account_id: number | null }>();
  return row?.account_id ?? null;
}
