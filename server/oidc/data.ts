/**
 * Data access of the identity provider: clients, signing keys, consents, authorization codes, device codes and
 * issued tokens (migrations/0014_oidc.sql). Written once with the query builder (server/core/db/README.md); the
 * single-use takes are conditional UPDATE … RETURNING, so of two parallel requests exactly one gets the row.
 */
import type { Db } from '../core/db/engine';
import type { SigningAlg } from './config';

export interface CodeRow {
  code_hash: string;
  client_id: string;
  account_id: number;
  redirect_uri: string;
  scope: string;
  nonce: string | null;
  code_challenge: string;
  auth_time: number;
  /** The approving portal session (SHA-256 of its token): its sign-out ends this grant (./backchannel.ts). */
  session_hash: string | null;
  /** The approving session's amr (RFC 8176, space-separated; null: codes from before migration 0023). */
  amr: string | null;
  expires_at: number;
  used_at: number | null;
}

export interface DeviceRow {
  device_code_hash: string;
  /** HMAC of the normalised user code (./user-code.ts); the code itself is never stored. */
  user_code_hash: string;
  client_id: string;
  scope: string;
  expires_at: number;
  interval_s: number;
  last_poll_at: number | null;
  status: 'pending' | 'approved' | 'denied' | 'used';
  account_id: number | null;
  auth_time: number | null;
  /** The approving session's amr (null: approved before migration 0025, or not yet answered). */
  amr: string | null;
}

const deviceColumns = [
  'device_code_hash',
  'user_code_hash',
  'client_id',
  'scope',
  'expires_at',
  'interval_s',
  'last_poll_at',
  'status',
  'account_id',
  'auth_time',
  'amr',
] as const;

export interface TokenRow {
  jti: string;
  client_id: string;
  account_id: number;
  grant_hash: string;
  scope: string;
  expires_at: number;
  revoked_at: number | null;
  /** The sign-in's auth_time (seconds) and amr, repeated in refreshed ID tokens (null: tokens before 0025). */
  auth_time: number | null;
  amr: string | null;
}

export interface ClientRow {
  client_id: string;
  name: string;
  site: string;
  redirect_uris: string;
  post_logout_redirect_uris: string;
  secret_hash: string | null;
  first_party: number;
  device_flow: number;
  id_token_signed_response_alg: string;
  subject_type: string;
  sector_identifier: string | null;
  backchannel_logout_uri: string | null;
  backchannel_logout_session_required: number;
  client_credentials_scopes: string | null;
  require_pushed_authorization_requests: number;
}

export interface KeyRow {
  kid: string;
  public_jwk: string;
  private_jwk_sealed: string;
  use_from: number;
}

// ---- clients and signing keys

export async function findClientRow(db: Db, clientId: string): Promise<ClientRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('oidc_clients')
      .select([
        'client_id',
        'name',
        'site',
        'redirect_uris',
        'post_logout_redirect_uris',
        'secret_hash',
        'first_party',
        'device_flow',
        'id_token_signed_response_alg',
        'subject_type',
        'sector_identifier',
        'backchannel_logout_uri',
        'backchannel_logout_session_required',
        'client_credentials_scopes',
        'require_pushed_authorization_requests',
      ])
      .where('client_id', '=', clientId),
  );
  return row ?? null;
}

/** Each algorithm's keys in a table of their own (the schedule's use_from is unique per algorithm). */
const KEY_TABLES = { ES256: 'oidc_signing_keys', RS256: 'oidc_rsa_signing_keys' } as const;

/** A relying party as `npm run clients:add` registers it (scripts/clients-add.mjs; lists are JSON arrays). */
export type NewClient = ClientRow & { created_at: number };

/** Registers a client (the operator's CLI, on either engine). */
export async function registerClient(db: Db, client: NewClient): Promise<void> {
  await db.run(db.q.insertInto('oidc_clients').values(client));
}

export async function allSigningKeys(db: Db, alg: SigningAlg): Promise<KeyRow[]> {
  return db.all(
    db.q
      .selectFrom(KEY_TABLES[alg])
      .select(['kid', 'public_jwk', 'private_jwk_sealed', 'use_from'])
      .orderBy('use_from'),
  );
}

