/**
 * The loading flag behind the overlay (spec §4 "A loading flag shows the
 * overlay"). A counter, so overlapping operations do not hide it early.
 */
import { atom, computed } from 'nanostores';

const $pending = atom(0);
export const $loading = computed($pending, (n) => n > 0);

export function startLoading(): void {
  $pending.set($pending.get() + 1);
}

export function stopLoading(): void {
  $pending.set(Math.max(0, $pending.get() - 1));
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
