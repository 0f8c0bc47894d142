/**
 * The OpenID Connect provider's RFC endpoints under /api/oidc (docs/identity-provider.md): discovery (OIDC
 * Discovery 1.0), JWKS (RFC 7517), authorize (hands the request to the portal's authorize screen), token (RFC
 * 6749 §4.1.3 with PKCE S256 only, RFC 7636; RFC 8628 device code), userinfo (OIDC Core §5.3), revocation
 * (RFC 7009) and RP-initiated logout (OIDC RP-Initiated Logout 1.0). Relying parties call these directly,
 * form-encoded: they are CSRF-exempt (server/core/http/csrf-exempt.ts) and authenticate themselves instead.
 */
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from '../../src/i18n/locales';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import {
  codeWasUsed,
  findToken,
  revokeClientToken,
  revokeGrantStatement,
  revokeTokenStatement,
  takeCode,
  tokenRevokedAt,
} from './data';
import { subjectFor } from './subject';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ACR_VALUES, OIDC_PREFIX, SCOPES, SIGNING_ALGS, type Scope } from './config';
import { checkAuthorizeRequest } from './authorize-request';
import { evaluate, issueCode, refuse, silentError } from './authorize-flow';
import { REAUTH_PARAM, reauthMark, wantsFreshSignIn } from './freshness';
import { findClient } from './clients';
import { DEVICE_GRANT, exchangeDeviceCode, startDeviceAuthorization } from './device';
import { refreshTokens } from './refresh';
import { introspect } from './introspection';
import { pushAuthorizationRequest, pushedMark, PUSHED_MARK_PARAM, resolvePushed, unpushed } from './par';
import { CLIENT_CREDENTIALS, clientCredentialsGrant } from './client-credentials';
import { endGrantsAndNotify } from './backchannel';
import { issuerOf } from './issuer';
import { publishedKeys } from './keys';
import { authenticateClient, oauthError, oauthJson, pkceMatches, readForm } from './protocol';
import { issueTokens, REFRESH_PREFIX, scopedClaims, verifyAccessToken, verifyOwnJwt } from './tokens';
import { currentSession, endSession } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { digest } from '../core/security/tokens';
import { parseAmr } from '../core/security/amr';

type Ctx = Context<AppEnv>;

export const OIDC_PATHS = {
  discovery: `${OIDC_PREFIX}/.well-known/openid-configuration`,
  jwks: `${OIDC_PREFIX}/jwks`,
  authorize: `${OIDC_PREFIX}/authorize`,
  token: `${OIDC_PREFIX}/token`,
  userinfo: `${OIDC_PREFIX}/userinfo`,
  revoke: `${OIDC_PREFIX}/revoke`,
  introspect: `${OIDC_PREFIX}/introspect`,
  logout: `${OIDC_PREFIX}/logout`,
  device: `${OIDC_PREFIX}/device_authorization`,
  par: `${OIDC_PREFIX}/par`,
  /** RFC 8414 §3.1: for an issuer with a path, the well-known segment goes between the host and the path. */
  oauthMetadata: `/.well-known/oauth-authorization-server${OIDC_PREFIX}`,
} as const;

/** Discovery and JWKS are public and the same for everyone: relying parties cache them for an hour. */
const CACHEABLE = { 'Cache-Control': 'public, max-age=3600' } as const;

function discovery(c: Ctx) {
  const iss = issuerOf(c);
  const origin = iss.slice(0, -OIDC_PREFIX.length);
  const at = (path: string) => `${origin}${path}`;
  return {
    issuer: iss,
    authorization_endpoint: at(OIDC_PATHS.authorize),
    token_endpoint: at(OIDC_PATHS.token),
    userinfo_endpoint: at(OIDC_PATHS.userinfo),
    jwks_uri: at(OIDC_PATHS.jwks),
    revocation_endpoint: at(OIDC_PATHS.revoke),
    introspection_endpoint: at(OIDC_PATHS.introspect),
    end_session_endpoint: at(OIDC_PATHS.logout),
    device_authorization_endpoint: at(OIDC_PATHS.device),
    // RFC 9126 §5: confidential clients may push their requests (./par.ts); no client is made to.
    pushed_authorization_request_endpoint: at(OIDC_PATHS.par),
    require_pushed_authorization_requests: false,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_GRANT, CLIENT_CREDENTIALS],
    subject_types_supported: ['public', 'pairwise'],
    id_token_signing_alg_values_supported: [...SIGNING_ALGS],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    // RFC 7662: confidential clients only (./introspection.ts).
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'acr',
      'amr',
      'nonce',
      'at_hash',
      'sid',
      'email',
      'email_verified',
      'name',
      'preferred_username',
    ],
    acr_values_supported: [...ACR_VALUES],
    // OIDC Back-Channel Logout 1.0 (./backchannel.ts): logout tokens carry sub and sid.
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    authorization_response_iss_parameter_supported: true,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}