/** Two isolates rotating at the same moment insert one key: `use_from` is unique, the second insert is ignored. */
export async function insertSigningKey(db: Db, alg: SigningAlg, key: KeyRow & { created_at: number }): Promise<void> {
  await db.run(
    db.q
      .insertInto(KEY_TABLES[alg])
      .values(key)
      .onConflict((oc) => oc.doNothing()),
  );
}

// ---- consents and authorization codes

export async function grantedScopes(db: Db, accountId: number, clientId: string): Promise<string[]> {
  const row = await db.first(
    db.q
      .selectFrom('oidc_consents')
      .select('scopes')
      .where('account_id', '=', accountId)
      .where('client_id', '=', clientId),
  );
  return row === undefined ? [] : row.scopes.split(' ');
}

/** The account's consents (the Apps list), last granted first. */
export async function listConsents(db: Db, accountId: number) {
  return db.all(
    db.q
      .selectFrom('oidc_consents')
      .select(['client_id', 'scopes', 'granted_at'])
      .where('account_id', '=', accountId)
      .orderBy('granted_at', 'desc')
      .orderBy('client_id'),
  );
}

/** Remembers the scopes granted, added to those granted before ("approve once per client and scope set"). */
export function consentStatement(db: Db, accountId: number, clientId: string, scopes: readonly string[], now: number) {
  const joined = scopes.join(' ');
  return db.q
    .insertInto('oidc_consents')
    .values({ account_id: accountId, client_id: clientId, scopes: joined, granted_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'client_id']).doUpdateSet({ scopes: joined, granted_at: now }));
}

export function insertCodeStatement(db: Db, row: Omit<CodeRow, 'used_at'>) {
  return db.q.insertInto('oidc_codes').values(row);
}

/** Takes a code for exchange: one conditional UPDATE, so of two parallel exchanges exactly one gets the row. */
export async function takeCode(db: Db, codeHash: string, now: number): Promise<CodeRow | null> {
  const row = await db.first(
    db.q
      .updateTable('oidc_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returningAll(),
  );
  return row ?? null;
}

export async function codeWasUsed(db: Db, codeHash: string): Promise<CodeRow | null> {
  const row = await db.first(db.q.selectFrom('oidc_codes').selectAll().where('code_hash', '=', codeHash));
  return row ?? null;
}

/** When the session signed in (auth_time, OIDC Core §2), or null for an unknown session. */
export async function sessionCreatedAt(db: Db, tokenHash: string): Promise<number | null> {
  const row = await db.first(db.q.selectFrom('sessions').select('created_at').where('token_hash', '=', tokenHash));
  return row?.created_at ?? null;
}

// ---- issued tokens

export function insertTokenStatement(db: Db, row: Omit<TokenRow, 'revoked_at'>) {
  return db.q.insertInto('oidc_tokens').values(row);
}

export async function findToken(db: Db, jti: string, clientId: string): Promise<TokenRow | null> {
  const row = await db.first(
    db.q.selectFrom('oidc_tokens').selectAll().where('jti', '=', jti).where('client_id', '=', clientId),
  );
  return row ?? null;
}

/** Whether an access token was stored and not revoked (null when it was never stored), and whose it is. */
export async function tokenRevokedAt(
  db: Db,
  jti: string,
): Promise<{ revoked_at: number | null; account_id: number } | null> {
  const row = await db.first(
    db.q.selectFrom('oidc_tokens').select(['revoked_at', 'account_id']).where('jti', '=', jti),
  );
  return row ?? null;
}

/** Spends a refresh token: one conditional UPDATE, so of two parallel refreshes exactly one changes the row. */
export async function spendToken(db: Db, jti: string, now: number): Promise<boolean> {
  const spent = await db.run(
    db.q.updateTable('oidc_tokens').set({ revoked_at: now }).where('jti', '=', jti).where('revoked_at', 'is', null),
  );
  return spent.rowsAffected === 1;
}

/** RFC 6749 §4.1.2: a code used twice revokes every token issued from it. */
export function revokeGrantStatement(db: Db, grantHash: string, now: number) {
  return db.q
    .updateTable('oidc_tokens')
    .set({ revoked_at: now })
    .where('grant_hash', '=', grantHash)
    .where('revoked_at', 'is', null);
}

export function revokeTokenStatement(db: Db, jti: string, clientId: string, now: number) {
  return db.q
    .updateTable('oidc_tokens')
    .set({ revoked_at: now })
    .where('jti', '=', jti)
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null);
}

