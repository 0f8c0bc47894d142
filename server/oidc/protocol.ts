/**
 * The plumbing of the RFC endpoints: form bodies (RFC 6749 §3.2: application/x-www-form-urlencoded, no repeated
 * parameter), OAuth error answers (§5.2: JSON `{error, error_description}`, never cached), and client
 * authentication (client_secret_basic, client_secret_post, or none for a public client, whose proof is PKCE or
 * its device code).
 */
import type { Context } from 'hono';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { equalBytes, toBase64Url, utf8 } from '../core/security/bytes';
import { digest } from '../core/security/tokens';
import { findClient, type OidcClient } from './clients';

type Ctx = Context<AppEnv>;

export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

export function oauthError(error: string, description: string, status = 400, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
  });
}

export function oauthJson(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE },
  });
}

/** The form body, or an error answer (wrong content type, repeated parameter). */
export async function readForm(c: Ctx): Promise<URLSearchParams | Response> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    return oauthError('invalid_request', 'the body must be application/x-www-form-urlencoded');
  const form = new URLSearchParams(await c.req.text());
  for (const name of new Set(form.keys()))
    if (form.getAll(name).length > 1) return oauthError('invalid_request', `parameter ${name} is repeated`);
  return form;
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null | 'malformed' {
  if (header === undefined) return null;
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header);
  if (match?.[1] === undefined) return 'malformed';
  let decoded: string;
  try {
    decoded = atob(match[1]);
  } catch {
    return 'malformed';
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  // RFC 6749 §2.3.1: both halves are form-encoded before base64.
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return 'malformed';
  }
}

const invalidClient = () =>
  oauthError('invalid_client', 'client authentication failed', 401, { 'WWW-Authenticate': 'Basic realm="oidc"' });

/** The authenticated client, or the invalid_client answer. */
export async function authenticateClient(c: Ctx, form: URLSearchParams): Promise<OidcClient | Response> {
  const basic = basicCredentials(c.req.header('Authorization'));
  if (basic === 'malformed') return invalidClient();
  const formId = form.get('client_id');
  const formSecret = form.get('client_secret');
  if (basic !== null && (formSecret !== null || (formId !== null && formId !== basic.id))) return invalidClient();
  const clientId = basic?.id ?? formId;
  if (clientId === null || clientId.length === 0 || clientId.length > 128) return invalidClient();
  const client = await findClient(c.var.db, settingsOf(c.env), clientId);
  if (client === null) return invalidClient();
  const secret = basic?.secret ?? formSecret;
  if (client.secretHash === null) return secret === null ? client : invalidClient();
  if (secret === null) return invalidClient();
  const ok = equalBytes(utf8.encode(await digest(secret)), utf8.encode(client.secretHash));
  return ok ? client : invalidClient();
}

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) equals the challenge; the verifier has the RFC's shape. */
export async function pkceMatches(verifier: string | null, challenge: string): Promise<boolean> {
  if (verifier === null || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(verifier)));
  return equalBytes(utf8.encode(toBase64Url(hash)), utf8.encode(challenge));
}
