/**
 * Entry values kept for the tab (spec §2: prod_id, landing, partnerkey,
 * app_type, app_id are stored). sessionStorage, because a player's channel
 * and landing page belong to this visit; validated on read like every stored
 * value, so a tampered entry is dropped.
 */
import { ENTRY_STORAGE_KEY as KEY } from '../navigation/entry-keys';
import { storedParamsSchema, type StoredParams } from '../navigation/stored-params';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Sandboxed frames may refuse storage; the values then live for this page only.
    return undefined;
  }
}

export function loadEntryParams(store: Storage | undefined = storage()): StoredParams {
  const raw = store?.getItem(KEY);
  if (raw === null || raw === undefined) return {};
  try {
    const parsed = storedParamsSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through and drop it.
  }
  store?.removeItem(KEY);
  return {};
}

/** Merges newly read values over the kept ones and keeps the result. */
export function rememberEntryParams(fresh: StoredParams, store: Storage | undefined = storage()): StoredParams {
  const merged = { ...loadEntryParams(store), ...fresh };
  store?.setItem(KEY, JSON.stringify(merged));
  return merged;
}
