/**
 * Signed unsubscribe links (newsletter/opt-out, pre-signup/newsletter/opt-out,
 * RFC 8058 one-click): `o1.<payload>.<signature>`, the payload base64url JSON
 * `{k, a, p}` (kind, address, product id), the signature HMAC-SHA256 of
 * `o1.<payload>` with NEWSLETTER_LINK_KEY. No login: the link itself is the
 * proof, and it can only unsubscribe. Links do not expire (a newsletter in an
 * old email must still be leavable, as RFC 8058 expects); rotating the key
 * voids every link sent with the old one.
 */
import * as z from 'zod/mini';
import { fromBase64Url, toBase64Url, utf8 } from './bytes';
import { hmacSign, hmacVerify } from './hmac';

const VERSION = 'o1';

const payloadSchema = z.object({
  k: z.enum(['list', 'all']),
  a: z.string().check(z.minLength(3), z.maxLength(254)),
  p: z.nullable(z.number().check(z.int(), z.positive())),
});
export type OptOut = { kind: 'list'; address: string; productId: number } | { kind: 'all'; address: string };

export async function signOptOut(key: string, o: OptOut): Promise<string> {
  const json = JSON.stringify({ k: o.kind, a: o.address.toLowerCase(), p: o.kind === 'list' ? o.productId : null });
  const payload = toBase64Url(utf8.encode(json));
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${toBase64Url(await hmacSign(key, signed))}`;
}

/** The link's content when its signature holds; null for anything forged, altered or malformed. */
export async function readOptOut(key: string, token: string): Promise<OptOut | null> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload = '', signature = ''] = parts;
  if (!/^[\w-]+$/.test(payload) || !/^[\w-]{43}$/.test(signature)) return null;
  if (!(await hmacVerify(key, `${VERSION}.${payload}`, fromBase64Url(signature)))) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(fromBase64Url(payload)));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(value);
  if (!parsed.success) return null;
  const { k, a, p } = parsed.data;
  if (k === 'list') return p === null ? null : { kind: 'list', address: a, productId: p };
  return { kind: 'all', address: a };
}
