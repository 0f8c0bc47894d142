/**
 * The sign-in code (./after-submit), fetched once on demand. The form reaches
 * it through this module so that the list of files the sign-in code needs
 * (which the bundler writes next to every dynamic import, to preload them)
 * ships with this small module on first use, not with the form.
 */
const load = () => import('./after-submit');

let pending: ReturnType<typeof load> | undefined;

export function loadSubmitCode(): ReturnType<typeof load> {
  pending ??= load().catch((error: unknown) => {
    // A failed fetch (offline) is tried again on the next use.
    pending = undefined;
    throw error;
  });
  return pending;
}
