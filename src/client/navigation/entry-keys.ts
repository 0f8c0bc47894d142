/**
 * Where the entry values of spec §2 come from (prod_id, landing, partnerkey or
 * partner_key, app_type, app_id) and where the tab keeps them. Apart from
 * their rules (./stored-params) so the app shell can tell, at start, whether a
 * visit has any: the rules and their schema load only then.
 */
export const ENTRY_SOURCES = [
  ['productId', ['prod_id']],
  ['landing', ['landing']],
  ['partnerKey', ['partnerkey', 'partner_key']],
  ['appType', ['app_type']],
  ['appId', ['app_id']],
] as const;

/** The sessionStorage key of the kept values (../stores/entry). */
export const ENTRY_STORAGE_KEY = 'lf:entry';

/** Whether the URL brings entry values or the tab already keeps some. */
export function hasEntryValues(query: URLSearchParams): boolean {
  if (ENTRY_SOURCES.some(([, keys]) => keys.some((key) => query.has(key)))) return true;
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(ENTRY_STORAGE_KEY) !== null;
  } catch {
    // Sandboxed frames may refuse storage: nothing is kept there then.
    return false;
  }
}
