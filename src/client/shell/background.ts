/**
 * Game-specific backgrounds on login and create (spec §2, §7): the entry of
 * {cdnBase}/frontend/v3/{contentRegion}/gamelist.json for the game the
 * visitor came from (prod_id), wide above 740 px, set as the body's
 * --game-bg (and --game-bg-color). Follows window resizes across the breakpoint.
 */
import region from '@region';
import { gameListPath, gameListSchema, type GameListEntry } from '../../shared/contract/game-list';
import { getJson } from '../http/client';
import { $global } from '../stores/global';
import { cssUrl, pickBackground, WIDE_BACKGROUND_MIN_WIDTH } from './background-rules';

function apply(list: readonly GameListEntry[], productId: string | undefined): void {
  const bg = pickBackground(list, productId, window.innerWidth, region.cdnBase);
  const style = document.body.style;
  if (bg?.image === undefined) style.removeProperty('--game-bg');
  else style.setProperty('--game-bg', cssUrl(bg.image));
  if (bg?.color === undefined) style.removeProperty('--game-bg-color');
  else style.setProperty('--game-bg-color', bg.color);
}

/** Call only on a background route (BACKGROUND_ROUTES) with a product id. */
export async function showGameBackground(productId: string, contentRegion: string): Promise<void> {
  let list: GameListEntry[];
  try {
    list = await getJson(`${region.cdnBase}${gameListPath(contentRegion)}`, gameListSchema);
  } catch {
    return; // The plain background is the fallback.
  }
  $global.setKey('gameList', list);
  apply(list, productId);
  window.matchMedia(`(min-width: ${WIDE_BACKGROUND_MIN_WIDTH + 1}px)`).addEventListener('change', () => {
    apply(list, productId);
  });
}
