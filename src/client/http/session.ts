/**
 * The session id header's value (spec §7 "General": sent when present). The
 * launcher and store connector hand one over; it is kept in sessionStorage so
 * it survives page loads of this static site but not the tab.
 */
import * as z from 'zod/mini';
import { checked } from '../../shared/contract/checked';
import { SESSION_ID_PATTERN, SESSION_ID_STORAGE_KEY } from '../../shared/contract/http';

const STORAGE_KEY = SESSION_ID_STORAGE_KEY;
const sessionIdSchema = checked(z.string(), z.regex(SESSION_ID_PATTERN));

let memory: string | undefined;
let loaded = false;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage access throws in some sandboxed frames; the header then lives for this page only.
    return undefined;
  }
}

/** Sets (or, with null, clears) the session id. An invalid id is refused with an error: it is a programming bug. */
export function setSessionId(id: string | null): void {
  if (id !== null && !sessionIdSchema.safeParse(id).success) throw new Error('Invalid session id');
  memory = id ?? undefined;
  loaded = true;
  try {
    if (id === null) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, id);
  } catch {
    // Quota or privacy mode: keep the in-memory value.
  }
}

/** The current session id, if any; a corrupted stored value is dropped. */
export function getSessionId(): string | undefined {
  if (!loaded) {
    loaded = true;
    let stored: string | null = null;
    try {
      stored = storage()?.getItem(STORAGE_KEY) ?? null;
    } catch {
      stored = null;
    }
    const parsed = sessionIdSchema.safeParse(stored);
    memory = parsed.success ? parsed.data : undefined;
  }
  return memory;
}
