/**
 * Game background rules (spec §2 "App shell": login and create show the
 * background of the game the visitor came from; §9: the wide image above
 * 740 px), pure so they are table-tested; ./background applies them. Apart
 * from ./rules because only a visit with prod_id loads them.
 */
import type { GameListEntry } from '../../shared/contract/game-list';

/** Spec §9: above this window width the wide background is used. */
export const WIDE_BACKGROUND_MIN_WIDTH = 740;

export interface Background {
  /** Absolute or same-origin URL of the image. */
  readonly image: string | undefined;
  readonly color: string | undefined;
}

/** Resolves a game-list asset: "/…" is relative to the CDN base, https URLs are kept. */
export function assetUrl(value: string, cdnBase: string): string {
  return value.startsWith('/') ? `${cdnBase.replace(/\/$/, '')}${value}` : value;
}

/** The background for the game the visitor came from (prod_id), wide above 740 px; undefined without one. */
export function pickBackground(
  list: readonly GameListEntry[],
  productId: string | undefined,
  windowWidth: number,
  cdnBase: string,
): Background | undefined {
  if (productId === undefined) return undefined;
  const game = list.find((g) => String(g.productID) === productId);
  if (!game) return undefined;
  const wide = windowWidth > WIDE_BACKGROUND_MIN_WIDTH;
  const image = (wide ? game.gameAccountBackgroundWide : undefined) ?? game.gameAccountBackground;
  if (image === undefined && game.gameAccountBackgroundColor === undefined) return undefined;
  return { image: image === undefined ? undefined : assetUrl(image, cdnBase), color: game.gameAccountBackgroundColor };
}

/** A CSS url() value: quotes, parentheses, backslashes, whitespace and controls are percent-encoded so nothing breaks out. */
export function cssUrl(url: string): string {
  const safe = url.replace(
    /["'()\\\s\u0000-\u001f\u007f]/g,
    (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`,
  );
  return `url("${safe}")`;
}
