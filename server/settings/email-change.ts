/**
 * Changing an account's email address, shared by the settings change
 * (setting/change-email) and self-service "change my ID": the rows of the
 * change, its audit entry and a revert token in one batch, then a notice to
 * the old address with a link that puts the old address back.
 *
 * The revert link (`/account/{locale}/revert-id?token=…`) works signed out,
 * once, for REVERT_LINK_TTL_MS (7 days: long enough for a holiday away from
 * the mailbox, short enough that an old mail is not a standing key; see
 * docs/settings.md). Reverting restores the old address, ends every session
 * and removes every trusted device (whoever changed the address is signed
 * out), and retires the account's other revert links.
 *
 * The token is stored as its SHA-256 (node:crypto, synchronous, so the batch
 * can be built without awaiting) in verification_tokens, with the two
 * addresses in its data. Email addresses are unique (accounts.email is
 * UNIQUE COLLATE NOCASE): a batch that meets another account's address fails
 * whole, and `isEmailTaken` tells that failure apart.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { Locale } from '../../src/i18n/locales';
import { localePath } from '../../src/routes/paths';
import { buildPath } from '../../src/routes/registry';
import type { Clock } from '../core/clock';
import { VERIFY_EMAIL_PURPOSE } from '../signup/email-links-data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { fill } from '../core/notices/texts';
import { formatNoticeTime } from '../core/notices/send';
import { PROFILE_NOTICE_TEXTS } from './profile-notice-texts';
import { emailProvider } from '../core/providers/index';
import { newToken } from '../core/security/tokens';

type Ctx = Context<AppEnv>;

export const EMAIL_REVERT_PURPOSE = 'email-revert';
const DAY = 24 * 60 * 60_000;
/** How long the revert link in the old address's notice works (docs/settings.md). */
export const REVERT_LINK_TTL_MS = 7 * DAY;

export type EmailChangeSource = 'settings' | 'self-service';

export interface EmailChange {
  accountId: number;
  /** The address the account has now; the change applies only while it still has it. */
  oldEmail: string;
  newEmail: string;
  source: EmailChangeSource;
  /** The client IP for the audit entry. */
  ip?: string | null;
}

/** The statements of one change, with the revert token (for the notice) its batch stores as a digest. */
export type EmailChangeStatements = D1PreparedStatement[] & { readonly revertToken: string };

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Spec §8 20010: the address belongs to another account. */
export function emailTakenError(): ApiError {
  return new ApiError(409, '20010', 'Email address linked to another account');
}

/**
 * The batch of an email change. The first statement is the account update
 * (its `meta.changes` is 1 when the change applied: see `emailChangeApplied`);
 * the rest apply only if the account now has the new address. The new address
 * counts as verified: the caller proved it (a code sent to it). Sets
 * `id_changed_at` (spec §9: 7 days between ID changes, enforced by the
 * self-service change).
 */
