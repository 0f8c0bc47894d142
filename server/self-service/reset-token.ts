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
import type { Db } from '../core/db/engine';
import { digest, newToken } from '../core/security/tokens';
import { consumeToken, liveTokenAccount } from '../core/data/verification-tokens';
import { replaceResetToken } from './data';

/** One hour: long enough to open the email, short enough that an old inbox is no way in (docs/self-service.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
const PURPOSE = 'self-service.reset-password';
/** The token's shape (base64url of 32 bytes): anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Issues the account's reset token (earlier live ones stop working), for a link `…/self-service/reset-password?token=`. */
export async function issueResetToken(
  db: Db,
  clock: Clock,
  accountId: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = now + RESET_TOKEN_TTL_MS;
  await replaceResetToken(db, { accountId, purpose: PURPOSE, tokenHash: await digest(token), expiresAt }, now);
  return { token, expiresAt };
}

/** The account a live token belongs to, without using it (to check the new password before spending the link). */
export async function peekResetToken(db: Db, token: string, now: number): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return liveTokenAccount(db, await digest(token), PURPOSE, now);
}

/** Uses the token up; the account id when this call won it, null when it was used, expired or unknown. */
export async function consumeResetToken(db: Db, token: string, now: number): Promise<number | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return consumeToken(db, await digest(token), PURPOSE, now);
}
