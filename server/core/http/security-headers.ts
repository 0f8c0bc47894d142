/**
 * Security headers on every API response. Cloudflare Pages' `_headers` file
 * does not apply to Functions, so the API sets its own: nothing is cached
 * (unless the route said otherwise), nothing is sniffed, and the deny-all CSP
 * plus frame-ancestors 'none' make an API response useless if it is ever
 * loaded as a document or framed.
 */
import type { MiddlewareHandler } from 'hono';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

export function applySecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(HEADERS)) headers.set(name, value);
  // A route that chose its own caching keeps it (the identity provider's discovery and JWKS are public and
  // cached by relying parties, which its key rotation relies on); everything else is never stored.
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  // A route that renders HTML (the dev page) sets its own, still restrictive, policy.
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  applySecurityHeaders(c.res.headers);
};
