/**
 * The one typed bridge to the host launcher or store connector (spec §7:
 * login, sign-up completed, language change, open external link, request to
 * main; §2: tell the parent frame to log out). The portal runs framed by the
 * host; messages go to the parent with postMessage, addressed to the exact
 * embedding origin, which must be one of the region's `embedOrigins`.
 * The host answers with its settings (client_id, device_id, appID, version).
 */
import * as z from 'zod/mini';
import { checked } from '../../shared/contract/checked';
import { $launcherSettings } from '../stores/launcher';
import { currentHostOrigin } from '../navigation/page';
import { PRODUCT_ID_COOKIE, readCookie } from './cookies';

export { hostOrigin, isAppMode, type EmbedContext } from '../navigation/page';

/** Tag on every message the portal sends, so hosts can tell them from others. */
export const PORTAL_SOURCE = 'lumenforge-account';
/** Tag the host puts on its messages. */
export const HOST_SOURCE = 'lumenforge-launcher';

export type HostMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'login'; readonly data: Readonly<Record<string, unknown>> }
  | { readonly type: 'signupCompleted'; readonly data: Readonly<Record<string, unknown>> }
  | { readonly type: 'languageChange'; readonly locale: string }
  | { readonly type: 'openExternalLink'; readonly url: string }
  | { readonly type: 'requestToMain'; readonly request: string; readonly data?: Readonly<Record<string, unknown>> }
  | { readonly type: 'logout' };

/** The launcher's settings object (spec §3 launcher state): client_id, device_id, appID, version, debug. */
export const launcherSettingsSchema = z.object({
  client_id: checked(z.string(), z.minLength(1), z.maxLength(64)),
  device_id: z.optional(checked(z.string(), z.regex(/^[A-Za-z0-9-]{8,64}$/))),
  appID: z.optional(checked(z.string(), z.maxLength(32))),
  version: z.optional(checked(z.string(), z.regex(/^\d+(\.\d+){0,3}$/))),
  /** Developer builds of the launcher turn this on to show the region selector. */
  debug: z.optional(z.boolean()),
  /** The player's "keep me signed in" in the launcher: the silent login may use the autologin token. */
  autologin: z.optional(z.boolean()),
  /** Set by a store connector (not the launcher): its platform, whose connector login comes first. */
  connector: z.optional(z.enum(['steam'])),
  /** The store connector's session ticket for its sign-up (steam/tpa-session-cookie; docs/launcher.md). */
  steam_session_ticket: z.optional(checked(z.string(), z.minLength(1), z.maxLength(4096))),
});
export type LauncherSettings = z.infer<typeof launcherSettingsSchema>;

const hostMessageSchema = z.object({
  source: z.literal(HOST_SOURCE),
  type: z.literal('settings'),
  settings: launcherSettingsSchema,
});

function send(message: HostMessage): boolean {
  const origin = currentHostOrigin();
  if (origin === undefined) return false;
  window.parent.postMessage({ source: PORTAL_SOURCE, ...message }, origin);
  return true;
}

/** Hands the login result to the host; adds productId from the product cookie (spec §3). */
export function hostLogin(data: Readonly<Record<string, unknown>>): boolean {
  const productId = readCookie(PRODUCT_ID_COOKIE);
  return send({ type: 'login', data: productId === undefined ? { ...data } : { ...data, productId } });
}

/** Tells the host sign-up completed; adds product_id (spec §3). */
export function hostSignupCompleted(data: Readonly<Record<string, unknown>>): boolean {
  const productId = readCookie(PRODUCT_ID_COOKIE);
  return send({
    type: 'signupCompleted',
    data: productId === undefined ? { ...data } : { ...data, product_id: productId },
  });
}

export function hostLanguageChange(locale: string): boolean {
  return send({ type: 'languageChange', locale });
}

/** Asks the host to open a link in the system browser (https only, or the portal's own origin: a local build). */
export function hostOpenExternalLink(url: string): boolean {
  if (!/^https:\/\//i.test(url) && !url.startsWith(`${location.origin}/`)) return false;
  return send({ type: 'openExternalLink', url });
}

export function hostRequestToMain(request: string, data?: Readonly<Record<string, unknown>>): boolean {
  return send(data === undefined ? { type: 'requestToMain', request } : { type: 'requestToMain', request, data });
}

/** Spec §2: a settings refresh failing with 20100/20102 tells the parent frame to log out. */
export function hostLogout(): boolean {
  return send({ type: 'logout' });
}

/** Validates a message from the host; returns its settings or undefined. */
export function parseHostMessage(origin: string, data: unknown, expectedOrigin: string | undefined) {
  if (expectedOrigin === undefined || origin !== expectedOrigin) return undefined;
  const parsed = hostMessageSchema.safeParse(data);
  return parsed.success ? parsed.data.settings : undefined;
}

/** Starts listening for the host's settings and announces the page. No-op outside app mode. */
export function startLauncherBridge(): void {
  const origin = currentHostOrigin();
  if (origin === undefined) return;
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.source !== window.parent) return;
    const settings = parseHostMessage(event.origin, event.data, origin);
    if (settings) $launcherSettings.set(settings);
  });
  send({ type: 'ready' });
}
