/**
 * Storage of the social sign-in (migration 0013): the started flows, the third-party sessions, the
 * OpenID 2.0 nonces and the links of provider identities to accounts. Written once with the query builder
 * (server/core/db/README.md); every one-use or conditional change is a single UPDATE/DELETE … RETURNING or a
 * batch (one atomic unit on D1 and PostgreSQL).
 */
import * as z from 'zod/mini';
import type { Db } from '../core/db/engine';

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

export function insertFlowStatement(db: Db, f: NewFlow, now: number) {
  return db.q.insertInto('tpa_flows').values({
    id_hash: f.idHash,
    provider: f.provider,
    state: f.state,
    nonce: f.nonce,
    code_verifier: f.codeVerifier,
    redirect_uri: f.redirectUri,
    action_type: f.actionType,
    created_at: now,
    expires_at: now + FLOW_TTL_MS,
  });
}

const flowColumns = [
  'provider',
  'state',
  'nonce',
  'code_verifier',
  'redirect_uri',
  'action_type',
  'steam_code_hash',
  'steam_subject',
  'steam_name',
  'expires_at',
] as const;

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
export async function takeFlow(db: Db, idHash: string, now: number): Promise<FlowRow | null> {
  const row = await db.first(
    db.q
      .updateTable('tpa_flows')
      .set({ used_at: now })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(flowColumns),
  );
  return row === undefined ? null : flowRow.parse(row);
}

/** A steam flow's return URL carries its state, so it is only known once the flow exists. */
export async function setFlowRedirectUri(db: Db, state: string, redirectUri: string): Promise<void> {
  await db.run(db.q.updateTable('tpa_flows').set({ redirect_uri: redirectUri }).where('state', '=', state));
}

/** The steam identity checked by the API, reachable by the one-time code it hands the callback screen. */
export async function storeSteamIdentity(
  db: Db,
  state: string,
  codeHash: string,
  subject: string,
  name: string | null,
  now: number,
): Promise<boolean> {
  const r = await db.run(
    db.q
      .updateTable('tpa_flows')
      .set({ steam_code_hash: codeHash, steam_subject: subject, steam_name: name })
      .where('state', '=', state)
      .where('provider', '=', 'steam')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('steam_subject', 'is', null),
  );
  return r.rowsAffected === 1;
}

export async function findFlowByState(db: Db, state: string, now: number): Promise<FlowRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('tpa_flows')
      .select(flowColumns)
      .where('state', '=', state)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now),
  );
  return row === undefined ? null : flowRow.parse(row);
}

/** Records an OpenID 2.0 response nonce; false when it was seen before (a replay). */
export async function rememberNonce(db: Db, nonce: string, now: number): Promise<boolean> {
  const r = await db.run(
    db.q
      .insertInto('openid_nonces')
      .values({ nonce, seen_at: now })
      .onConflict((oc) => oc.column('nonce').doNothing()),
  );
  return r.rowsAffected === 1;
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

export function insertTpaSessionStatement(db: Db, s: NewTpaSession, now: number) {
  return db.q.insertInto('tpa_sessions').values({
    token_hash: s.tokenHash,
    provider: s.provider,
    subject: s.subject,
    email: s.email,
    email_verified: s.emailVerified ? 1 : 0,
    display_name: s.displayName,
    link_account_id: s.linkAccountId,
    link_case: s.linkCase,
    created_at: now,
    expires_at: now + TPA_SESSION_TTL_MS,
  });
}

const tpaSessionColumns = [
  'token_hash',
  'provider',
  'subject',
  'email',
  'email_verified',
  'display_name',
  'profile',
  'verified_email',
  'link_account_id',
  'link_case',
] as const;

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

export async function findTpaSession(db: Db, tokenHash: string, now: number): Promise<TpaSessionRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('tpa_sessions')
      .select(tpaSessionColumns)
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now),
  );
  return row === undefined ? null : tpaSessionRow.parse(row);
}

/** Ends the third-party session for its one use (login, link, sign-up): true for exactly one caller. */
export function deleteTpaSessionStatement(db: Db, tokenHash: string) {
  return db.q.deleteFrom('tpa_sessions').where('token_hash', '=', tokenHash);
}

export async function setTpaProfile(db: Db, tokenHash: string, profile: string): Promise<void> {
  await db.run(db.q.updateTable('tpa_sessions').set({ profile }).where('token_hash', '=', tokenHash));
}

