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
import { isUniqueViolation, type Db } from '../core/db/engine';
import { emailChangeQueries, findRevertRow, revertQueries } from './email-change-data';
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
export type EmailChangeStatements = ReturnType<typeof emailChangeQueries> & { readonly revertToken: string };

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Spec §8 20010: the address belongs to another account. */
export function emailTakenError(): ApiError {
  return new ApiError(409, '20010', 'Email address linked to another account');
}

/**
 * The batch of an email change (server/settings/email-change-data.ts). The first statement is the account update
 * (its rowsAffected is 1 when the change applied: see `emailChangeApplied`); the rest apply only if the account now
 * has the new address. The new address counts as verified: the caller proved it (a code sent to it). Sets
 * `id_changed_at` (spec §9: 7 days between ID changes, enforced by the self-service change).
 */
export function emailChangeStatements(db: Db, clock: Clock, change: EmailChange): EmailChangeStatements {
  const now = clock.now();
  const revertToken = newToken();
  const statements = emailChangeQueries(db, {
    accountId: change.accountId,
    oldEmail: change.oldEmail,
    newEmail: change.newEmail,
    source: change.source,
    ip: change.ip ?? null,
    revertTokenHash: sha256Hex(revertToken),
    revertPurpose: EMAIL_REVERT_PURPOSE,
    revertExpiresAt: now + REVERT_LINK_TTL_MS,
    now,
  });
  return Object.assign(statements, { revertToken });
}

/** True when the batch's account update applied (the account still had the old address). */
export function emailChangeApplied(results: readonly { rowsAffected: number }[]): boolean {
  return results[0]?.rowsAffected === 1;
}

/** A failed batch that met another account's address (accounts.email is unique), on either engine. */
export function isEmailTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'accounts', 'email');
}

export { emailHeldByOther } from './email-change-data';

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
  /** The row's data as stored (the revert writes it back with its own mark). */
  data: string;
}

export async function findRevertLink(db: Db, token: string): Promise<RevertLink | null> {
  const tokenHash = sha256Hex(token);
  const raw = await findRevertRow(db, tokenHash, EMAIL_REVERT_PURPOSE);
  if (raw === undefined) return null;
  const row = revertRow.parse(raw);
  const data = revertData.parse(JSON.parse(row.data));
  return {
    tokenHash,
    accountId: row.account_id,
    oldEmail: data.oldEmail,
    newEmail: data.newEmail,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
    data: row.data,
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
export async function revertEmailChange(db: Db, link: RevertLink, now: number, ip: string | null): Promise<boolean> {
  const usedData = JSON.stringify({ ...(JSON.parse(link.data) as object), usedBy: newToken() });
  const statements = revertQueries(db, {
    tokenHash: link.tokenHash,
    purpose: EMAIL_REVERT_PURPOSE,
    accountId: link.accountId,
    oldEmail: link.oldEmail,
    ip,
    now,
    usedData,
  });
  try {
    const [used] = await db.batch(statements);
    return used.rowsAffected === 1;
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
