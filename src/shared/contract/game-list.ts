/**
 * Spec §7 "Content delivery" and §3 "Game list entry": the game list
 * (gamelist.json) on the region's CDN base, read for game backgrounds. A file,
 * not an API endpoint: its schema and path only (see ./content).
 */
import * as z from 'zod/mini';
import { checked } from './checked';

/** A CDN-relative or absolute https asset URL. */
const assetUrl = checked(z.string(), z.regex(/^(?:\/|https:\/\/)\S+$/));

/** Spec §3 game list entry. */
export const gameListEntry = z.object({
  productID: checked(z.number(), z.int(), z.positive()),
  name: z.string(),
  gameAccountBackground: z.optional(assetUrl),
  gameAccountBackgroundWide: z.optional(assetUrl),
  gameAccountBackgroundColor: z.optional(checked(z.string(), z.regex(/^#[0-9a-fA-F]{3,8}$/))),
  gameLandingBackground: z.optional(assetUrl),
  gameLandingBackgroundWide: z.optional(assetUrl),
});
export type GameListEntry = z.infer<typeof gameListEntry>;
export const gameListSchema = z.array(gameListEntry);

/** CDN-relative path of the game list (spec §7: frontend/v3/{region}/gamelist.json). */
export function gameListPath(contentRegion: string): string {
  return `/frontend/v3/${encodeURIComponent(contentRegion)}/gamelist.json`;
}
