/**
 * The app shell's start-up rules (spec §2 "App shell and dialogs", §9), pure
 * so they are table-tested; main.ts applies them to the page. The background
 * rules, needed only when a game background is shown, are in
 * ../shell/background-rules, the content-region rule in ../shell/content-region.
 */
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

/** Screens that show game backgrounds (spec §2: login and create-account). */
export const BACKGROUND_ROUTES: readonly string[] = ['login', 'create', 'unified-login', 'unified-create'];

/** Spec §2, §9: the cookie banner is auto-accepted after 500 ms in app mode or the one region. */
export const COOKIE_AUTO_ACCEPT_MS = 500;
export function cookieAutoAccept(appMode: boolean, regionId: string): boolean {
  return appMode || regionId === 'one';
}
