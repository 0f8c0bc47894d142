/**
 * Storage of the social sign-in (migration 0013): the started flows, the third-party sessions, the
 * OpenID 2.0 nonces and the links of provider identities to accounts. Parameterised SQL only; every
 * one-use or conditional change is a single UPDATE/DELETE … RETURNING or a batch (D1 has no interactive
 * transactions).
 */
import * as z from 'zod/mini';

export const FLOW_TTL_MS = 10 * 60_000;
export const TPA_SESSION_TTL_MS = 30 * 60_000;

export interface NewFlow {
  idHash: string;
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  actionType: string;
}

export function insertFlowStatement(db: D1Database, f: NewFlow, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO tpa_flows (id_hash, provider, state, nonce, code_verifier, redirect_uri, action_type, created_at, expires_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    )
    .bind(f.idHash, f.provider, f.state, f.nonce, f.codeVerifier, f.redirectUri, f.actionType, now, now + FLOW_TTL_MS);
}

const flowRow = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  code_verifier: z.string(),
  redirect_uri: z.string(),
  action_type: z.string(),
  steam_code_hash: z.nullable(z.string()),
  steam_subject: z.nullable(z.string()),
  steam_name: z.nullable(z.string()),
  expires_at: z.number(),
});
export type FlowRow = z.infer<typeof flowRow>;

/**
 * Takes the flow for its one use: of two parallel callbacks with the same cookie exactly one gets it.
 * null: no such flow, used before, or expired (the caller answers 20159).
 */
export async function takeFlow(db: D1Database, idHash: string, now: number): Promise<FlowRow | null> {
  const row = await db
    .prepare(
      `UPDATE tpa_flows SET used_at = ?2 WHERE id_hash = ?1 AND used_at IS NULL AND expires_at > ?2
       RETURNING provider, state, nonce, code_verifier, redirect_uri, action_type, steam_code_hash, steam_subject,
         steam_name, expires_at`,
    )
    .bind(idHash, now)
    .first();
  return row === null ? null : flowRow.parse(row);
}

/** The steam identity checked by the API, reachable by the one-time code it hands the callback screen. */
export async function storeSteamIdentity(
  db: D1Database,
  state: string,
  codeHash: string,
  subject: string,
  name: string | null,
  now: number,
): Promise<boolean> {
  const r = await db
    .prepare(
      `UPDATE tpa_flows SET steam_code_hash = ?2, steam_subject = ?3, steam_name = ?4
       WHERE state = ?1 AND provider = 'steam' AND used_at IS NULL AND expires_at > ?5 AND steam_subject IS NULL`,
    )
    .bind(state, codeHash, subject, name, now)
    .run();
  return r.meta.changes === 1;
}

export async function findFlowByState(db: D1Database, state: string, now: number): Promise<FlowRow | null> {
  const row = await db
    .prepare(
      `SELECT provider, state, nonce, code_verifier, redirect_uri, action_type, steam_code_hash, steam_subject,
         steam_name, expires_at FROM tpa_flows WHERE state = ?1 AND used_at IS NULL AND expires_at > ?2`,
    )
    .bind(state, now)
    .first();
  return row === null ? null : flowRow.parse(row);
}

/** Records an OpenID 2.0 response nonce; false when it was seen before (a replay). */
export async function rememberNonce(db: D1Database, nonce: string, now: number): Promise<boolean> {
  const r = await db
    .prepare('INSERT INTO openid_nonces (nonce, seen_at) VALUES (?1, ?2) ON CONFLICT (nonce) DO NOTHING')
    .bind(nonce, now)
    .run();
  return r.meta.changes === 1;
}

// ---------------------------------------------------------------------------- third-party sessions

export interface NewTpaSession {
  tokenHash: string;
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  linkAccountId: number | null;
  linkCase: number | null;
}

export function insertTpaSessionStatement(db: D1Database, s: NewTpaSession, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO tpa_sessions (token_hash, provider, subject, email, email_verified, display_name, link_account_id,
         link_case, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    )
    .bind(
      s.tokenHash,
      s.provider,
      s.subject,
      s.email,
      s.emailVerified ? 1 : 0,
      s.displayName,
      s.linkAccountId,
      s.linkCase,
      now,
      now + TPA_SESSION_TTL_MS,
    );
}

const tpaSessionRow = z.object({
  token_hash: z.string(),
  provider: z.string(),
  subject: z.string(),
  email: z.nullable(z.string()),
  email_verified: z.number(),
  display_name: z.nullable(z.string()),
  profile: z.nullable(z.string()),
  verified_email: z.nullable(z.string()),
  link_account_id: z.nullable(z.number()),
  link_case: z.nullable(z.number()),
});
export type TpaSessionRow = z.infer<typeof tpaSessionRow>;

