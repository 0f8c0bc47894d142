/**
 * The device fingerprint (`blackBox`) sent with third-party and store-connector sign-up (spec §3 sign-up
 * payload, §5: collection retries up to 10 times every 300 ms; docs/launcher.md "Device fingerprint").
 * The library (@fingerprintjs/fingerprintjs, major 5: MIT, where major 4 is BUSL-1.1) is imported on the first call only, so it loads only on
 * the screens that sign up that way, never with a page's initial JavaScript. A browser where it keeps failing
 * (blocked script, privacy mode) gets undefined after the last try: the caller sends the sign-up without it
 * and the server decides.
 */

/** Spec §9 fingerprint retry. */
export const FINGERPRINT_ATTEMPTS = 10;
export const FINGERPRINT_INTERVAL_MS = 300;
/** The contract's blackBox bounds (src/shared/contract/ids.ts token kind). */
const BLACK_BOX = /^[!-~]{1,8192}$/;

export interface BlackBoxDeps {
  /** One collection: the library's visitor id. */
  collect: () => Promise<string>;
  wait: (ms: number) => Promise<void>;
}

async function collectWithLibrary(): Promise<string> {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  const agent = await load();
  return (await agent.get()).visitorId;
}

const defaults: BlackBoxDeps = {
  collect: collectWithLibrary,
  wait: (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
};

let cached: Promise<string | undefined> | undefined;

async function attempt(deps: BlackBoxDeps): Promise<string | undefined> {
  for (let i = 0; i < FINGERPRINT_ATTEMPTS; i++) {
    if (i > 0) await deps.wait(FINGERPRINT_INTERVAL_MS);
    try {
      const value = await deps.collect();
      if (BLACK_BOX.test(value)) return value;
    } catch {
      // A failed load or collection is tried again after the interval.
    }
  }
  return undefined;
}

/** The blackBox for a sign-up call, or undefined when every attempt failed. One collection per page. */
export function collectBlackBox(deps: BlackBoxDeps = defaults): Promise<string | undefined> {
  if (deps !== defaults) return attempt(deps);
  cached ??= attempt(deps).then((value) => {
    // Nothing collected: a later sign-up on this page tries again.
    if (value === undefined) cached = undefined;
    return value;
  });
  return cached;
}
