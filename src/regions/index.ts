/**
 * Build-time access to every region config, parsed against the schema.
 * Browser code never imports this file: it imports `@region`, which Vite
 * aliases to the one region file of the current build.
 */
import * as z from 'zod/mini';
import global from './global';
import japan from './japan';
import one from './one';
import { REGION_IDS, regionConfigSchema, type RegionConfig, type RegionId } from './schema';
import sea from './sea';
import th from './th';
import tw from './tw';

const raw: Record<RegionId, RegionConfig> = { global, th, tw, sea, japan, one };

export const regions: Record<RegionId, RegionConfig> = Object.fromEntries(
  REGION_IDS.map((id) => {
    const parsed = regionConfigSchema.safeParse(raw[id]);
    if (!parsed.success) throw new Error(`Region ${id} config is invalid:\n${z.prettifyError(parsed.error)}`);
    if (parsed.data.id !== id) throw new Error(`Region file ${id}.ts declares id ${parsed.data.id}`);
    return [id, parsed.data];
  }),
) as Record<RegionId, RegionConfig>;

export function isRegionId(value: string): value is RegionId {
  return (REGION_IDS as readonly string[]).includes(value);
}

/** The REGION env var (default global); an unknown value fails loudly. */
export function regionFromEnv(value: string | undefined): RegionId {
  const id = value && value.length > 0 ? value : 'global';
  if (!isRegionId(id)) throw new Error(`REGION=${id} is not one of ${REGION_IDS.join(', ')}`);
  return id;
}

export { REGION_IDS, type RegionConfig, type RegionId };