/** The locale of the authorize screen: the request's ui_locales, else the portal's language cookie, else en. */
function screenLocale(c: Ctx, params: URLSearchParams): string {
  const wanted = (params.get('ui_locales') ?? '').split(' ').map((l) => l.slice(0, 2).toLowerCase());
  return wanted.find(isLocale) ?? [getCookie(c, LOCALE_COOKIE)].find(isLocale) ?? DEFAULT_LOCALE;
}

async function exchangeCode(c: Ctx, form: URLSearchParams): Promise<Response> {
  const client = await authenticateClient(c, form);
  if (client instanceof Response) return client;
  const db = c.var.db;
  const now = c.var.clock.now();
  const code = form.get('code');
  if (code === null || code.length === 0 || code.length > 128) return oauthError('invalid_request', 'code is missing');
  const codeHash = await digest(code);
  const row = await takeCode(db, codeHash, now);
  if (row === null) {
    const used = await codeWasUsed(db, codeHash);
    if (used !== null) {
      // RFC 6749 §4.1.2: a second use of a code revokes what the first use issued.
      await db.batch([
        revokeGrantStatement(db, codeHash, now),
        auditStatement(
          db,
          {
            accountId: used.account_id,
            event: 'oidc.code.replayed',
            ip: clientIp(c),
            detail: { client: used.client_id },
          },
          now,
        ),
      ]);
    }
    return oauthError('invalid_grant', 'the code is unknown or was used');
  }
  if (row.client_id !== client.clientId) return oauthError('invalid_grant', 'the code was issued to another client');
  if (row.expires_at <= now) return oauthError('invalid_grant', 'the code expired');
  if (form.get('redirect_uri') !== row.redirect_uri) return oauthError('invalid_grant', 'redirect_uri does not match');
  if (!(await pkceMatches(form.get('code_verifier'), row.code_challenge)))
    return oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
  const account = await findAccountById(db, row.account_id);
  if (account === null) return oauthError('invalid_grant', 'the account no longer exists');
  const tokens = await issueTokens(
    c,
    {
      client,
      accountId: account.id,
      scopes: row.scope.split(' ') as Scope[],
      nonce: row.nonce,
      authTime: row.auth_time,
      grantHash: codeHash,
      amr: parseAmr(row.amr),
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
        detail: { client: client.clientId, grant: 'authorization_code' },
      },
      now,
    ),
  );
  return oauthJson(tokens);
}

function bearer(c: Ctx): string | null {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(c.req.header('Authorization') ?? '');
  return match?.[1] ?? null;
}