export async function setTpaVerifiedEmail(
  db: Db,
  tokenHash: string,
  email: string,
  link: { accountId: number; linkCase: number } | null,
): Promise<void> {
  await db.run(
    db.q
      .updateTable('tpa_sessions')
      .set({ verified_email: email, link_account_id: link?.accountId ?? null, link_case: link?.linkCase ?? null })
      .where('token_hash', '=', tokenHash),
  );
}

export async function setTpaLink(db: Db, tokenHash: string, accountId: number, linkCase: number) {
  await db.run(
    db.q
      .updateTable('tpa_sessions')
      .set({ link_account_id: accountId, link_case: linkCase })
      .where('token_hash', '=', tokenHash),
  );
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

const linkColumns = ['provider', 'provider_user_id', 'account_id', 'email', 'display_name'] as const;

export async function findLink(db: Db, provider: string, subject: string): Promise<LinkRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('linked_providers')
      .select(linkColumns)
      .where('provider', '=', provider)
      .where('provider_user_id', '=', subject),
  );
  return row === undefined ? null : linkRow.parse(row);
}

export async function linksOf(db: Db, accountId: number): Promise<LinkRow[]> {
  const rows = await db.all(
    db.q
      .selectFrom('linked_providers')
      .select(linkColumns)
      .where('account_id', '=', accountId)
      .orderBy('linked_at')
      .orderBy('provider'),
  );
  return z.array(linkRow).parse(rows);
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
export function insertLinkStatement(db: Db, l: NewLink, now: number) {
  return db.q
    .insertInto('linked_providers')
    .values({
      provider: l.provider,
      provider_user_id: l.subject,
      account_id: l.accountId,
      email: l.email,
      linked_at: now,
      display_name: l.displayName,
    })
    .onConflict((oc) => oc.doNothing());
}

/**
 * Unlinks a provider unless it is the account's last way to sign in: the condition (a password, a passkey,
 * or another link) is part of the DELETE, so two parallel unlinks cannot both remove the last two links.
 */
export async function unlinkUnlessLast(db: Db, accountId: number, provider: string): Promise<boolean> {
  // A batch of one: on PostgreSQL a SERIALIZABLE transaction, so two parallel unlinks cannot both see the other
  // link still there (one statement alone would run under READ COMMITTED); on D1 the same single statement.
  const [r] = await db.batch([
    db.q
      .deleteFrom('linked_providers')
      .where('account_id', '=', accountId)
      .where('provider', '=', provider)
      .where((eb) =>
        eb.or([
          eb(eb.selectFrom('accounts').select('has_password').where('id', '=', accountId), '=', 1),
          eb.exists(eb.selectFrom('passkeys').select('account_id').where('account_id', '=', accountId)),
          eb(
            eb
              .selectFrom('linked_providers as others')
              .select((c) => c.fn.countAll().as('n'))
              .where('others.account_id', '=', accountId),
            '>',
            1,
          ),
        ]),
      ),
  ]);
  return r.rowsAffected === 1;
}

/** Takes the third-party session for its one use (login, link, sign-up): exactly one parallel caller gets it. */
export async function takeTpaSession(db: Db, tokenHash: string, now: number): Promise<TpaSessionRow | null> {
  const row = await db.first(
    db.q
      .deleteFrom('tpa_sessions')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returning(tpaSessionColumns),
  );
  return row === undefined ? null : tpaSessionRow.parse(row);
}

/** The account whose email this is (case-insensitive), with whether it has a password; null when none. */
export async function findAccountByEmailForLink(
  db: Db,
  email: string,
): Promise<{ id: number; hasPassword: boolean } | null> {
  // accounts.email is case-insensitive on both engines (COLLATE NOCASE on D1, citext on PostgreSQL).
  const row = await db.first(
    db.q.selectFrom('accounts').select(['id', 'has_password']).where('email', '=', email.trim()).limit(1),
  );
  return row === undefined ? null : { id: row.id, hasPassword: row.has_password === 1 };
}

/** The account whose email this is (case-insensitive), if any. */
export async function findAccountIdByEmail(db: Db, email: string): Promise<number | null> {
  return (await findAccountByEmailForLink(db, email))?.id ?? null;
}