// ---- device codes (RFC 8628)

/** Inserts a device code unless its user code is taken; true when inserted. */
export async function insertDeviceCode(
  db: Db,
  row: Omit<DeviceRow, 'last_poll_at' | 'status' | 'account_id' | 'auth_time' | 'amr'> & { created_at: number },
): Promise<boolean> {
  const inserted = await db.run(
    db.q
      .insertInto('oidc_device_codes')
      .values(row)
      .onConflict((oc) => oc.doNothing()),
  );
  return inserted.rowsAffected === 1;
}

/** An expired code keeps its user code until cleaned. */
export async function deleteExpiredUserCode(db: Db, userCodeHash: string, now: number): Promise<void> {
  await db.run(
    db.q.deleteFrom('oidc_device_codes').where('user_code_hash', '=', userCodeHash).where('expires_at', '<=', now),
  );
}

export async function findDeviceCode(db: Db, hash: string, clientId: string): Promise<DeviceRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('oidc_device_codes')
      .select(deviceColumns)
      .where('device_code_hash', '=', hash)
      .where('client_id', '=', clientId),
  );
  return (row as DeviceRow | undefined) ?? null;
}

export async function findPendingUserCode(db: Db, userCodeHash: string): Promise<DeviceRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('oidc_device_codes')
      .select(deviceColumns)
      .where('user_code_hash', '=', userCodeHash)
      .where('status', '=', 'pending'),
  );
  return (row as DeviceRow | undefined) ?? null;
}

/**
 * Records a poll, conditional on the last poll read, so two parallel polls cannot both pass as on time. True when
 * this poll was the one recorded. (`=` or `IS NULL` rather than SQLite's `IS ?`: PostgreSQL's IS takes no value.)
 */
export async function recordPoll(
  db: Db,
  hash: string,
  now: number,
  intervalS: number,
  lastPollAt: number | null,
): Promise<boolean> {
  const base = db.q
    .updateTable('oidc_device_codes')
    .set({ last_poll_at: now, interval_s: intervalS })
    .where('device_code_hash', '=', hash);
  const polled = await db.run(
    lastPollAt === null ? base.where('last_poll_at', 'is', null) : base.where('last_poll_at', '=', lastPollAt),
  );
  return polled.rowsAffected === 1;
}

export async function slowDown(db: Db, hash: string, stepS: number): Promise<void> {
  await db.run(
    db.q
      .updateTable('oidc_device_codes')
      .set((eb) => ({ interval_s: eb('interval_s', '+', stepS) }))
      .where('device_code_hash', '=', hash),
  );
}

/** Takes an approved device code: conditional on 'approved', so it gives tokens once. */
export async function takeApprovedDeviceCode(db: Db, hash: string): Promise<DeviceRow | null> {
  const row = await db.first(
    db.q
      .updateTable('oidc_device_codes')
      .set({ status: 'used' })
      .where('device_code_hash', '=', hash)
      .where('status', '=', 'approved')
      .returning(deviceColumns),
  );
  return (row as DeviceRow | undefined) ?? null;
}

/** Conditional on 'pending': a code answered twice (two tabs) keeps its first answer. True when answered now. */
export async function answerDeviceCode(
  db: Db,
  hash: string,
  answer: { status: 'approved' | 'denied'; accountId: number; authTime: number; amr: string },
  now: number,
): Promise<boolean> {
  const answered = await db.run(
    db.q
      .updateTable('oidc_device_codes')
      .set({ status: answer.status, account_id: answer.accountId, auth_time: answer.authTime, amr: answer.amr })
      .where('device_code_hash', '=', hash)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now),
  );
  return answered.rowsAffected === 1;
}

