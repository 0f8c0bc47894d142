/**
 * Ending a player's grants, and OIDC Back-Channel Logout 1.0 (docs/identity-provider.md "Back-channel logout").
 *
 * When something ends the player's sessions (sign out, sign out everywhere, a password change or reset, account
 * deletion, a parent deactivating a child, a ban, revoking an app), `endAccountGrants` revokes the grants
 * concerned (every access and refresh token of each) and answers the notices owed: one per grant whose client
 * registered a `backchannel_logout_uri`. `sendLogoutNotices` signs a logout token for each while the request
 * still has its database, and delivers them after the response (`waitUntil`), retried, so a client that is down
 * or slow never blocks nor fails the player's own action.
 */
import type { Context } from 'hono';
import { SignJWT } from 'jose';
import { auditStatement } from '../core/data/audit';
import type { Db } from '../core/db/engine';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { executionContext } from '../core/http/execution-context';
import { randomBytes, toBase64Url, utf8 } from '../core/security/bytes';
import { findClient } from './clients';
import { deleteConsentStatement, findClientRow, liveGrants, revokeGrantsStatement, type LiveGrant } from './data';
import { issuerOf } from './issuer';
import { signingKey } from './keys';
import { subjectFor } from './subject';

type Ctx = Context<AppEnv>;

/** Why the grants end: the audit entry's reason (and nothing the clients see). */
export type GrantEndReason =
  | 'signed-out'
  | 'signed-out-everywhere'
  | 'password-changed'
  | 'password-reset'
  | 'account-deleted'
  | 'deactivated'
  | 'blocked'
  | 'app-revoked';

/** Which grants: all of the account's (default), or those one session approved, or one client's. */
export interface GrantScope {
  /** Only the grants this portal session approved (SHA-256 of its token: `Session.tokenHash`). */
  readonly session?: string;
  /** All but the grants this session approved (the session the player keeps, as after a password change). */
  readonly keepSession?: string;
  /** Only this client's grants; its consent is forgotten too (the Apps screen's revoke). */
  readonly clientId?: string;
}

/** A logout token owed to a client: signed and sent by `sendLogoutNotices`. */
export interface LogoutNotice {
  readonly clientId: string;
  readonly uri: string;
  readonly accountId: number;
  /** The grant (its code or device code digest), from which the token's `sid` comes. */
  readonly grantHash: string;
}

const REVOKE_SLICE = 80;

const inScope = (g: LiveGrant, scope: GrantScope) =>
  (scope.session === undefined || g.session_hash === scope.session) &&
  (scope.keepSession === undefined || g.session_hash !== scope.keepSession) &&
  (scope.clientId === undefined || g.client_id === scope.clientId);

/**
 * Revokes every live grant of the account in `scope` (all its tokens), audited with `reason`, and answers the
 * logout notices owed. The one function every path that ends a player's sessions calls (staff bans included).
 */
export async function endAccountGrants(
  db: Db,
  accountId: number,
  reason: GrantEndReason,
  now: number,
  scope: GrantScope = {},
): Promise<LogoutNotice[]> {
  const grants = (await liveGrants(db, accountId, now)).filter((g) => inScope(g, scope));
  const forgetConsent = scope.clientId === undefined ? [] : [deleteConsentStatement(db, accountId, scope.clientId)];
  if (grants.length === 0) {
    if (forgetConsent.length > 0) await db.batch(forgetConsent);
    return [];
  }
  const clients = [...new Set(grants.map((g) => g.client_id))];
  // D1 binds at most 100 values a statement: the grants are revoked in slices, all in the one batch.
  const hashes = grants.map((g) => g.grant_hash);
  const slices = Array.from({ length: Math.ceil(hashes.length / REVOKE_SLICE) }, (_, i) =>
    hashes.slice(i * REVOKE_SLICE, (i + 1) * REVOKE_SLICE),
  );
  await db.batch([
    ...slices.map((slice) => revokeGrantsStatement(db, accountId, slice, now)),
    ...forgetConsent,
    auditStatement(
      db,
      {
        accountId,
        event: 'oidc.grants.ended',
        ip: null,
        detail: { reason, grants: grants.length, clients: clients.join(' ') },
      },
      now,
    ),
  ]);
  // Only registered clients can have a back-channel URI (configured ones are the publisher's own apps).
  const uris = new Map<string, string>();
  for (const clientId of clients) {
    const row = await findClientRow(db, clientId);
    if (row?.backchannel_logout_uri != null) uris.set(clientId, row.backchannel_logout_uri);
  }
  return grants.flatMap((g) => {
    const uri = uris.get(g.client_id);
    return uri === undefined ? [] : [{ clientId: g.client_id, uri, accountId, grantHash: g.grant_hash }];
  });
}

