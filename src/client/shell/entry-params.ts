/**
 * Keeps the entry values a visit brings (spec §2): validated, stored for the
 * tab, the partner key and product also as cookies. Loaded by the shell only
 * when the URL or the tab has any (../navigation/entry-keys).
 */
import { PARTNER_KEY_COOKIE, PRODUCT_ID_COOKIE, writeCookie } from '../host/cookies';
import { readStoredParams, type StoredParams } from '../navigation/stored-params';
import { rememberEntryParams } from '../stores/entry';

/** The values of this query merged over those the tab kept; the result is what the tab now keeps. */
export function keepEntryParams(query: URLSearchParams): StoredParams {
  const fresh = readStoredParams(query);
  if (fresh.partnerKey !== undefined) writeCookie(PARTNER_KEY_COOKIE, fresh.partnerKey);
  if (fresh.productId !== undefined) writeCookie(PRODUCT_ID_COOKIE, fresh.productId);
  return rememberEntryParams(fresh);
}
