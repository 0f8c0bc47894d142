/**
 * Email verification links (spec §4 "Account verification"): an opaque token
 * per link, stored as its SHA-256 in verification_tokens with the address it
 * was sent to. Valid 24 hours, single use; sending a new link retires the
 * account's previous ones (marked `superseded`), so only the newest works.
 * Rows are kept after use or expiry so the landing page can tell the player
 * what happened and send a fresh link.
 */
import * as z from 'zod/mini';
import { digest, newToken } from '../core/security/tokens';
import { auditStatement } from '../core/data/audit';

export const VERIFY_EMAIL_PURPOSE = 'verify-email';
/** Spec §9: email verification link validity. */
export const VERIFY_LINK_TTL_MS = 24 * 60 * 60_000;

const linkData = z.object({ email: z.string(), superseded: z.optional(z.boolean()) });

const linkRow = z.object({
  account_id: z.number(),
  data: z.pipe(
    z.string(),
    z.transform((text) => JSON.parse(text) as unknown),
  ),
  expires_at: z.number(),
  consumed_at: z.nullable(z.number()),
});

export interface EmailLink {
  tokenHash: string;
  accountId: number;
  email: string;
  superseded: boolean;
  expiresAt: number;
  consumedAt: number | null;
}

/** Retires the account's live links and stores a new one; returns the token for the email. */
export async function createEmailLink(db: D1Database, accountId: number, email: string, now: number): Promise<string> {
  const token = newToken();
  await db.batch([
    db
      .prepare(
        `UPDATE verification_tokens SET consumed_at = ?3, data = json_set(data, '$.superseded', json('true'))
         WHERE account_id = ?1 AND purpose = ?2 AND consumed_at IS NULL`,
      )
      .bind(accountId, VERIFY_EMAIL_PURPOSE, now),
    db
      .prepare(
        `INSERT INTO verification_tokens (token_hash, account_id, purpose, data, expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(
        await digest(token),
        accountId,
        VERIFY_EMAIL_PURPOSE,
        JSON.stringify({ email }),
        now + VERIFY_LINK_TTL_MS,
        now,
      ),
  ]);
  return token;
}

export async function findEmailLink(db: D1Database, token: string): Promise<EmailLink | null> {
  const tokenHash = await digest(token);
  const raw = await db
    .prepare(
      `SELECT account_id, data, expires_at, consumed_at FROM verification_tokens
       WHERE token_hash = ?1 AND purpose = ?2 AND account_id IS NOT NULL`,
    )
    .bind(tokenHash, VERIFY_EMAIL_PURPOSE)
    .first();
  if (raw === null) return null;
  const row = linkRow.parse(raw);
  const data = linkData.parse(row.data);
  return {
    tokenHash,
    accountId: row.account_id,
    email: data.email,
    superseded: data.superseded === true,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
  };
}

/**
 * Uses the link and marks the address verified, atomically: the link is
 * consumed only if still live, and the account is verified only if its
 * email is still the one the link was sent to. Returns false when another
 * request used the link first.
 */
export async function useEmailLink(db: D1Database, link: EmailLink, now: number, ip: string | null): Promise<boolean> {
  const consumed = await db
    .prepare(
      'UPDATE verification_tokens SET consumed_at = ?2 WHERE token_hash = ?1 AND consumed_at IS NULL AND expires_at > ?2',
    )
    .bind(link.tokenHash, now)
    .run();
  if (consumed.meta.changes !== 1) return false;
  await db.batch([
    db
      .prepare('UPDATE accounts SET email_verified = 1, updated_at = ?3 WHERE id = ?1 AND email = ?2')
      .bind(link.accountId, link.email, now),
    auditStatement(db, { accountId: link.accountId, event: 'email.verified', ip }, now),
  ]);
  return true;
}
