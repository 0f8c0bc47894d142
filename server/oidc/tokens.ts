/**
 * ID tokens (OIDC Core §2) and access tokens (RFC 9068 JWT profile), signed with jose by the current key
 * (./keys.ts). Every access token's jti is stored (oidc_tokens) so it can be revoked (RFC 7009) and so a replayed
 * authorization code can revoke what it issued (RFC 6749 §4.1.2).
 */
import type { Context } from 'hono';
import { base64url, createLocalJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { findAccountById } from '../core/data/accounts';
import type { AccountRow } from '../core/data/rows';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { randomBytes, toBase64Url, utf8 } from '../core/security/bytes';
import { digest, newToken } from '../core/security/tokens';
import { storeAmr, type Amr } from '../core/security/amr';
import { ACCESS_TOKEN_TTL_S, ACR, ID_TOKEN_TTL_S, SIGNING_ALGS, type Scope } from './config';
import type { OidcClient } from './clients';
import { issuerOf } from './issuer';
import { insertTokenStatement, tokenRevokedAt } from './data';
import { publishedKeys, signingKey } from './keys';
import { subjectFor } from './subject';
import { sidOf } from './backchannel';

type Ctx = Context<AppEnv>;

export interface Grant {
  client: OidcClient;
  accountId: number;
  scopes: readonly Scope[];
  nonce: string | null;
  /**
   * Seconds since the epoch: when the player signed in, repeated by every refresh (Core §12.2); null only for a
   * refresh of tokens stored before the sign-in was kept with them (left out then).
   */
  authTime: number | null;
  /** Digest of the code or device code the grant came from. */
  grantHash: string;
  /**
   * How the approving session was signed in (RFC 8176), repeated by every refresh; null when not claimed (device
   * codes approved, or tokens stored, before migration 0025).
   */
  amr: readonly Amr[] | null;
}

/** The ID token's acr and amr (OIDC Core §2): the class the sign-in achieved, and its methods when known. */
export function authenticationClaims(amr: readonly Amr[] | null): Record<string, unknown> {
  if (amr === null) return {};
  return {
    acr: amr.includes('mfa') ? ACR.twoFactors : ACR.oneFactor,
    ...(amr.length === 0 ? {} : { amr: [...amr] }),
  };
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  id_token: string;
  refresh_token: string;
  scope: string;
}

/**
 * Refresh tokens are opaque (256 bits), stored as SHA-256 in oidc_tokens under a `rt:` prefix beside the access
 * tokens, in the same grant family (`grant_hash`: the code or device code the sign-in came from), so a replayed
 * code or a reused refresh token revokes the whole family. Rotated at every use (OAuth 2.1 §4.3.1).
 */
export const REFRESH_PREFIX = 'rt:';
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;

/** The claims a scope releases (OIDC Core §5.4), from the account as it is now. */
export function scopedClaims(account: AccountRow, scopes: readonly string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.includes('email')) {
    claims.email = account.email;
    claims.email_verified = account.email_verified;
  }
  if (scopes.includes('profile')) {
    if (account.full_name !== null) claims.name = account.full_name;
    if (account.player_tag_name !== null && account.player_tag_number !== null)
      claims.preferred_username = `${account.player_tag_name}#${account.player_tag_number}`;
  }
  return claims;
}

/** OIDC Core §3.1.3.6: the left half of the SHA-256 of the access token, base64url. */
async function atHash(accessToken: string): Promise<string> {
  const full = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(accessToken)));
  return base64url.encode(full.slice(0, full.length / 2));
}

