/** SQL of the identity provider: consents, authorization codes, issued tokens (migrations/0014_oidc.sql). */

export interface CodeRow {
  code_hash: string;
  client_id: string;
  account_id: number;
  redirect_uri: string;
  scope: string;
  nonce: string | null;
  code_challenge: string;
  auth_time: number;
  expires_at: number;
  used_at: number | null;
}

export async function grantedScopes(db: D1Database, accountId: number, clientId: string): Promise<string[]> {
  const row = await db
    .prepare('SELECT scopes FROM oidc_consents WHERE account_id = ?1 AND client_id = ?2')
    .bind(accountId, clientId)
    .first<{ scopes: string }>();
  return row === null ? [] : row.scopes.split(' ');
}

/** Remembers the scopes granted, added to those granted before ("approve once per client and scope set"). */
export function consentStatement(
  db: D1Database,
  accountId: number,
  clientId: string,
  scopes: readonly string[],
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO oidc_consents (account_id, client_id, scopes, granted_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (account_id, client_id) DO UPDATE SET scopes = ?3, granted_at = ?4`,
    )
    .bind(accountId, clientId, scopes.join(' '), now);
}

export function insertCodeStatement(db: D1Database, row: Omit<CodeRow, 'used_at'>): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO oidc_codes (code_hash, client_id, account_id, redirect_uri, scope, nonce, code_challenge,
         auth_time, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    )
    .bind(
      row.code_hash,
      row.client_id,
      row.account_id,
      row.redirect_uri,
      row.scope,
      row.nonce,
      row.code_challenge,
      row.auth_time,
      row.expires_at,
    );
}

/** Takes a code for exchange: one conditional UPDATE, so of two parallel exchanges exactly one gets the row. */
export async function takeCode(db: D1Database, codeHash: string, now: number): Promise<CodeRow | null> {
  return db
    .prepare('UPDATE oidc_codes SET used_at = ?2 WHERE code_hash = ?1 AND used_at IS NULL RETURNING *')
    .bind(codeHash, now)
    .first<CodeRow>();
}

export async function codeWasUsed(db: D1Database, codeHash: string): Promise<CodeRow | null> {
  return db.prepare('SELECT * FROM oidc_codes WHERE code_hash = ?1').bind(codeHash).first<CodeRow>();
}

/** RFC 6749 §4.1.2: a code used twice revokes every token issued from it. */
export function revokeGrantStatement(db: D1Database, grantHash: string, now: number): D1PreparedStatement {
  return db
    .prepare('UPDATE oidc_tokens SET revoked_at = ?2 WHERE grant_hash = ?1 AND revoked_at IS NULL')
    .bind(grantHash, now);
}

export function revokeTokenStatement(db: D1Database, jti: string, clientId: string, now: number): D1PreparedStatement {
  return db
    .prepare('UPDATE oidc_tokens SET revoked_at = ?3 WHERE jti = ?1 AND client_id = ?2 AND revoked_at IS NULL')
    .bind(jti, clientId, now);
}
