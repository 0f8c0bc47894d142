/**
 * The loading flag behind the overlay (spec §4 "A loading flag shows the
 * overlay"). A counter, so overlapping operations do not hide it early; the
 * flag is a plain atom the counter sets (no derived store, so the app shell
 * that binds the overlay on every page ships less).
 */
import { atom, type ReadableAtom } from 'nanostores';

let pending = 0;
const $flag = atom(false);
/** Read-only outside: only start/stop (and withLoading) change it. */
export const $loading: ReadableAtom<boolean> = $flag;

export function startLoading(): void {
  pending += 1;
  $flag.set(true);
}

export function stopLoading(): void {
  pending = Math.max(0, pending - 1);
  $flag.set(pending > 0);
}

/** Shows the overlay while the promise runs. */
export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  startLoading();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    stopLoading();
  }
}
