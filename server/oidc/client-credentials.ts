/**
 * The client_credentials grant (RFC 6749 §4.4) for publisher back ends (game servers calling the publisher's APIs
 * as themselves, with no player): a confidential client, authenticated as at the rest of the token endpoint, gets
 * an RFC 9068 access token for scopes registered for it (`npm run clients:add -- --client-credentials-scope …`),
 * never more. No ID token and no refresh token (§4.4.3: the client asks again). The token's `sub` is the client
 * id (RFC 9068 §2.2), its jti stored (oidc_client_tokens) so it can be revoked and introspected; userinfo refuses
 * it, as it names no player.
 */
import type { Context } from 'hono';
import { SignJWT, type JWTPayload } from 'jose';
import { auditStatement } from '../core/data/audit';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { clientIp } from '../core/http/client-ip';
import { randomBytes, toBase64Url } from '../core/security/bytes';
import { ACCESS_TOKEN_TTL_S } from './config';
import { findClientToken, insertClientToken } from './data';
import { issuerOf } from './issuer';
import { signingKey } from './keys';
import { authenticateClient, oauthError, oauthJson } from './protocol';
import { verifyOwnJwt } from './tokens';

type Ctx = Context<AppEnv>;

export const CLIENT_CREDENTIALS = 'client_credentials';

export async function clientCredentialsGrant(c: Ctx, form: URLSearchParams): Promise<Response> {
  const client = await authenticateClient(c, form);
  if (client instanceof Response) return client;
  // A public client has no secret: anyone could act as it.
  if (client.secretHash === null || client.clientCredentialsScopes.length === 0)
    return oauthError('unauthorized_client', 'this client may not use the client_credentials grant');
  const asked = form.get('scope');
  // §3.3: without a scope, the registered ones.
  const scopes = asked === null ? [...client.clientCredentialsScopes] : [...new Set(asked.split(' ').filter(Boolean))];
  if (scopes.length === 0 || !scopes.every((s) => client.clientCredentialsScopes.includes(s)))
    return oauthError('invalid_scope', 'scope is not one registered for this client');
  const nowMs = c.var.clock.now();
  const now = Math.floor(nowMs / 1000);
  const iss = issuerOf(c);
  const { kid, key } = await signingKey(c.var.db, client.idTokenAlg, nowMs, settingsOf(c.env).oidcKeySecret);
  const jti = toBase64Url(randomBytes(16));
  const scope = scopes.join(' ');
  const accessToken = await new SignJWT({ scope, client_id: client.clientId })
    .setProtectedHeader({ alg: client.idTokenAlg, kid, typ: 'at+jwt' })
    .setIssuer(iss)
    .setSubject(client.clientId)
    .setAudience(iss)
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_S)
    .sign(key);
  await insertClientToken(c.var.db, {
    jti,
    client_id: client.clientId,
    scope,
    expires_at: (now + ACCESS_TOKEN_TTL_S) * 1000,
  });
  await c.var.db.run(
    auditStatement(
      c.var.db,
      {
        accountId: null,
        event: 'oidc.tokens.issued',
        ip: clientIp(c),
        detail: { client: client.clientId, grant: CLIENT_CREDENTIALS, scope },
      },
      nowMs,
    ),
  );
  return oauthJson({ access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, scope });
}

/** A live client_credentials token: signed by us, not expired, stored and not revoked. */
export async function verifyClientAccessToken(c: Ctx, token: string): Promise<{ payload: JWTPayload } | null> {
  const payload = await verifyOwnJwt(c, token, { typ: 'at+jwt', audience: issuerOf(c) });
  if (payload === null || typeof payload.jti !== 'string') return null;
  const row = await findClientToken(c.var.db, payload.jti);
  if (row === null || row.revoked_at !== null || row.client_id !== payload.client_id) return null;
  return { payload };
}
