/**
 * The captcha of a region build (spec §5). Each region file names the provider its production build uses;
 * the site keys come from the build env, which `scripts/build.mjs` fills only for a production build
 * (`npm run build -- --production`, README "Deploying a region") from `CAPTCHA_SITE_KEY_V3_{REGION}` /
 * `CAPTCHA_SITE_KEY_V2_{REGION}` (or the region-less names). Without keys — every local build, `npm start`,
 * the tests — the pages use the offline dev verifier of the reference API.
 *
 * The build hands the keys to Astro as PUBLIC_CAPTCHA_SITE_KEY_V3/V2, one region per build process, so a
 * region's output never holds another region's keys.
 */
import type { CaptchaConfig, ProductionCaptchaProvider } from './schema';

/** The offline verifier of the reference API: token `dev-captcha-pass` passes, anything else fails. */
export const devCaptcha: CaptchaConfig = { provider: 'dev', siteKeyV3: 'dev', siteKeyV2: 'dev' };

/** Names under which the build hands this build's site keys to Astro (scripts/lib.mjs sets them per region). */
export const SITE_KEY_ENV = { v3: 'PUBLIC_CAPTCHA_SITE_KEY_V3', v2: 'PUBLIC_CAPTCHA_SITE_KEY_V2' } as const;

/**
 * The build's site keys. Vite replaces `import.meta.env.PUBLIC_…` in pages and islands (so it stays written
 * out literally, and the pages of a local build fold all of this into the dev config); code Node loads
 * itself (the Astro config's integrations, e.g. the CSP of `_headers`) reads the same variables from
 * process.env. The Functions bundle has neither import.meta.env nor these keys, and never uses them: the API
 * takes its captcha provider from the build profile.
 */
const nodeEnv = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
// Typed as always present, but the Functions bundle (workerd) has no import.meta.env.
const inlined = typeof import.meta.env === 'object';
const v3: unknown = inlined ? import.meta.env.PUBLIC_CAPTCHA_SITE_KEY_V3 : undefined;
const v2: unknown = inlined ? import.meta.env.PUBLIC_CAPTCHA_SITE_KEY_V2 : undefined;
const siteKeyV3 = typeof v3 === 'string' ? v3 : (nodeEnv?.[SITE_KEY_ENV.v3] ?? '');
const siteKeyV2 = typeof v2 === 'string' ? v2 : (nodeEnv?.[SITE_KEY_ENV.v2] ?? '');

/**
 * The region's captcha for this build: `provider` with the build's site keys when the build has them, the
 * dev verifier otherwise. Keys for only one of v2/v3, or keys that are not site keys, give a config that
 * index.ts refuses.
 */
export function regionCaptcha(provider: ProductionCaptchaProvider): CaptchaConfig {
  return siteKeyV3 === '' && siteKeyV2 === '' ? devCaptcha : { provider, siteKeyV3, siteKeyV2 };
}
