/**
 * The few first-party cookies the islands read or write (spec §9: PARTNERKEY;
 * §3/§4: the product id the launcher login payload reads "from a cookie";
 * the cookie-banner consent). Parsing and serialising is hono's, not ours.
 */
import { parse, serialize } from 'hono/utils/cookie';

import { ONE_YEAR } from './cookie-names';

export { CONSENT_COOKIE, PARTNER_KEY_COOKIE, PRODUCT_ID_COOKIE } from './cookie-names';

const THIRTY_DAYS = 60 * 60 * 24 * 30;

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
