/**
 * The host's request to open an account page in the system browser (its account menu, docs/launcher.md "Account
 * pages in the browser: login/sso"): `{source: "lumenforge-launcher", type: "openInBrowser", routeTo?}`, accepted
 * only from the parent window at the host's origin and validated. Loaded by the app host (app mode only), so the
 * bridge that every page may load stays as it was; the code request itself (./sso-open) loads with the first one.
 */
import * as z from 'zod/mini';
import { checked } from '../../shared/contract/checked';
import { HOST_SOURCE } from '../host/launcher-bridge';
import { currentHostOrigin } from '../navigation/page';

const openInBrowserSchema = z.object({
  source: z.literal(HOST_SOURCE),
  type: z.literal('openInBrowser'),
  /** A route of the registry (./sso-open checks it); the shape keeps URLs and paths out. */
  routeTo: z.optional(checked(z.string(), z.regex(/^[a-z0-9-]{1,64}$/))),
});

/** The request's page, or undefined when the message is not a valid request from the host. */
export function parseOpenInBrowser(origin: string, data: unknown, expectedOrigin: string | undefined) {
  if (expectedOrigin === undefined || origin !== expectedOrigin) return undefined;
  const parsed = openInBrowserSchema.safeParse(data);
  return parsed.success ? { routeTo: parsed.data.routeTo } : undefined;
}

export function listenForOpenInBrowser(): void {
  const origin = currentHostOrigin();
  if (origin === undefined) return;
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.source !== window.parent) return;
    const open = parseOpenInBrowser(event.origin, event.data, origin);
    if (open) void import('./sso-open').then(({ openInBrowser }) => openInBrowser(open.routeTo));
  });
}
