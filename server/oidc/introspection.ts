/**
 * Token introspection (RFC 7662) for the publisher's game back ends: a confidential client, authenticated as at
 * the token endpoint (client_secret_basic or client_secret_post), asks whether a token is live and what it
 * carries. A public client cannot keep a secret, so it cannot introspect (invalid_client).
 *
 * A client learns only about its own tokens (§2.2 lets the server decide): a token issued to another client,
 * like an unknown, expired or revoked one, is `{"active": false}` and nothing more, so introspection tells no
 * client anything about another's players.
 */
import type { Context } from 'hono';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { digest } from '../core/security/tokens';
import type { OidcClient } from './clients';
import { findToken } from './data';
import { issuerOf } from './issuer';
import { authenticateClient, oauthError, oauthJson, readForm } from './protocol';
import { subjectFor } from './subject';
import { verifyClientAccessToken } from './client-credentials';
import { REFRESH_PREFIX, verifyAccessToken } from './tokens';

type Ctx = Context<AppEnv>;

const INACTIVE = { active: false } as const;

async function introspectRefreshToken(c: Ctx, client: OidcClient, token: string) {
  const row = await findToken(c.var.db, `${REFRESH_PREFIX}${await digest(token)}`, client.clientId);
  if (row === null || row.revoked_at !== null || row.expires_at <= c.var.clock.now()) return null;
  return {
    active: true,
    token_type: 'refresh_token',
    scope: row.scope,
    client_id: client.clientId,
    sub: await subjectFor(client, row.account_id, settingsOf(c.env).oidcKeySecret),
    exp: Math.floor(row.expires_at / 1000),
    iss: issuerOf(c),
  };
}

async function introspectAccessToken(c: Ctx, client: OidcClient, token: string) {
  const verified = (await verifyAccessToken(c, token)) ?? (await verifyClientAccessToken(c, token));
  if (verified === null || verified.payload.client_id !== client.clientId) return null;
  const { payload } = verified;
  return {
    active: true,
    token_type: 'Bearer',
    scope: payload.scope,
    client_id: payload.client_id,
    sub: payload.sub,
    aud: payload.aud,
    iss: payload.iss,
    exp: payload.exp,
    iat: payload.iat,
    jti: payload.jti,
  };
}

export async function introspect(c: Ctx): Promise<Response> {
  const form = await readForm(c);
  if (form instanceof Response) return form;
  const client = await authenticateClient(c, form);
  if (client instanceof Response) return client;
  if (client.secretHash === null)
    return oauthError('invalid_client', 'introspection is for confidential clients', 401, {
      'WWW-Authenticate': 'Basic realm="oidc"',
    });
  const token = form.get('token');
  if (token === null || token.length === 0 || token.length > 4096)
    return oauthError('invalid_request', 'token is missing');
  // token_type_hint only orders the look-ups (§2.1); both kinds are tried either way.
  const hint = form.get('token_type_hint');
  const lookups =
    hint === 'refresh_token'
      ? [introspectRefreshToken, introspectAccessToken]
      : [introspectAccessToken, introspectRefreshToken];
  for (const lookup of lookups) {
    const answer = await lookup(c, client, token);
    if (answer !== null) return oauthJson(answer);
  }
  return oauthJson(INACTIVE);
}
