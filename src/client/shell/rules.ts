/**
 * The app shell's rules (spec §2 "App shell and dialogs", §9), pure so they
 * are table-tested; main.ts applies them to the page.
 */
import type { RegionConfig } from '../../regions/schema';
import type { GameListEntry } from '../../shared/contract/content';
import type { AppType } from '../navigation/stored-params';

/** Channels whose layout shows the footer (spec §2). */
export const FOOTER_APP_TYPES: readonly AppType[] = ['toy', 'toy_community', 'developers'];

export interface FooterInput {
  /** Route meta hideFooter: the static shell then renders no footer at all. */
  readonly hideFooter: boolean;
  readonly launcher: boolean;
  /** undefined while unknown. */
  readonly loggedIn: boolean | undefined;
  readonly appType: AppType | undefined;
  /** Entered through a landing page (the landing query value). */
  readonly landing: boolean;
}

/** Spec §2: the footer shows for the launcher when not logged in, for toy/toy_community/developers, on landing pages. */
export function footerVisible(input: FooterInput): boolean {
  if (input.hideFooter) return false;
  if (input.launcher && input.loggedIn === false) return true;
  if (input.appType !== undefined && FOOTER_APP_TYPES.includes(input.appType)) return true;
  return input.landing;
}

/** Spec §9: above this window width the wide background is used. */
export const WIDE_BACKGROUND_MIN_WIDTH = 740;
/** Screens that show game backgrounds (spec §2: login and create-account). */
export const BACKGROUND_ROUTES: readonly string[] = ['login', 'create', 'unified-login', 'unified-create'];

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

/** Spec §2, §9: the cookie banner is auto-accepted after 500 ms in app mode or the one region. */
export const COOKIE_AUTO_ACCEPT_MS = 500;
export function cookieAutoAccept(appMode: boolean, regionId: string): boolean {
  return appMode || regionId === 'one';
}

/** Spec §9: the content region of this build; sea with a visitor in Vietnam uses the vietnam content region. */
export function contentRegionFor(r: Pick<RegionConfig, 'contentRegion' | 'contentRules'>, isVietnam: boolean): string {
  return isVietnam && r.contentRules.vietnamContentRegion !== null
    ? r.contentRules.vietnamContentRegion
    : r.contentRegion;
}
