/**
 * The site-wide notification banner's first half (spec §2, §7 "Content delivery"): the start-up fetches
 * {cdnBase}/web/v2/{contentRegion}/notifications.json itself and loads the banner (../shell/notification-banner,
 * which checks every entry and shows the notice) only when the file names an Account entry. Nearly always there is
 * none, and then no page loads the banner's code (docs/performance.md). A failed fetch shows nothing.
 *
 * The path and the entry's name are the contract's (src/shared/contract/content.ts: notificationsPath,
 * accountNotice), written here so the start-up does not import the notification schemas;
 * tests/unit/client/shell/notification-banner.test.ts holds them equal.
 */
import region from '@region';
import { getJson } from './api';
import { isFields } from './payloads';

/** The notification entry the portal shows (spec §7). */
export const ACCOUNT_NOTIFICATION_NAME = 'Account';

/** CDN-relative path of the notifications (spec §7: /web/v2/{regionCode}/notifications.json). */
export function notificationsPath(contentRegion: string): string {
  return `/web/v2/${encodeURIComponent(contentRegion)}/notifications.json`;
}

/** The file as read when an entry is named Account (the banner checks the rest); else undefined. */
export function withAccountEntry(value: unknown): readonly unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const entries = value as readonly unknown[];
  return entries.some((entry) => isFields(entry) && entry['name'] === ACCOUNT_NOTIFICATION_NAME) ? entries : undefined;
}

/** Fetches the notifications (static JSON on the CDN: no API headers) and shows the Account notice, if any. */
export async function startNotice(locale: string, contentRegion: string = region.contentRegion): Promise<void> {
  const entries = await getJson(`${region.cdnBase}${notificationsPath(contentRegion)}`, withAccountEntry);
  if (entries === undefined) return;
  const banner = await import('../shell/notification-banner');
  banner.showNotificationBanner(locale, entries);
}
