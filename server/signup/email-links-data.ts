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
import { sql } from 'kysely';
import type { Db } from '../core/db/engine';

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

/**
 * Marks a link's JSON data superseded. JSON functions differ by engine (SQLite's json_set, PostgreSQL's jsonb
 * concatenation; the column is text on both), and the update must happen in the statement itself so the batch
 * retires every link that is live when it runs, also one a parallel request just stored.
 */
function supersededData(db: Db) {
  return db.engine === 'd1'
    ? sql<string>`json_set(data, '$.superseded', json('true'))`
    : sql<string>`(data::jsonb || '{"superseded":true}'::jsonb)::text`;
}

/** Retires the account's live links and stores a new one; returns the token for the email. */
export async function createEmailLink(db: Db, accountId: number, email: string, now: number): Promise<string> {
  const token = newToken();
  await db.batch([
    db.q
      .updateTable('verification_tokens')
      .set({ consumed_at: now, data: supersededData(db) })
      .where('account_id', '=', accountId)
      .where('purpose', '=', VERIFY_EMAIL_PURPOSE)
      .where('consumed_at', 'is', null),
    db.q.insertInto('verification_tokens').values({
      token_hash: await digest(token),
      account_id: accountId,
      purpose: VERIFY_EMAIL_PURPOSE,
      data: JSON.stringify({ email }),
      expires_at: now + VERIFY_LINK_TTL_MS,
      created_at: now,
    }),
  ]);
  return token;
}

export async function findEmailLink(db: Db, token: string): Promise<EmailLink | null> {
  const tokenHash = await digest(token);
  const raw = await db.first(
    db.q
      .selectFrom('verification_tokens')
      .select(['account_id', 'data', 'expires_at', 'consumed_at'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', VERIFY_EMAIL_PURPOSE)
      .where('account_id', 'is not', null),
  );
  if (raw === undefined) return null;
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
export async function useEmailLink(db: Db, link: EmailLink, now: number, ip: string | null): Promise<boolean> {
  const consumed = await db.run(
    db.q
      .updateTable('verification_tokens')
      .set({ consumed_at: now })
      .where('token_hash', '=', link.tokenHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now),
  );
  if (consumed.rowsAffected !== 1) return false;
  await db.batch([
    db.q
      .updateTable('accounts')
      .set({ email_verified: 1, updated_at: now })
      .where('id', '=', link.accountId)
      .where('email', '=', link.email),
    db.q.insertInto('audit_log').values({ account_id: link.accountId, event: 'email.verified', ip, created_at: now }),
  ]);
  return true;
}
