/**
 * The site-wide notification banner (spec §2, §7 "Content delivery"): the
 * entry named Account of {cdnBase}/web/v2/{contentRegion}/notifications.json,
 * in the page's locale, else English. A failed fetch shows nothing.
 *
 * The path and the entry choice are the contract's (src/shared/contract/content.ts:
 * notificationsPath, accountNotice), written here so the start-up does not
 * import the notification schemas; tests/unit/client/startup/banner.test.ts
 * holds them equal.
 */
import region from '@region';
import type { NotificationEntry } from '../../shared/contract/content';
import { fetchNotifications } from './api';
import { hook, hookText } from './dom';

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
