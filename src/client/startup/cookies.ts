/**
 * The three cookies the start-up reads (the partner key and product the
 * visit brought, the cookie-banner choice) and the one it writes (the
 * choice). The islands read and write cookies through ../host/cookies, which
 * uses hono's parser; the start-up runs on every page and needs only this
 * much of it, written out: tests/unit/client/startup/cookies.test.ts holds
 * both functions to hono's on the same input. The names are one list
 * (../host/cookie-names).
 */

export { CONSENT_COOKIE, ONE_YEAR, PARTNER_KEY_COOKIE, PRODUCT_ID_COOKIE } from '../host/cookie-names';

/** Characters a cookie value may hold (RFC 6265 cookie-octet, plus the space browsers keep). */
const COOKIE_VALUE = /^[ !#-:<-[\]-~]*$/;

/** decodeURIComponent that keeps what does not decode (a stray `%`) as it is. */
function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** The first well-formed value of cookie `name` in a `Cookie` header / `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).replace(/^[ \t]+|[ \t]+$/g, '') !== name) continue;
    let value = pair.slice(at + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (COOKIE_VALUE.test(value)) return decode(value);
  }
  return undefined;
}

export function readCookie(name: string): string | undefined {
  return cookieValue(document.cookie, name);
}

/** A first-party cookie for the whole site (Path=/, SameSite=Lax, Secure on https). */
export function cookieString(name: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/${secure ? '; Secure' : ''}; SameSite=Lax`;
}

export function writeCookie(name: string, value: string, maxAge: number): void {
  document.cookie = cookieString(name, value, maxAge, location.protocol === 'https:');
}
