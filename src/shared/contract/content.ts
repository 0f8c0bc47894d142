/**
 * Spec §7 "Content delivery" and §3 "Game list entry": the static JSON files
 * served from the region's CDN base (`region.cdnBase`). They are files, not
 * API endpoints, so this module holds their schemas and paths only.
 */
import * as z from 'zod/mini';
import { checked } from './checked';

/** A CDN-relative or absolute https asset URL. */
const assetUrl = checked(z.string(), z.regex(/^(?:\/|https:\/\/)\S+$/));

/** Spec §3 game list entry. */
export const gameListEntry = z.object({
  productID: checked(z.number(), z.int(), z.positive()),
  name: z.string(),
  gameAccountBackground: z.optional(assetUrl),
  gameAccountBackgroundWide: z.optional(assetUrl),
  gameAccountBackgroundColor: z.optional(checked(z.string(), z.regex(/^#[0-9a-fA-F]{3,8}$/))),
  gameLandingBackground: z.optional(assetUrl),
  gameLandingBackgroundWide: z.optional(assetUrl),
});
export type GameListEntry = z.infer<typeof gameListEntry>;
export const gameListSchema = z.array(gameListEntry);

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

/** CDN-relative path of the game list (spec §7: frontend/v3/{region}/gamelist.json). */
export function gameListPath(contentRegion: string): string {
  return `/frontend/v3/${encodeURIComponent(contentRegion)}/gamelist.json`;
}

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