/** The userinfo answer for an access token (Core §5.3.2), or RFC 6750's invalid_token. */
async function userinfo(c: Ctx, token: string | null): Promise<Response> {
  const verified = token === null || token.length > 4096 ? null : await verifyAccessToken(c, token);
  if (verified === null)
    return oauthError('invalid_token', 'the access token is missing, expired or revoked', 401, {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
  const scope = verified.payload.scope;
  const scopes = typeof scope === 'string' ? scope.split(' ') : [];
  // The sub the token carries: the client's own (public or pairwise), as in its ID token (Core §5.3.2).
  return oauthJson({ sub: verified.payload.sub, ...scopedClaims(verified.account, scopes) });
}

export function oidcRoutes(app: Hono<AppEnv>): void {
  app.get(OIDC_PATHS.discovery, (c) => c.json(discovery(c), 200, CACHEABLE));
  // The same metadata for OAuth 2 clients that look it up the RFC 8414 way (its fields are a superset of 8414's).
  app.get(OIDC_PATHS.oauthMetadata, (c) => c.json(discovery(c), 200, CACHEABLE));

  app.get(OIDC_PATHS.jwks, async (c) =>
    // An hour: short enough that a key published ahead is seen well before it signs (KEY_PUBLISH_AHEAD_MS).
    c.json(await publishedKeys(c.var.db, c.var.clock.now(), settingsOf(c.env).oidcKeySecret), 200, CACHEABLE),
  );

  // The portal's authorize screen reads the request (it needs the signed-in player and the UI). What needs no UI
  // is answered here: a request that is an error for its client goes straight back, and prompt=none is answered
  // without any screen (Core §3.1.2.1: login_required, consent_required, or the code).
  app.get(OIDC_PATHS.authorize, async (c) => {
    const url = new URL(c.req.url);
    const pushed = await resolvePushed(c, url.searchParams);
    // A request_uri that cannot be taken goes to the screen as it came, which refuses it without redirecting.
    const params = pushed.kind === 'pushed' ? pushed.params : url.searchParams;
    const checked = await checkAuthorizeRequest(params, issuerOf(c), (id) =>
      findClient(c.var.db, settingsOf(c.env), id),
    );
    if (checked.kind === 'error') return c.redirect(checked.redirectTo, 302);
    if (checked.kind === 'ok') {
      const { request } = checked;
      const secret = settingsOf(c.env).oidcKeySecret;
      const now = c.var.clock.now();
      const notPushed = await unpushed(
        secret,
        request,
        params,
        now,
        (error, description) => refuse(c, request, error, description),
        pushed.kind === 'pushed',
      );
      if (notPushed !== null) return c.redirect(notPushed.redirectTo, 302);
      // The screen's proof that these parameters are the pushed ones (a client that requires pushing).
      if (pushed.kind === 'pushed' && request.client.requirePushedRequests)
        params.set(PUSHED_MARK_PARAM, await pushedMark(secret, params, now));
      const session = await currentSession(c);
      const signedIn = session !== null && session.level === 'full' ? session : null;
      if (request.prompts.includes('none')) {
        if (signedIn === null) return c.redirect(refuse(c, request, 'login_required'), 302);
        const outcome = await evaluate(c, signedIn, request);
        if (outcome.kind !== 'approved') return c.redirect(refuse(c, request, silentError(outcome)), 302);
        return c.redirect(await issueCode(c, signedIn, request), 302);
      }
      // A fresh sign-in is due from now: the mark lets the sign-in that follows answer this request only.
      if (wantsFreshSignIn(request) && request.reauth === null) {
        params.set(REAUTH_PARAM, await reauthMark(settingsOf(c.env).oidcKeySecret, request, c.var.clock.now()));
        return c.redirect(`/account/${screenLocale(c, params)}/authorize?${params.toString()}`, 302);
      }
    }
    // A pushed request goes on as its parameters: the screen works from the request alone.
    const query = pushed.kind === 'pushed' ? `?${params.toString()}` : url.search;
    return c.redirect(`/account/${screenLocale(c, params)}/authorize${query}`, 302);
  });

  app.post(OIDC_PATHS.par, pushAuthorizationRequest);

  app.post(OIDC_PATHS.token, async (c) => {
    const form = await readForm(c);
    if (form instanceof Response) return form;
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') return exchangeCode(c, form);
    if (grantType === DEVICE_GRANT) return exchangeDeviceCode(c, form);
    if (grantType === 'refresh_token') return refreshTokens(c, form);
    if (grantType === CLIENT_CREDENTIALS) return clientCredentialsGrant(c, form);
    return oauthError(
      'unsupported_grant_type',
      'supported: authorization_code, refresh_token, client_credentials and the device code grant',
    );
  });

  app.post(OIDC_PATHS.device, async (c) => {
    const form = await readForm(c);
    if (form instanceof Response) return form;
    return startDeviceAuthorization(c, form);
  });

  // OIDC Core §5.3.1: GET or POST, the token as an RFC 6750 bearer: in the Authorization header (§2.1), or, by
  // POST only, as the form body's access_token (§2.2). The same answer, headers and CORS either way.
  app.get(OIDC_PATHS.userinfo, (c) => userinfo(c, bearer(c)));
  app.post(OIDC_PATHS.userinfo, async (c) => {
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
    let fromBody: string | null = null;
    if (type === 'application/x-www-form-urlencoded') {
      const form = await readForm(c);
      if (form instanceof Response) return form;
      fromBody = form.get('access_token');
    }
    // RFC 6750 §2: a client uses one method only.
    if (fromBody !== null && c.req.header('Authorization') !== undefined)
      return oauthError('invalid_request', 'send the access token in the header or the body, not both', 400, {
        'WWW-Authenticate': 'Bearer error="invalid_request"',
      });
    return userinfo(c, fromBody ?? bearer(c));
  });

  app.post(OIDC_PATHS.introspect, introspect);

  app.post(OIDC_PATHS.revoke, async (c) => {
    const form = await readForm(c);
    if (form instanceof Response) return form;
    const client = await authenticateClient(c, form);
    if (client instanceof Response) return client;
    const token = form.get('token');
    if (token === null) return oauthError('invalid_request', 'token is missing');
    // RFC 7009 §2.2: an unknown, expired or foreign token is answered 200 like a revoked one.
    const refresh = await findToken(c.var.db, `${REFRESH_PREFIX}${await digest(token)}`, client.clientId);
    if (refresh !== null) {
      // §2.1: revoking a refresh token also ends the access tokens of the same grant.
      const now = c.var.clock.now();
      await c.var.db.batch([
        revokeGrantStatement(c.var.db, refresh.grant_hash, now),
        auditStatement(
          c.var.db,
          {
            accountId: refresh.account_id,
            event: 'oidc.token.revoked',
            ip: clientIp(c),
            detail: { client: client.clientId, kind: 'refresh' },
          },
          now,
        ),
      ]);
      return new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store' } });
    }
    const payload = await verifyOwnJwt(c, token, { typ: 'at+jwt' });
    // A client_credentials token of this client (no player: nothing to audit against an account).
    if (typeof payload?.jti === 'string' && payload.client_id === client.clientId)
      await revokeClientToken(c.var.db, payload.jti, client.clientId, c.var.clock.now());
    const row = typeof payload?.jti === 'string' ? await tokenRevokedAt(c.var.db, payload.jti) : null;
    if (payload !== null && row !== null && typeof payload.jti === 'string' && payload.client_id === client.clientId) {
      const now = c.var.clock.now();
      await c.var.db.batch([
        revokeTokenStatement(c.var.db, payload.jti, client.clientId, now),
        auditStatement(
          c.var.db,
          {
            accountId: row.account_id,
            event: 'oidc.token.revoked',
            ip: clientIp(c),
            detail: { client: client.clientId },
          },
          now,
        ),
      ]);
    }
    return new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store' } });
  });

  // RP-initiated logout: only with an id_token_hint we signed (so no other site can sign a player out), and only
  // back to a post_logout_redirect_uri the hinted client registered, exactly.
  app.get(OIDC_PATHS.logout, async (c) => {
    const url = new URL(c.req.url);
    const hint = url.searchParams.get('id_token_hint');
    const payload = hint === null ? null : await verifyOwnJwt(c, hint, { typ: 'JWT', expiredOk: true });
    if (payload === null || typeof payload.aud !== 'string')
      return oauthError('invalid_request', 'id_token_hint is missing or not an ID token of this provider');
    const client = await findClient(c.var.db, settingsOf(c.env), payload.aud);
    const clientId = url.searchParams.get('client_id');
    if (client === null || (clientId !== null && clientId !== client.clientId))
      return oauthError('invalid_request', 'client_id does not match the id_token_hint');
    const target = url.searchParams.get('post_logout_redirect_uri');
    if (target !== null && !client.postLogoutRedirectUris.includes(target))
      return oauthError('invalid_request', 'post_logout_redirect_uri is not registered for this client');
    const session = await currentSession(c);
    const secret = settingsOf(c.env).oidcKeySecret;
    if (session !== null && (await subjectFor(client, session.accountId, secret)) === payload.sub) {
      await endSession(c);
      // Every client this session signed in to hears of it (back-channel logout), the asking one included.
      await endGrantsAndNotify(c, session.accountId, 'signed-out', { session: session.tokenHash });
      await c.var.db.run(
        auditStatement(
          c.var.db,
          { accountId: session.accountId, event: 'oidc.logout', ip: clientIp(c), detail: { client: client.clientId } },
          c.var.clock.now(),
        ),
      );
    }
    const state = url.searchParams.get('state');
    if (target === null) return c.redirect(`/account/${screenLocale(c, url.searchParams)}/login`, 302);
    const back = new URL(target);
    if (state !== null) back.searchParams.set('state', state);
    return c.redirect(back.href, 302);
  });
}
