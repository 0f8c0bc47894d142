/**
 * The names of the games a child may play (spec §3 accessibleProductId holds
 * product ids): the region's CDN game list, the one place the portal names
 * games (spec §7 "Content delivery"). Loaded on demand, only when a child has
 * game access to show, so the tab's start-up carries neither the list's
 * schema nor the HTTP client.
 */
import region from '@region';
import { getGameList } from '../../client/api/content';

export async function loadGameNames(): Promise<Map<number, string>> {
  const games = await getGameList(region.cdnBase, region.contentRegion);
  return new Map(games.map((g) => [g.productID, g.name]));
}
