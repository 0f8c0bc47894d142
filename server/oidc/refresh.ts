/**
 * The refresh_token grant with rotation (OAuth 2.1 §4.3, §4.3.1; docs/identity-provider.md): each refresh token
 * works once and is replaced by a new one; presenting a used one again revokes the whole grant family (every
 * access and refresh token of that sign-in), as a stolen token would be. The take is one conditional
 * UPDATE … RETURNING: of two parallel refreshes exactly one wins.
 */
import type { Context } from 'hono';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import { findToken, revokeGrantStatement, spendToken } from './data';
import type { AppEnv } from '../core/http/app-env';
import { clientIp } from '../core/http/client-ip';
import { digest } from '../core/security/tokens';
import { parseAmr } from '../core/security/amr';
import type { Scope } from './config';
import { authenticateClient, oauthError, oauthJson } from './protocol';
import { issueTokens, REFRESH_PREFIX } from './tokens';

export async function refreshTokens(c: Context<AppEnv>, form: URLSearchParams): Promise<Response> {
  const client = await authenticateClient(c, form);
  if (client instanceof Response) return client;
  const token = form.get('refresh_token');
  if (token === null || token.length === 0 || token.length > 128)
    return oauthError('invalid_request', 'refresh_token is missing');
  const db = c.var.db;
  const now = c.var.clock.now();
  const id = `${REFRESH_PREFIX}${await digest(token)}`;
  const row = await findToken(db, id, client.clientId);
  if (row !== null && row.revoked_at !== null) {
    // A rotated-out (or revoked) token used again: someone else may hold the family. End all of it.
    await db.batch([
      revokeGrantStatement(db, row.grant_hash, now),
      auditStatement(
        db,
        {
          accountId: row.account_id,
          event: 'oidc.refresh.reused',
          ip: clientIp(c),
          detail: { client: client.clientId },
        },
        now,
      ),
    ]);
  }
  if (row === null || row.revoked_at !== null || row.expires_at <= now)
    return oauthError('invalid_grant', 'the refresh token is unknown, used, revoked or expired');
  const requested = form.get('scope');
  const granted = row.scope.split(' ');
  // RFC 6749 §6: a narrower scope may be asked for, never a wider one (checked before the token is spent).
  const scopes = requested === null ? granted : [...new Set(requested.split(' ').filter(Boolean))];
  if (!scopes.every((s) => granted.includes(s)) || !scopes.includes('openid'))
    return oauthError('invalid_scope', 'the scope exceeds what was granted');
  // Spent by one conditional UPDATE: of two parallel refreshes exactly one gets tokens.
  if (!(await spendToken(db, id, now))) return oauthError('invalid_grant', 'the refresh token was used');
  const account = await findAccountById(db, row.account_id);
  if (account === null) return oauthError('invalid_grant', 'the account no longer exists');
  const tokens = await issueTokens(
    c,
    {
      client,
      accountId: account.id,
      scopes: scopes as Scope[],
      // Core §12.2: no nonce; the sign-in's auth_time, acr and amr as in the first ID token (null for tokens stored
      // before they were kept: left out, as Core allows).
      nonce: null,
      authTime: row.auth_time,
      grantHash: row.grant_hash,
      amr: row.amr === null ? null : parseAmr(row.amr),
    },
    account,
  );
  await c.var.db.run(
    auditStatement(
      db,
      {
        accountId: account.id,
        event: 'oidc.tokens.issued',
        ip: clientIp(c),
        detail: { client: client.clientId, grant: 'refresh_token' },
      },
      now,
    ),
  );
  return oauthJson(tokens);
}
