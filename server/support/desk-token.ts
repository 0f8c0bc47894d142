/**
 * The one-time token of the global ban flow (spec §7 login/token → login/zendesk): a blocked player who gave the
 * right password gets it, and exchanges it once, within minutes, for the support desk's sign-in URL.
 *
 * 256 random bits; only the SHA-256 is stored (`verification_tokens`, purpose below). Issuing one ends the
 * account's earlier live ones. Using it is one conditional `UPDATE … WHERE consumed_at IS NULL AND expires_at >
 * now RETURNING`: of parallel uses exactly one gets the account (tests/api/support-desk.test.ts).
 */
import { digest, newToken } from '../core/security/tokens';

/** Long enough for the browser's next call, short enough that a leaked token is soon worthless. */
export const DESK_TOKEN_TTL_MS = 5 * 60_000;
export const DESK_TOKEN_PURPOSE = 'support-desk.login';
/** The token's shape (base64url of 32 bytes): anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The statements that issue a token (to batch with the audit entry), and the token. */
export async function issueDeskToken(
  db: D1Database,
  accountId: number,
  now: number,
): Promise<{ token: string; statements: D1PreparedStatement[] }> {
  const token = newToken();
  return {
    token,
    statements: [
      db
        .prepare(
          `UPDATE verification_tokens SET consumed_at = ?3
           WHERE account_id = ?1 AND purpose = ?2 AND consumed_at IS NULL`,
        )
        .bind(accountId, DESK_TOKEN_PURPOSE, now),
      db
        .prepare(
          `INSERT INTO verification_tokens (token_hash, account_id, purpose, data, expires_at, consumed_at, created_at)
           VALUES (?1, ?2, ?3, NULL, ?4, NULL, ?5)`,
        )
        .bind(await digest(token), accountId, DESK_TOKEN_PURPOSE, now + DESK_TOKEN_TTL_MS, now),
    ],
  };
}

/** Uses the token up: the account id when this call won it; null when it was used, expired, unknown or malformed. */
export async function consumeDeskToken(db: D1Database, token: string, now: number): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .prepare(
      `UPDATE verification_tokens SET consumed_at = ?3
       WHERE token_hash = ?1 AND purpose = ?2 AND consumed_at IS NULL AND expires_at > ?3
       RETURNING account_id`,
    )
    .bind(await digest(token), DESK_TOKEN_PURPOSE, now)
    .first<{ account_id: number | null }>();
  return row?.account_id ?? null;
}
