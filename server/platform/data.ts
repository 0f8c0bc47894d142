/**
 * Storage of the platform tables (migration 0016): the ticket replay store, the platform sessions and the links of
 * console identities to accounts. Written once with the query builder (server/core/db/README.md), so the same code
 * runs on D1 and PostgreSQL; a statement that joins a batch is returned as a query.
 */
import * as z from 'zod/mini';
import type { Db } from '../core/db/engine';
import { newAccountId } from '../signup/data';
import { deleteTpaSessionStatement } from '../social/data';

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
export async function useTicketId(db: Db, platform: string, jti: string, expiresAt: number, now: number) {
  const [, inserted] = await db.batch([
    db.q.deleteFrom('platform_ticket_uses').where('expires_at', '<', now),
    db.q
      .insertInto('platform_ticket_uses')
      .values({ platform, jti, expires_at: expiresAt })
      .onConflict((oc) => oc.doNothing()),
  ]);
  return inserted.rowsAffected === 1;
}

export function insertPlatformSessionStatement(
  db: Db,
  s: Omit<PlatformSessionRow, 'link_account_id' | 'link_password_at'>,
) {
  return db.q.insertInto('platform_sessions').values({
    token_hash: s.token_hash,
    platform: s.platform,
    platform_user_id: s.platform_user_id,
    account_type: s.account_type,
    game: s.game,
    created_at: s.created_at,
    expires_at: s.expires_at,
  });
}

export function deletePlatformSessionStatement(db: Db, tokenHash: string) {
  return db.q.deleteFrom('platform_sessions').where('token_hash', '=', tokenHash);
}

export async function findPlatformSession(db: Db, tokenHash: string): Promise<PlatformSessionRow | null> {
  const row = await db.first(db.q.selectFrom('platform_sessions').selectAll().where('token_hash', '=', tokenHash));
  return row === undefined ? null : platformSessionRow.parse(row);
}

/** The password of `accountId` was right: the session may now verify that account's second factor. */
export function setLinkCandidateStatement(db: Db, tokenHash: string, accountId: number, now: number) {
  return db.q
    .updateTable('platform_sessions')
    .set({ link_account_id: accountId, link_password_at: now })
    .where('token_hash', '=', tokenHash);
}

export function clearLinkCandidateStatement(db: Db, tokenHash: string) {
  return db.q
    .updateTable('platform_sessions')
    .set({ link_account_id: null, link_password_at: null })
    .where('token_hash', '=', tokenHash);
}

export async function findLinkedAccountId(db: Db, platform: string, platformUserId: string) {
  const row = await db.first(
    db.q
      .selectFrom('platform_links')
      .select('account_id')
      .where('platform', '=', platform)
      .where('platform_user_id', '=', platformUserId),
  );
  return row?.account_id ?? null;
}

/**
 * Links the identity to the account unless either side is linked already (the primary key and the
 * (account, platform) index make the insert a no-op then); the caller reads who holds the link afterwards.
 */
export function insertLinkStatement(db: Db, platform: string, platformUserId: string, accountId: number, now: number) {
  return db.q
    .insertInto('platform_links')
    .values({ platform, platform_user_id: platformUserId, account_id: accountId, linked_at: now })
    .onConflict((oc) => oc.doNothing());
}

/**
 * Removes the identity's link only when it belongs to a minor's account (the minor-linking dialog's delink); the
 * account it left, or null when there was no such link. A batch of one: on PostgreSQL a SERIALIZABLE transaction,
 * so the minor check and the delete see one state (on D1 the same single statement).
 */
export async function deleteMinorLink(db: Db, platform: string, platformUserId: string): Promise<number | null> {
  const [removed] = await db.batch([
    db.q
      .deleteFrom('platform_links')
      .where('platform', '=', platform)
      .where('platform_user_id', '=', platformUserId)
      .where('account_id', 'in', db.q.selectFrom('accounts').select('id').where('is_minor', '=', 1))
      .returning('account_id'),
  ]);
  return removed.rows[0]?.account_id ?? null;
}

/** Ended sessions go as new ones open (a Pages Function has no schedule to sweep them). */
export function deleteExpiredPlatformSessionsStatement(db: Db, now: number) {
  return db.q.deleteFrom('platform_sessions').where('expires_at', '<', now);
}

/** What a platform email sign-up links the new account to, and records beside it (server/platform/signup-email.ts). */
export interface SignupLink {
  /** The console identity (in-game) or the store identity (connector: a `linked_providers` row). */
  link:
    | { kind: 'in-game'; platform: string; platformUserId: string }
    | { kind: 'connector'; provider: string; subject: string; displayName: string | null; tpaSessionHash: string };
  /** signup_black_boxes.channel: the console platform, or `connector:<platform>`. */
  channel: string;
  blackBox: string;
  ip: string | null;
}

/**
 * The statements that join the new account's batch (server/signup/data.ts createSignupAccount): the link, its audit
 * entry, the blackBox and (connector) the end of the third-party session the sign-up spends. They find the account
 * by its unique email (a later statement of a batch sees the earlier ones' writes, on both engines). No ON CONFLICT
 * on the link: an identity another sign-up linked first fails the whole batch (a UNIQUE violation on its table).
 */
export function signupLinkStatements(db: Db, email: string, s: SignupLink, now: number) {
  const accountId = newAccountId(db, email);
  const audit = (event: string, detail: Record<string, unknown>) =>
    db.q
      .insertInto('audit_log')
      .values({ account_id: accountId, event, ip: s.ip, detail: JSON.stringify(detail), created_at: now });
  const link =
    s.link.kind === 'in-game'
      ? [
          db.q.insertInto('platform_links').values({
            platform: s.link.platform,
            platform_user_id: s.link.platformUserId,
            account_id: accountId,
            linked_at: now,
          }),
          audit('platform.linked', { platform: s.link.platform, via: 'signup' }),
        ]
      : [
          db.q.insertInto('linked_providers').values({
            provider: s.link.provider,
            provider_user_id: s.link.subject,
            account_id: accountId,
            email: null,
            linked_at: now,
            display_name: s.link.displayName,
          }),
          audit('social.linked', { provider: s.link.provider, via: 'connector-signup' }),
          deleteTpaSessionStatement(db, s.link.tpaSessionHash),
        ];
  return [
    ...link,
    db.q
      .insertInto('signup_black_boxes')
      .values({ account_id: accountId, channel: s.channel, black_box: s.blackBox, created_at: now }),
  ];
}
