/**
 * Timing comparisons of the API tests (issue 26: "a timing test that compares medians of at least 30 interleaved
 * tries"): two kinds of request that must answer alike are sent in turns, the order alternating so that load
 * drifting on the shared machine hits both kinds alike, and their medians are compared against MAX_GAP_MS.
 */

/** Issue 26: two kinds a stranger must not tell apart stay within 50 ms of each other (medians). */
export const MAX_GAP_MS = 50;

/** The median (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** A request's result and how long it took, as the caller sees it. */
export async function timed<T>(send: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await send();
  return { result, ms: performance.now() - start };
}

/**
 * `tries` rounds of one try of each kind (each try returns its milliseconds), kind A first in even rounds and kind
 * B first in odd ones; the times of each kind in order.
 */
export async function interleaved(
  tries: number,
  tryA: (round: number) => Promise<number>,
  tryB: (round: number) => Promise<number>,
): Promise<{ a: number[]; b: number[] }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < tries; i += 1) {
    if (i % 2 === 0) {
      a.push(await tryA(i));
      b.push(await tryB(i));
    } else {
      b.push(await tryB(i));
      a.push(await tryA(i));
    }
  }
  return { a, b };
}
