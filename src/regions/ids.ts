/**
 * The region builds (spec §9: global, th, tw, sea, japan and the unified one; docs/regions.md for jp and kr).
 * The one list: the region schema, the build, start, serve, test and bench scripts read it from here (the
 * scripts import this file directly through Node's type stripping, so it imports nothing).
 */
export const REGION_IDS = ['global', 'th', 'tw', 'sea', 'japan', 'one'] as const;
export type RegionId = (typeof REGION_IDS)[number];
