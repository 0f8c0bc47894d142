/**
 * The site-wide notification banner (spec §2, §7 "Content delivery"): the
 * entry named Account of {cdnBase}/web/v2/{contentRegion}/notifications.json,
 * in the page's locale, else English. A failed fetch shows nothing. The page
 * start-up loads this with import() once the configuration is in: the notice
 * is fetched after start anyway, and nothing waits for it (page budget,
 * docs/performance.md).
 *
 * The path and the entry choice are the contract's (src/shared/contract/content.ts:
 * notificationsPath, accountNotice), written here so the start-up does not
 * import the notification schemas; tests/unit/client/shell/notification-banner.test.ts
 * holds them equal, and parseNotifications equal to `notificationsSchema`.
 */
import region from '@region';
import type { NotificationEntry } from '../../shared/contract/content';
import { getJson } from '../startup/api';
import { hook, hookText } from '../startup/dom';
import { isFields } from '../startup/payloads';

/** The notification link pattern of `notificationEntry`. */
const HTTPS_LINK = /^https:\/\/\S+$/;

/** One entry of `notificationsSchema`; null when refused. */
function notification(value: unknown): NotificationEntry | null {
  if (!isFields(value)) return null;
  const { name, message, link } = value;
  if (typeof name !== 'string' || !isFields(message)) return null;
  const en = message['en'];
  if (typeof en !== 'string' || en.length < 1) return null;
  if (link !== undefined && (typeof link !== 'string' || !HTTPS_LINK.test(link))) return null;
  // The message is a loose object: its other locales pass through as they are.
  const entry: NotificationEntry = { name, message: { ...message, en } };
  if (link !== undefined) entry.link = link;
  return entry;
}

/** `notificationsSchema` (notifications.json): a list of entries, refused whole when one entry is. */
export function parseNotifications(value: unknown): NotificationEntry[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const entries: NotificationEntry[] = [];
  for (const item of value as readonly unknown[]) {
    const entry = notification(item);
    if (entry === null) return undefined;
    entries.push(entry);
  }
  return entries;
}

/** A content file's notifications (static JSON on the CDN: no API headers). */
export function fetchNotifications(url: string): Promise<NotificationEntry[] | undefined> {
  return getJson(url, parseNotifications);
}

/** The notification entry the portal shows (spec §7). */
const ACCOUNT_NOTIFICATION_NAME = 'Account';

/** CDN-relative path of the notifications (spec §7: /web/v2/{regionCode}/notifications.json). */
export function notificationsPath(contentRegion: string): string {
  return `/web/v2/${encodeURIComponent(contentRegion)}/notifications.json`;
}

/** The Account entry, with its message in the locale, else English; undefined when there is no Account entry. */
export function accountNotice(
  list: readonly NotificationEntry[],
  locale: string,
): { message: string; link: string | undefined } | undefined {
  const entry = list.find((n) => n.name === ACCOUNT_NOTIFICATION_NAME);
  if (!entry) return undefined;
  const localized = entry.message[locale];
  const message = typeof localized === 'string' && localized.length > 0 ? localized : entry.message.en;
  return { message, link: entry.link };
}

export async function showNotificationBanner(
  locale: string,
  contentRegion: string = region.contentRegion,
): Promise<void> {
  const banner = hook('banner');
  if (!banner) return;
  // No banner is the right answer when the content is missing or broken.
  const list = await fetchNotifications(`${region.cdnBase}${notificationsPath(contentRegion)}`);
  const notice = list === undefined ? undefined : accountNotice(list, locale);
  if (notice === undefined) return;
  const text = document.createElement('span');
  text.textContent = notice.message; // textContent: content is never parsed as HTML.
  banner.replaceChildren(text);
  if (notice.link !== undefined) {
    const link = document.createElement('a');
    link.href = notice.link;
    link.rel = 'noopener';
    link.textContent = hookText(banner, 'learnMore');
    banner.appendChild(document.createTextNode(' '));
    banner.appendChild(link);
  }
  banner.hidden = false;
}
