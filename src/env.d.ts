/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** The region of this build, fixed at build time (astro.config.mjs). */
  readonly REGION: import('./regions/schema').RegionId;
}
