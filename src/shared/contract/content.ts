/**
 * Spec §7 "Content delivery": the static JSON files served from the region's
 * CDN base (`region.cdnBase`). They are files, not API endpoints, so this
 * module holds their schemas and paths only: the notifications here (every
 * page's app shell reads them), the game list in ./game-list (read only when
 * a game background is shown).
 */
import * as z from 'zod/mini';
import { checked } from './checked';

/** The notification entry the portal shows (spec §7: the entry named Account). */
export const ACCOUNT_NOTIFICATION_NAME = 'Account';

/**
 * One site-wide notification. `message` is content, not server copy: a text
 * per locale (en required as the fallback).
 */
export const notificationEntry = z.object({
  name: z.string(),
  message: z.looseObject({ en: checked(z.string(), z.minLength(1)) }),
  /** Optional "learn more" link. */
  link: z.optional(checked(z.string(), z.regex(/^https:\/\/\S+$/))),
});
export type NotificationEntry = z.infer<typeof notificationEntry>;
export const notificationsSchema = z.array(notificationEntry);

/** CDN-relative path of the notifications (spec §7: /web/v2/{regionCode}/notifications.json). */
export function notificationsPath(contentRegion: string): string {
  return `/web/v2/${encodeURIComponent(contentRegion)}/notifications.json`;
}

/** The Account entry's message in the locale, else English; undefined when there is no Account entry. */
export function accountNotice(list: readonly NotificationEntry[], locale: string): string | undefined {
  const entry = list.find((n) => n.name === ACCOUNT_NOTIFICATION_NAME);
  if (!entry) return undefined;
  const localized = entry.message[locale];
  return typeof localized === 'string' && localized.length > 0 ? localized : entry.message.en;
}