export async function findTpaSession(db: D1Database, tokenHash: string, now: number): Promise<TpaSessionRow | null> {
  const row = await db
    .prepare(
      `SELECT token_hash, provider, subject, email, email_verified, display_name, profile, verified_email,
         link_account_id, link_case FROM tpa_sessions WHERE token_hash = ?1 AND expires_at > ?2`,
    )
    .bind(tokenHash, now)
    .first();
  return row === null ? null : tpaSessionRow.parse(row);
}

/** Ends the third-party session for its one use (login, link, sign-up): true for exactly one caller. */
export function deleteTpaSessionStatement(db: D1Database, tokenHash: string): D1PreparedStatement {
  return db.prepare('DELETE FROM tpa_sessions WHERE token_hash = ?1').bind(tokenHash);
}

export async function setTpaProfile(db: D1Database, tokenHash: string, profile: string): Promise<void> {
  await db.prepare('UPDATE tpa_sessions SET profile = ?2 WHERE token_hash = ?1').bind(tokenHash, profile).run();
}

export async function setTpaVerifiedEmail(
  db: D1Database,
  tokenHash: string,
  email: string,
  link: { accountId: number; linkCase: number } | null,
): Promise<void> {
  await db
    .prepare('UPDATE tpa_sessions SET verified_email = ?2, link_account_id = ?3, link_case = ?4 WHERE token_hash = ?1')
    .bind(tokenHash, email, link?.accountId ?? null, link?.linkCase ?? null)
    .run();
}

export async function setTpaLink(db: D1Database, tokenHash: string, accountId: number, linkCase: number) {
  await db
    .prepare('UPDATE tpa_sessions SET link_account_id = ?2, link_case = ?3 WHERE token_hash = ?1')
    .bind(tokenHash, accountId, linkCase)
    .run();
}

// ---------------------------------------------------------------------------- links

const linkRow = z.object({
  provider: z.string(),
  provider_user_id: z.string(),
  account_id: z.number(),
  email: z.nullable(z.string()),
  display_name: z.nullable(z.string()),
});
export type LinkRow = z.infer<typeof linkRow>;

export async function findLink(db: D1Database, provider: string, subject: string): Promise<LinkRow | null> {
  const row = await db
    .prepare(
      'SELECT provider, provider_user_id, account_id, email, display_name FROM linked_providers WHERE provider = ?1 AND provider_user_id = ?2',
    )
    .bind(provider, subject)
    .first();
  return row === null ? null : linkRow.parse(row);
}

export async function linksOf(db: D1Database, accountId: number): Promise<LinkRow[]> {
  const { results } = await db
    .prepare(
      'SELECT provider, provider_user_id, account_id, email, display_name FROM linked_providers WHERE account_id = ?1 ORDER BY linked_at, provider',
    )
    .bind(accountId)
    .all();
  return z.array(linkRow).parse(results);
}

export interface NewLink {
  provider: string;
  subject: string;
  accountId: number;
  email: string | null;
  displayName: string | null;
}

/**
 * Links an identity, only if neither the identity nor this provider on the account is linked yet (the
 * primary key and the (account, provider) index decide between parallel links: no duplicate survives).
 */
export function insertLinkStatement(db: D1Database, l: NewLink, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO linked_providers (provider, provider_user_id, account_id, email, linked_at, display_name)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING`,
    )
    .bind(l.provider, l.subject, l.accountId, l.email, now, l.displayName);
}

/**
 * Unlinks a provider unless it is the account's last way to sign in: the condition (a password, a passkey,
 * or another link) is part of the DELETE, so two parallel unlinks cannot both remove the last two links.
 */
export async function unlinkUnlessLast(db: D1Database, accountId: number, provider: string): Promise<boolean> {
  const r = await db
    .prepare(
      `DELETE FROM linked_providers WHERE account_id = ?1 AND provider = ?2 AND (
         (SELECT has_password FROM accounts WHERE id = ?1) = 1
         OR EXISTS (SELECT 1 FROM passkeys WHERE account_id = ?1)
         OR (SELECT COUNT(*) FROM linked_providers WHERE account_id = ?1) > 1)`,
    )
    .bind(accountId, provider)
    .run();
  return r.meta.changes === 1;
}

/** Takes the third-party session for its one use (login, link, sign-up): exactly one parallel caller gets it. */
export async function takeTpaSession(db: D1Database, tokenHash: string, now: number): Promise<TpaSessionRow | null> {
  const row = await db
    .prepare(
      `DELETE FROM tpa_sessions WHERE token_hash = ?1 AND expires_at > ?2
       RETURNING token_hash, provider, subject, email, email_verified, display_name, profile, verified_email,
         link_account_id, link_case`,
    )
    .bind(tokenHash, now)
    .first();
  return row === null ? null : tpaSessionRow.parse(row);
}

/** The account whose email this is (case-insensitive), if any. */
export async function findAccountIdByEmail(db: D1Database, email: string): Promise<number | null> {
  const row = await db
    .prepare('SELECT id FROM accounts WHERE email = ?1 COLLATE NOCASE LIMIT 1')
    .bind(email.trim())
    .first<{ id: number }>();
  return row?.id ?? null;
}