// ---- ending grants (back-channel logout, ./backchannel.ts)

export interface LiveGrant {
  client_id: string;
  grant_hash: string;
  /** The portal session that approved it (codes only; null for device grants and codes from before 0023). */
  session_hash: string | null;
}

/** An account's grants with a live token (access or refresh), one row per grant. */
export async function liveGrants(db: Db, accountId: number, now: number): Promise<LiveGrant[]> {
  const rows = await db.all(
    db.q
      .selectFrom('oidc_tokens')
      .leftJoin('oidc_codes', 'oidc_codes.code_hash', 'oidc_tokens.grant_hash')
      .select(['oidc_tokens.client_id', 'oidc_tokens.grant_hash', 'oidc_codes.session_hash'])
      .where('oidc_tokens.account_id', '=', accountId)
      .where('oidc_tokens.revoked_at', 'is', null)
      .where('oidc_tokens.expires_at', '>', now)
      .distinct(),
  );
  return rows.map((r) => ({ client_id: r.client_id, grant_hash: r.grant_hash, session_hash: r.session_hash ?? null }));
}

/** Revokes every live token of the grants named (of this account only). */
export function revokeGrantsStatement(db: Db, accountId: number, grantHashes: readonly string[], now: number) {
  return db.q
    .updateTable('oidc_tokens')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('grant_hash', 'in', grantHashes)
    .where('revoked_at', 'is', null);
}

/** A client's consent is forgotten (the Apps screen's revoke): the next sign-in asks again. */
export function deleteConsentStatement(db: Db, accountId: number, clientId: string) {
  return db.q.deleteFrom('oidc_consents').where('account_id', '=', accountId).where('client_id', '=', clientId);
}

// ---- client_credentials tokens (./client-credentials.ts)

export interface ClientTokenRow {
  jti: string;
  client_id: string;
  scope: string;
  expires_at: number;
  revoked_at: number | null;
}

export async function insertClientToken(db: Db, row: Omit<ClientTokenRow, 'revoked_at'>): Promise<void> {
  await db.run(db.q.insertInto('oidc_client_tokens').values(row));
}

export async function findClientToken(db: Db, jti: string): Promise<ClientTokenRow | null> {
  const row = await db.first(db.q.selectFrom('oidc_client_tokens').selectAll().where('jti', '=', jti));
  return row ?? null;
}

/** Revokes a client's own client_credentials token; true when it was live. */
export async function revokeClientToken(db: Db, jti: string, clientId: string, now: number): Promise<boolean> {
  const r = await db.run(
    db.q
      .updateTable('oidc_client_tokens')
      .set({ revoked_at: now })
      .where('jti', '=', jti)
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null),
  );
  return r.rowsAffected === 1;
}

// ---- pushed authorization requests (RFC 9126)

export interface PushedRequestRow {
  request_uri_hash: string;
  client_id: string;
  params: string;
  expires_at: number;
}

/** Stores a pushed request, and drops the client's expired ones (they can never be used): one batch. */
export async function insertPushedRequest(db: Db, row: PushedRequestRow, now: number): Promise<void> {
  await db.batch([
    db.q.deleteFrom('oidc_pushed_requests').where('client_id', '=', row.client_id).where('expires_at', '<=', now),
    db.q.insertInto('oidc_pushed_requests').values(row),
  ]);
}

/**
 * Takes a live pushed request of this client for its one use: one conditional DELETE … RETURNING, so of two
 * parallel uses exactly one gets the parameters. Another client's request_uri is not taken (nor spent).
 */
export async function takePushedRequest(
  db: Db,
  requestUriHash: string,
  clientId: string,
  now: number,
): Promise<string | null> {
  const row = await db.first(
    db.q
      .deleteFrom('oidc_pushed_requests')
      .where('request_uri_hash', '=', requestUriHash)
      .where('client_id', '=', clientId)
      .where('expires_at', '>', now)
      .returning('params'),
  );
  return row?.params ?? null;
}
