/**
 * A floor on how long an answer takes, so answers that must look alike also take alike (docs/security.md "Card
 * testing through parental consent"): a try refused before any provider call would otherwise come back faster
 * than one the provider refused, and the time alone would tell them apart.
 *
 * The wait is a platform timer (setTimeout: workerd and Node alike), never a busy loop, so a held answer costs no
 * CPU. Time is the real clock (Date.now), not the API clock: the dev clock may be moved by tests, while the floor
 * is about what a caller measures. In workerd Date.now advances only across I/O, which is where the time goes.
 */

/** The real time now, in milliseconds: take it where the floor's measure starts. */
export function floorStart(): number {
  return Date.now();
}

/** Resolves once `floorMs` have passed since `startedAt` (at once when they have already). */
export async function holdUntilFloor(startedAt: number, floorMs: number): Promise<void> {
  const left = startedAt + floorMs - Date.now();
  if (left <= 0) return;
  await new Promise<void>((resolve) => setTimeout(resolve, left));
}
