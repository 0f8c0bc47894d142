/**
 * The build profile: a small JSON file every region build writes at the root of its output
 * (`scripts/lib.mjs`), which the API reads through the Pages ASSETS binding. Wrangler bundles the
 * Functions from the same sources for every build and every deployment; this file is what tells them
 * which static build they serve: its region, whether it is a production build
 * (`npm run build -- --production`) and which captcha its pages use. A production build makes DEV_TOOLS
 * inert, and the API takes its captcha provider from here, so the API and the pages cannot disagree.
 *
 * It holds nothing secret (the same values are visible in the pages), so it is served like any asset.
 */
import * as z from 'zod/mini';
import { REGION_IDS } from '../../src/regions/schema';

export const BUILD_PROFILE_FILE = 'build-profile.json';

export const buildProfileSchema = z.strictObject({
  region: z.enum(REGION_IDS),
  production: z.boolean(),
  captcha: z.enum(['recaptcha', 'turnstile', 'dev']),
});
export type BuildProfile = z.infer<typeof buildProfileSchema>;

/** What the API knows of the static build beside it. */
export type BuildState =
  /** The profile of the deployed build. */
  | { kind: 'built'; profile: BuildProfile }
  /** There is an ASSETS binding but no readable profile: treated as a production build (fails closed). */
  | { kind: 'unreadable'; reason: string }
  /** No ASSETS binding at all: the app runs in-process (unit tests), beside no build. */
  | { kind: 'none' };

const reads = new WeakMap<Fetcher, Promise<BuildState>>();

async function fetchProfile(assets: Fetcher, requestUrl: string): Promise<BuildState> {
  // The asset server answers by path; the request's own origin is only there to make a valid URL.
  const response = await assets.fetch(new URL(`/${BUILD_PROFILE_FILE}`, requestUrl).href);
  if (response.status !== 200) {
    await response.body?.cancel();
    return { kind: 'unreadable', reason: `${BUILD_PROFILE_FILE} answered ${response.status}` };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { kind: 'unreadable', reason: `${BUILD_PROFILE_FILE} is not JSON` };
  }
  const parsed = buildProfileSchema.safeParse(json);
  if (!parsed.success) return { kind: 'unreadable', reason: `${BUILD_PROFILE_FILE} is not a build profile` };
  return { kind: 'built', profile: parsed.data };
}

/**
 * Reads the build profile once per ASSETS binding (a deployment's files never change under it). A fetch
 * that throws is not remembered, so a passing fault does not stick; a missing or invalid file is.
 */
export function readBuildState(assets: Fetcher | undefined, requestUrl: string): Promise<BuildState> {
  if (assets === undefined) return Promise.resolve({ kind: 'none' });
  let read = reads.get(assets);
  if (read === undefined) {
    read = fetchProfile(assets, requestUrl);
    reads.set(assets, read);
    read.catch(() => reads.delete(assets));
  }
  return read;
}