/**
 * The `sid` of a grant (Back-Channel Logout §2.1, in its ID tokens and logout tokens): one per sign-in at the
 * client, derived from the grant so nothing more is stored, and not the grant's digest itself.
 */
export async function sidOf(grantHash: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(`lumenforge/oidc/sid|${grantHash}`)));
  return toBase64Url(hash.slice(0, 18));
}

export const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** Logout tokens are short-lived (§2.4 recommends minutes): a retried delivery still arrives within it. */
const LOGOUT_TOKEN_TTL_S = 120;
/** Delivery attempts after the response: at once, after 1 s, after 4 s more; then the client is left to its own. */
export const DELIVERY_DELAYS_MS: readonly number[] = [0, 1000, 4000];
const DELIVERY_TIMEOUT_MS = 5000;

interface Delivery {
  clientId: string;
  uri: string;
  token: string;
}

async function logoutToken(c: Ctx, notice: LogoutNotice): Promise<Delivery | null> {
  const settings = settingsOf(c.env);
  const client = await findClient(c.var.db, settings, notice.clientId);
  if (client === null) return null;
  const nowMs = c.var.clock.now();
  const now = Math.floor(nowMs / 1000);
  const { kid, key } = await signingKey(c.var.db, client.idTokenAlg, nowMs, settings.oidcKeySecret);
  // §2.4: iss, aud, iat, exp, jti, events, sub and/or sid; never a nonce. Both are sent.
  const token = await new SignJWT({
    events: { [BACKCHANNEL_EVENT]: {} },
    sid: await sidOf(notice.grantHash),
  })
    .setProtectedHeader({ alg: client.idTokenAlg, kid, typ: 'logout+jwt' })
    .setIssuer(issuerOf(c))
    .setAudience(client.clientId)
    .setSubject(await subjectFor(client, notice.accountId, settings.oidcKeySecret))
    .setIssuedAt(now)
    .setExpirationTime(now + LOGOUT_TOKEN_TTL_S)
    .setJti(toBase64Url(randomBytes(16)))
    .sign(key);
  return { clientId: client.clientId, uri: notice.uri, token };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** §2.5: a form POST; 2xx is delivered. A 4xx other than 429 is the client refusing the token: not retried. */
async function deliver(d: Delivery, fetcher: typeof fetch): Promise<boolean> {
  for (const delay of DELIVERY_DELAYS_MS) {
    if (delay > 0) await wait(delay);
    try {
      const res = await fetcher(d.uri, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: d.token }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) return true;
      if (res.status >= 400 && res.status < 500 && res.status !== 429) break;
    } catch {
      // A network error or timeout: the next attempt.
    }
  }
  // The client's own sessions outlive this notice; its tokens are revoked all the same. No token in the log.
  console.warn('Back-channel logout not delivered', { client: d.clientId });
  return false;
}

/** Delivers each logout token (in parallel, each retried): resolves when every one is delivered or given up. */
export async function deliverLogoutTokens(deliveries: readonly Delivery[], fetcher: typeof fetch = fetch) {
  return Promise.all(deliveries.map((d) => deliver(d, fetcher)));
}

/** Signs the notices' logout tokens now and delivers them after the response (waitUntil). */
export async function sendLogoutNotices(c: Ctx, notices: readonly LogoutNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const deliveries = (await Promise.all(notices.map((n) => logoutToken(c, n)))).filter((d) => d !== null);
  const work = deliverLogoutTokens(deliveries);
  const ctx = executionContext(c);
  // In-process (a unit test's app.request) there is no execution context: the delivery runs on by itself.
  if (ctx === undefined) void work;
  else ctx.waitUntil(work);
}

/**
 * The routes' one call once the player's action has succeeded: ends the grants and tells their clients. A failure
 * here is logged and never fails the player's own action (which has already happened).
 */
export async function endGrantsAndNotify(
  c: Ctx,
  accountId: number,
  reason: GrantEndReason,
  scope: GrantScope = {},
): Promise<void> {
  try {
    await sendLogoutNotices(c, await endAccountGrants(c.var.db, accountId, reason, c.var.clock.now(), scope));
  } catch (error) {
    console.error('Ending OIDC grants failed', { reason, error: error instanceof Error ? error.name : 'unknown' });
  }
}
