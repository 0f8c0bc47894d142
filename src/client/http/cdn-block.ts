/**
 * Spec §8: a 403 or 500 carrying the delivery network's policy marker sends
 * the visitor to the error page with reason cloudflare-block.
 *
 * The marker, precisely: the status is 403 or 500, the response does NOT
 * carry our API's x-error-code header (our own errors always do), and either
 *  - `cf-mitigated: challenge` (Cloudflare's managed / JS challenge), or
 *  - a `cf-ray` header (Cloudflare's request id, the "Ray ID" printed on its
 *    block pages) on an HTML body (a WAF or firewall block page such as
 *    error 1020; the API itself only answers JSON).
 */
import { ERROR_CODE_HEADER } from '../../shared/errors/codes';

export const CDN_BLOCK_REASON = 'cloudflare-block';
/**
 * The error route's path below the locale. Spelled here rather than read from
 * the route registry so every island does not ship the whole route table for
 * one string; tests/unit/client/http/client.test.ts checks it against the registry.
 */
export const ERROR_PAGE_REL_PATH = 'error';

export function isCdnBlock(status: number, headers: Headers): boolean {
  if (status !== 403 && status !== 500) return false;
  if (headers.has(ERROR_CODE_HEADER)) return false;
  if (headers.get('cf-mitigated')?.trim().toLowerCase() === 'challenge') return true;
  const contentType = headers.get('content-type')?.toLowerCase() ?? '';
  return headers.has('cf-ray') && contentType.startsWith('text/html');
}
