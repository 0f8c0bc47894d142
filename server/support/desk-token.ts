/**
 * The one-time token of the global ban flow (spec §7 login/token → login/zendesk): a blocked player who gave the
 * right password gets it, and exchanges it once, within minutes, for the support desk's sign-in URL.
 *
 * 256 random bits; only the SHA-256 is stored (`verification_tokens`, purpose below). Issuing one ends the
 * account's earlier live ones. Using it is one conditional `UPDATE … WHERE consumed_at IS NULL AND expires_at >
 * now RETURNING`: of parallel uses exactly one gets the account (tests/api/support-desk.test.ts).
 */
import { consumeToken, endLiveTokensQuery, insertBareTokenQuery } from '../core/data/verification-tokens';
import type { Db, Query } from '../core/db/engine';
import { digest, newToken } from '../core/security/tokens';

/** Long enough for the browser's next call, short enough that a leaked token is soon worthless. */
export const DESK_TOKEN_TTL_MS = 5 * 60_000;
export const DESK_TOKEN_PURPOSE = 'support-desk.login';
/** The token's shape (base64url of 32 bytes): anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The queries that issue a token (to batch with the audit entry), and the token. */
export async function issueDeskToken(
  db: Db,
  accountId: number,
  now: number,
): Promise<{ token: string; statements: Query[] }> {
  const token = newToken();
  return {
    token,
    statements: [
      endLiveTokensQuery(db, accountId, DESK_TOKEN_PURPOSE, now),
      insertBareTokenQuery(
        db,
        { tokenHash: await digest(token), accountId, purpose: DESK_TOKEN_PURPOSE, expiresAt: now + DESK_TOKEN_TTL_MS },
        now,
      ),
    ],
  };
}

/** Uses a token once: the account it was issued to, or null (unknown, used or expired). */
export async function consumeDeskToken(db: Db, token: string, now: number): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return consumeToken(db, await digest(token), DESK_TOKEN_PURPOSE, now);
}
