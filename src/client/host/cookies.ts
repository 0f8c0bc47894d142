/**
 * The few first-party cookies the islands read or write (spec §9: PARTNERKEY;
 * §3/§4: the product id the launcher login payload reads "from a cookie";
 * the cookie-banner consent). Parsing and serialising is hono's, not ours.
 */
import { parse, serialize } from 'hono/utils/cookie';

/** Spec §9 partner key cookie. */
export const PARTNER_KEY_COOKIE = 'PARTNERKEY';
/** The game product the visitor came from (prod_id); read by the launcher login and beta sign-up (50203). */
export const PRODUCT_ID_COOKIE = 'PRODUCTID';
/** Cookie-banner choice: "all" or "necessary". */
export const CONSENT_COOKIE = 'lf_cookie_consent';

const THIRTY_DAYS = 60 * 60 * 24 * 30;
const ONE_YEAR = 60 * 60 * 24 * 365;

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return parse(document.cookie, name)[name];
}

export function writeCookie(name: string, value: string, maxAge: number = THIRTY_DAYS): void {
  if (typeof document === 'undefined') return;
  document.cookie = serialize(name, value, {
    path: '/',
    maxAge,
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
}

export { ONE_YEAR };
