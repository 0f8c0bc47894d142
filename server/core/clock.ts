/**
 * The API's one clock. Every expiry, lock and rate-limit window reads time
 * from here. In production it is the system clock; with DEV_TOOLS the tests
 * can move it with POST /api/dev/clock, and the offset is stored in D1 so
 * every isolate serving the next request sees the same time.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export function systemClock(offsetMs = 0): Clock {
  return { now: () => Date.now() + offsetMs };
}
