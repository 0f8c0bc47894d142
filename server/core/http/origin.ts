/**
 * CORS and CSRF defence.
 *
 * Allowed origins are the configured public origins (ALLOWED_ORIGINS) and
 * nothing else. "Same origin" is never derived from the request: its Host
 * header is whatever name the client used, and under DNS rebinding a hostile
 * page's own name (with Origin to match) reaches a local server.
 *
 * CORS: only allowed origins are answered, always by echoing the exact
 * origin, never `*`, since the portal calls with credentials.
 *
 * CSRF: a state-changing call (anything but GET/HEAD/OPTIONS) must carry an
 * allowed Origin, the front-end version header (a custom header, so a
 * cross-site form or simple request cannot produce it without a CORS
 * preflight) and, when it has a body, a JSON content type. The few POSTs
 * authorised otherwise (signed webhooks and links) are listed in csrf-exempt.ts.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { FRONTEND_VERSION_HEADER, SESSION_ID_HEADER, SIGNUP_TOKEN_HEADER } from '../../../src/shared/contract/http';
import { ERROR_CODE_HEADER } from '../../../src/shared/errors/codes';
import { settingsOf } from '../env';
import type { AppEnv } from './app-env';
import { CSRF_EXEMPT } from './csrf-exempt';
import { ApiError, BAD_INPUT, FORBIDDEN_REQUEST } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  return allowed.includes(origin);
}

export const corsPolicy: MiddlewareHandler<AppEnv> = (c, next) =>
  cors({
    origin: (origin) => (isAllowedOrigin(origin, settingsOf(c.env).allowedOrigins) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowHeaders: ['Content-Type', FRONTEND_VERSION_HEADER, SESSION_ID_HEADER, SIGNUP_TOKEN_HEADER],
    exposeHeaders: [ERROR_CODE_HEADER, 'Retry-After'],
    maxAge: 600,
  })(c, next);

function hasBody(headers: Headers): boolean {
  const length = headers.get('Content-Length');
  if (length !== null) return length !== '0';
  return headers.has('Transfer-Encoding');
}

function isJson(contentType: string | null): boolean {
  if (contentType === null) return false;
  const [type] = contentType.split(';');
  return type?.trim().toLowerCase() === 'application/json';
}

export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const exemption = c.req.method === 'POST' ? CSRF_EXEMPT.get(c.req.path) : undefined;
  // Signed requests (SMS webhook, RFC 8058 one-click) are authorised by their route's signature check.
  if (exemption === 'signed' || exemption === 'oauth-client') return next();
  // A provider's form_post (Apple) only becomes a redirect to the portal; nothing is read or changed (csrf-exempt.ts).
  if (exemption === 'provider-redirect') return next();
  // The dev page's form: its no-referrer policy makes the browser send `Origin: null`; the browser's own
  // Sec-Fetch-Site (no script can set it) says the post came from the page itself.
  if (exemption === 'dev-form' && c.req.header('Sec-Fetch-Site') === 'same-origin') return next();
  const origin = c.req.header('Origin');
  if (origin === undefined || !isAllowedOrigin(origin, settingsOf(c.env).allowedOrigins))
    throw new ApiError(403, FORBIDDEN_REQUEST, 'Origin missing or not allowed');
  if (exemption === 'dev-form') return next();
  const version = c.req.header(FRONTEND_VERSION_HEADER);
  if (version === undefined || version.length === 0 || version.length > 64)
    throw new ApiError(403, FORBIDDEN_REQUEST, `${FRONTEND_VERSION_HEADER} header missing`);
  if (hasBody(c.req.raw.headers) && !isJson(c.req.header('Content-Type') ?? null))
    throw new ApiError(415, BAD_INPUT, 'Request bodies must be application/json');
  return next();
};
