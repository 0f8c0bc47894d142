/**
 * Pushed authorization requests (RFC 9126) for confidential clients: the client posts its authorization request
 * to the provider first, authenticated as at the token endpoint, and sends the browser to the authorization
 * endpoint with only `client_id` and the `request_uri` it got back. The request's parameters never travel through
 * the browser to the provider unauthenticated, and a bad request is refused to the client's server before any
 * player sees a screen.
 *
 * The pushed parameters are checked by the authorization endpoint's own rules (./authorize-request.ts), stored
 * (one row, 60 s), and taken once by the authorization endpoint (a conditional DELETE … RETURNING), which then goes
 * on exactly as with the same parameters in the query.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../core/http/app-env';
import { digest, newToken } from '../core/security/tokens';
import { checkAuthorizeRequest, PUSHED_URI_PREFIX, type AuthorizeRequest, type Checked } from './authorize-request';
import { REAUTH_MARK_TTL_MS, REAUTH_PARAM } from './freshness';
import { equalBytes, utf8 } from '../core/security/bytes';
import { labelledMac } from './mac';
import { insertPushedRequest, takePushedRequest } from './data';
import { issuerOf } from './issuer';
import { authenticateClient, NO_STORE, oauthError, readForm } from './protocol';

type Ctx = Context<AppEnv>;

/** RFC 9126 §2.2: short-lived, as the browser is sent on at once; long enough for a slow redirect. */
export const PUSHED_REQUEST_TTL_S = 60;

/** Parameters of the push that authenticate the client rather than belong to the authorization request. */
const CLIENT_AUTH_PARAMS = ['client_secret'];

/** POST /api/oidc/par: the request_uri of a valid pushed request (201), or the OAuth error (§2.3). */
export async function pushAuthorizationRequest(c: Ctx): Promise<Response> {
  const form = await readForm(c);
  if (form instanceof Response) return form;
  const client = await authenticateClient(c, form);
  if (client instanceof Response) return client;
  // Only a client that can authenticate gains from pushing; a public one sends its request the usual way.
  if (client.secretHash === null)
    return oauthError('invalid_client', 'pushed authorization requests are for confidential clients', 401, {
      'WWW-Authenticate': 'Basic realm="oidc"',
    });
  const params = new URLSearchParams(form);
  for (const name of CLIENT_AUTH_PARAMS) params.delete(name);
  // §2.1: client_id may be left out with client_secret_basic; the request is the authenticated client's.
  params.set('client_id', client.clientId);
  // §2.1: a pushed request cannot itself refer to another one.
  if (params.has('request_uri')) return oauthError('invalid_request', 'request_uri cannot be pushed');
  const checked = await checkAuthorizeRequest(params, issuerOf(c), (id) =>
    Promise.resolve(id === client.clientId ? client : null),
  );
  if (checked.kind === 'refused')
    return oauthError(
      'invalid_request',
      checked.reason === 'redirect_uri'
        ? 'redirect_uri is not one the client registered'
        : 'the authorization request is malformed',
    );
  if (checked.kind === 'error') return oauthError(checked.error, checked.description);
  const handle = newToken();
  const now = c.var.clock.now();
  await insertPushedRequest(
    c.var.db,
    {
      request_uri_hash: await digest(handle),
      client_id: client.clientId,
      params: params.toString(),
      expires_at: now + PUSHED_REQUEST_TTL_S * 1000,
    },
    now,
  );
  return new Response(
    JSON.stringify({ request_uri: `${PUSHED_URI_PREFIX}${handle}`, expires_in: PUSHED_REQUEST_TTL_S }),
    { status: 201, headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE } },
  );
}

export type Resolved =
  /** No pushed request: the query is the request. */
  | { kind: 'query' }
  /** The pushed request's parameters, taken for this one use. */
  | { kind: 'pushed'; params: URLSearchParams }
  /** A request_uri that is unknown, spent, expired or another client's: the screen refuses it. */
  | { kind: 'refused' };

/**
 * The authorization endpoint's request: a pushed one when the query names one. RFC 9126 §4: with a request_uri,
 * the request is the pushed one; any other parameter in the query (but the client_id it must match) is ignored,
 * so nothing the browser adds changes what the client pushed.
 */
export async function resolvePushed(c: Ctx, query: URLSearchParams): Promise<Resolved> {
  const uris = query.getAll('request_uri');
  if (uris.length === 0 || !uris.some((u) => u.startsWith(PUSHED_URI_PREFIX))) return { kind: 'query' };
  const clientIds = query.getAll('client_id');
  const uri = uris[0];
  const clientId = clientIds[0];
  if (uris.length > 1 || clientIds.length !== 1 || uri === undefined || clientId === undefined)
    return { kind: 'refused' };
  const handle = uri.slice(PUSHED_URI_PREFIX.length);
  if (!/^[A-Za-z0-9_-]{43}$/.test(handle)) return { kind: 'refused' };
  const params = await takePushedRequest(c.var.db, await digest(handle), clientId, c.var.clock.now());
  return params === null ? { kind: 'refused' } : { kind: 'pushed', params: new URLSearchParams(params) };
}

/**
 * The screen works from the request alone, so for a client that requires pushed requests (RFC 9126 §6) the
 * endpoint marks the parameters it took from a push: `lf_par={ms}.{HMAC(ms, the parameters)}` (key derived from
 * OIDC_KEY_SECRET, ./mac.ts). A request without a valid mark, or whose parameters were changed after it (a
 * browser adding or altering any), is refused as not pushed. Valid as long as a fresh sign-in's mark
 * (./freshness.ts), since the screen may send the player through a sign-in first.
 */
export const PUSHED_MARK_PARAM = 'lf_par';
const MARK_LABEL = 'lumenforge/oidc/par/v1';

/** The parameters as pushed: without the provider's own marks. */
function pushedPart(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.delete(PUSHED_MARK_PARAM);
  copy.delete(REAUTH_PARAM);
  return copy.toString();
}

export async function pushedMark(secret: string, params: URLSearchParams, now: number): Promise<string> {
  return `${now}.${await labelledMac(secret, MARK_LABEL, `${now}|${pushedPart(params)}`)}`;
}

async function markValid(secret: string, params: URLSearchParams, now: number): Promise<boolean> {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(params.get(PUSHED_MARK_PARAM) ?? '');
  if (match?.[1] === undefined || match[2] === undefined) return false;
  const at = Number(match[1]);
  if (at > now || now - at > REAUTH_MARK_TTL_MS) return false;
  const expected = await labelledMac(secret, MARK_LABEL, `${at}|${pushedPart(params)}`);
  return equalBytes(utf8.encode(expected), utf8.encode(match[2]));
}

/**
 * The error for a request of a client that requires pushed requests and did not push this one (sent back to its
 * checked redirect URI, as any error for the client), or null. `pushedNow`: the authorization endpoint just took
 * the parameters from a push.
 */
export async function unpushed(
  secret: string,
  request: AuthorizeRequest,
  params: URLSearchParams,
  now: number,
  redirect: (error: string, description: string) => string,
  pushedNow = false,
): Promise<Extract<Checked, { kind: 'error' }> | null> {
  if (!request.client.requirePushedRequests || pushedNow || (await markValid(secret, params, now))) return null;
  const description = 'this client sends its authorization requests by PAR (RFC 9126) only';
  return { kind: 'error', error: 'invalid_request', description, redirectTo: redirect('invalid_request', description) };
}