export function emailChangeStatements(db: D1Database, clock: Clock, change: EmailChange): EmailChangeStatements {
  const now = clock.now();
  const revertToken = newToken();
  const applied = 'EXISTS (SELECT 1 FROM accounts WHERE id = ?1 AND email = ?2 AND updated_at = ?3)';
  const statements = [
    db
      .prepare(
        `UPDATE accounts SET email = ?3, email_verified = 1, id_changed_at = ?4, updated_at = ?4
         WHERE id = ?1 AND email = ?2`,
      )
      .bind(change.accountId, change.oldEmail, change.newEmail, now),
    // Verification links sent to the old address die with it.
    db
      .prepare(
        `UPDATE verification_tokens SET consumed_at = ?3, data = json_set(data, '$.superseded', json('true'))
         WHERE account_id = ?1 AND purpose = ?4 AND consumed_at IS NULL AND ${applied}`,
      )
      .bind(change.accountId, change.newEmail, now, VERIFY_EMAIL_PURPOSE),
    db
      .prepare(
        `INSERT INTO verification_tokens (token_hash, account_id, purpose, data, expires_at, created_at)
         SELECT ?4, ?1, ?5, ?6, ?7, ?3 WHERE ${applied}`,
      )
      .bind(
        change.accountId,
        change.newEmail,
        now,
        sha256Hex(revertToken),
        EMAIL_REVERT_PURPOSE,
        JSON.stringify({ oldEmail: change.oldEmail, newEmail: change.newEmail, source: change.source }),
        now + REVERT_LINK_TTL_MS,
      ),
    db
      .prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
         SELECT ?1, 'email.changed', ?4, ?5, ?3 WHERE ${applied}`,
      )
      .bind(change.accountId, change.newEmail, now, change.ip ?? null, JSON.stringify({ source: change.source })),
  ];
  return Object.assign(statements, { revertToken });
}

/** True when the batch's account update applied (the account still had the old address). */
export function emailChangeApplied(results: readonly { rowsAffected: number }[]): boolean {
  return results[0]?.rowsAffected === 1;
}

/** A failed batch that met another account's address (accounts.email is unique). */
export function isEmailTaken(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: accounts\.email/i.test(error.message);
}

/** Whether another account holds the address (case-insensitive, like the column). */
export async function emailHeldByOther(db: D1Database, accountId: number, email: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT id FROM accounts WHERE email = ?1 AND id <> ?2')
    .bind(email, accountId)
    .first<{ id: number }>();
  return row !== null;
}

/** The portal's origin for links: the caller's Origin (the CSRF guard allowed it), else the API's own. */
function portalOrigin(c: Ctx): string {
  return c.req.header('Origin') ?? new URL(c.req.url).origin;
}

export function revertLink(c: Ctx, locale: Locale, token: string): string {
  const url = new URL(localePath(locale, buildPath('revert-id')), portalOrigin(c));
  url.searchParams.set('token', token);
  return url.href;
}

export interface EmailChangedNotice {
  accountId: number;
  oldEmail: string;
  newEmail: string;
  revertToken: string;
  locale: Locale;
}

/**
 * Tells the old address that the account's email changed, with the revert
 * link, and the new address that it is now the account's. The change is
 * committed when this runs, so a failed delivery is logged (never with the
 * message or link), not turned into an error.
 */
export async function sendEmailChangedNotice(c: Ctx, notice: EmailChangedNotice): Promise<void> {
  const t = PROFILE_NOTICE_TEXTS[notice.locale];
  const now = c.var.clock.now();
  const link = revertLink(c, notice.locale, notice.revertToken);
  const time = fill(t.when, { time: formatNoticeTime(now, notice.locale) });
  const days = Math.round(REVERT_LINK_TTL_MS / DAY);
  const messages = [
    {
      to: notice.oldEmail,
      subject: t.emailChangedSubject,
      text: [fill(t.emailChangedOld, { email: notice.newEmail }), time, '', fill(t.revertBody, { link, days })].join(
        '\n',
      ),
      link,
    },
    {
      to: notice.newEmail,
      subject: t.emailChangedSubject,
      text: [fill(t.emailChangedNew, { email: notice.newEmail }), time].join('\n'),
    },
  ];
  for (const message of messages) {
    try {
      await emailProvider(c).send(message);
    } catch (e) {
      console.error('Email change notice not delivered', { error: e instanceof Error ? e.name : 'unknown' });
    }
  }
}

// ---- Revert ---------------------------------------------------------------------------------------

const revertData = z.object({ oldEmail: z.string(), newEmail: z.string() });
const revertRow = z.object({
  account_id: z.number(),
  data: z.string(),
  expires_at: z.number(),
  consumed_at: z.nullable(z.number()),
});

export interface RevertLink {
  tokenHash: string;
  accountId: number;
  oldEmail: string;
  newEmail: string;
  expiresAt: number;
  consumedAt: number | null;
}

export async function findRevertLink(db: D1Database, token: string): Promise<RevertLink | null> {
  const tokenHash = sha256Hex(token);
  const raw = await db
    .prepare(
      `SELECT account_id, data, expires_at, consumed_at FROM verification_tokens
       WHERE token_hash = ?1 AND purpose = ?2 AND account_id IS NOT NULL`,
    )
    .bind(tokenHash, EMAIL_REVERT_PURPOSE)
    .first();
  if (raw === null) return null;
  const row = revertRow.parse(raw);
  const data = revertData.parse(JSON.parse(row.data));
  return {
    tokenHash,
    accountId: row.account_id,
    oldEmail: data.oldEmail,
    newEmail: data.newEmail,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
  };
}

/** Spec §8 20068: the link is unknown, used or retired. */
export function revertLinkInvalid(): ApiError {
  return new ApiError(400, '20068', 'Unknown or used revert link');
}

/** Spec §8 20018: the link's time is over. */
export function revertLinkExpired(): ApiError {
  return new ApiError(410, '20018', 'The revert link expired');
}

/** Refuses a link that cannot be used now (unknown and used: 20068; expired: 20018). */
export function assertRevertLinkLive(link: RevertLink | null, now: number): asserts link is RevertLink {
  if (link === null || link.consumedAt !== null) throw revertLinkInvalid();
  if (link.expiresAt <= now) throw revertLinkExpired();
}

/**
 * Puts the old address back, as one batch guarded by the link: the first
 * statement uses the link (only while live) and marks it with this request's
 * nonce; every other statement runs only if that mark is there, so of two
 * parallel uses one applies. Returns false when the link was used meanwhile.
 * Throws 20010 when the old address now belongs to another account.
 */
export async function revertEmailChange(
  db: D1Database,
  link: RevertLink,
  now: number,
  ip: string | null,
): Promise<boolean> {
  const nonce = newToken();
  const mine = `EXISTS (SELECT 1 FROM verification_tokens WHERE token_hash = ?9 AND json_extract(data, '$.usedBy') = ?8)`;
  const bindGuard = (s: D1PreparedStatement, ...values: unknown[]) => {
    const padded = [...values];
    while (padded.length < 7) padded.push(null);
    return s.bind(...padded, nonce, link.tokenHash);
  };
  const statements = [
    db
      .prepare(
        `UPDATE verification_tokens SET consumed_at = ?2, data = json_set(data, '$.usedBy', ?8)
         WHERE token_hash = ?9 AND purpose = ?1 AND consumed_at IS NULL AND expires_at > ?2`,
      )
      .bind(EMAIL_REVERT_PURPOSE, now, null, null, null, null, null, nonce, link.tokenHash),
    bindGuard(
      db.prepare(`UPDATE accounts SET email = ?2, email_verified = 1, updated_at = ?3 WHERE id = ?1 AND ${mine}`),
      link.accountId,
      link.oldEmail,
      now,
    ),
    bindGuard(
      db.prepare(
        `UPDATE verification_tokens SET consumed_at = ?3
         WHERE account_id = ?1 AND purpose = ?2 AND consumed_at IS NULL AND ${mine}`,
      ),
      link.accountId,
      EMAIL_REVERT_PURPOSE,
      now,
    ),
    bindGuard(db.prepare(`DELETE FROM sessions WHERE account_id = ?1 AND ${mine}`), link.accountId),
    bindGuard(db.prepare(`DELETE FROM trusted_devices WHERE account_id = ?1 AND ${mine}`), link.accountId),
    bindGuard(
      db.prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
         SELECT ?1, 'email.reverted', ?2, NULL, ?3 WHERE ${mine}`,
      ),
      link.accountId,
      ip,
      now,
    ),
  ];
  try {
    const results = await db.batch(statements);
    return results[0]?.meta.changes === 1;
  } catch (e) {
    if (isEmailTaken(e)) throw emailTakenError();
    throw e;
  }
}

/** Tells the restored address what happened and what to do next. */
export async function sendEmailRevertedNotice(c: Ctx, to: string, locale: Locale): Promise<void> {
  const t = PROFILE_NOTICE_TEXTS[locale];
  const time = fill(t.when, { time: formatNoticeTime(c.var.clock.now(), locale) });
  try {
    await emailProvider(c).send({ to, subject: t.emailRevertedSubject, text: [t.emailReverted, time].join('\n') });
  } catch (e) {
    console.error('Email revert notice not delivered', { error: e instanceof Error ? e.name : 'unknown' });
  }
}