export async function issueTokens(c: Ctx, grant: Grant, account: AccountRow): Promise<TokenResponse> {
  const db = c.var.db;
  const nowMs = c.var.clock.now();
  const now = Math.floor(nowMs / 1000);
  const iss = issuerOf(c);
  const alg = grant.client.idTokenAlg;
  const clientId = grant.client.clientId;
  const { kid, key } = await signingKey(db, alg, nowMs, settingsOf(c.env).oidcKeySecret);
  const jti = toBase64Url(randomBytes(16));
  const sub = await subjectFor(grant.client, account.id, settingsOf(c.env).oidcKeySecret);
  const scope = grant.scopes.join(' ');
  const accessToken = await new SignJWT({ scope, client_id: clientId })
    .setProtectedHeader({ alg, kid, typ: 'at+jwt' })
    .setIssuer(iss)
    .setSubject(sub)
    .setAudience(iss)
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_S)
    .sign(key);
  const idToken = await new SignJWT({
    ...scopedClaims(account, grant.scopes),
    ...(grant.authTime === null ? {} : { auth_time: grant.authTime }),
    ...authenticationClaims(grant.amr),
    at_hash: await atHash(accessToken),
    // Back-Channel Logout §2.1: the sign-in at this client, as its logout tokens will name it.
    sid: await sidOf(grant.grantHash),
    ...(grant.nonce === null ? {} : { nonce: grant.nonce }),
  })
    .setProtectedHeader({ alg, kid, typ: 'JWT' })
    .setIssuer(iss)
    .setSubject(sub)
    .setAudience(clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + ID_TOKEN_TTL_S)
    .sign(key);
  const refreshToken = newToken();
  // Kept with the grant's tokens so a refresh's ID token says the same of the sign-in (Core §12.2).
  const signIn = { auth_time: grant.authTime, amr: grant.amr === null ? null : storeAmr(grant.amr) };
  await db.batch([
    insertTokenStatement(db, {
      jti,
      client_id: clientId,
      account_id: account.id,
      grant_hash: grant.grantHash,
      scope,
      expires_at: (now + ACCESS_TOKEN_TTL_S) * 1000,
      ...signIn,
    }),
    insertTokenStatement(db, {
      jti: `${REFRESH_PREFIX}${await digest(refreshToken)}`,
      client_id: clientId,
      account_id: account.id,
      grant_hash: grant.grantHash,
      scope,
      expires_at: (now + REFRESH_TOKEN_TTL_S) * 1000,
      ...signIn,
    }),
  ]);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    id_token: idToken,
    refresh_token: refreshToken,
    scope,
  };
}

/** Verifies a JWT this provider signed (any published key), on the API clock. */
export async function verifyOwnJwt(
  c: Ctx,
  token: string,
  options: { typ?: string; audience?: string; expiredOk?: boolean },
): Promise<JWTPayload | null> {
  const nowMs = c.var.clock.now();
  const jwks = createLocalJWKSet(await publishedKeys(c.var.db, nowMs, settingsOf(c.env).oidcKeySecret));
  try {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: issuerOf(c),
      algorithms: [...SIGNING_ALGS],
      currentDate: new Date(nowMs),
      ...(options.typ === undefined ? {} : { typ: options.typ }),
      ...(options.audience === undefined ? {} : { audience: options.audience }),
      // An id_token_hint may have expired (RP-initiated logout §2); its signature and issuer still count.
      ...(options.expiredOk === true ? { clockTolerance: '1 day' } : {}),
    });
    return payload;
  } catch {
    return null;
  }
}

/** A live access token: signed by us, not expired, not revoked; with its account. */
export async function verifyAccessToken(
  c: Ctx,
  token: string,
): Promise<{ payload: JWTPayload; account: AccountRow } | null> {
  const payload = await verifyOwnJwt(c, token, { typ: 'at+jwt', audience: issuerOf(c) });
  if (payload === null || typeof payload.jti !== 'string') return null;
  const row = await tokenRevokedAt(c.var.db, payload.jti);
  if (row === null || row.revoked_at !== null) return null;
  // The token's own row names the account: a pairwise sub is never reversed (./subject.ts).
  const account = await findAccountById(c.var.db, row.account_id);
  return account === null ? null : { payload, account };
}
