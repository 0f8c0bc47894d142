/**
 * The site-wide notification banner (spec §2, §7 "Content delivery"): the entry named Account of
 * notifications.json, in the page's locale, else English. The start-up fetches the file (../startup/notice) and
 * loads this only when the file names an Account entry; here every entry is checked as `notificationsSchema` does
 * (tests/unit/client/startup/payloads.test.ts) and a broken file shows nothing. The entry choice is the contract's
 * (src/shared/contract/content.ts accountNotice), written here so that no page loads the notification schemas;
 * tests/unit/client/shell/notification-banner.test.ts holds them equal.
 */
import type { NotificationEntry } from '../../shared/contract/content';
import { hook, hookText } from '../startup/dom';
import { ACCOUNT_NOTIFICATION_NAME } from '../startup/notice';
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

/** Shows the Account notice of notifications.json as read (`entries`), when the file is whole and has one. */
export function showNotificationBanner(locale: string, entries: unknown): void {
  const banner = hook('banner');
  if (!banner) return;
  // No banner is the right answer when the content is broken.
  const list = parseNotifications(entries);
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
