/** Spec §7 "Content delivery": the CDN's game list and notifications for a content region. */
import { gameListPath, gameListSchema, notificationsPath, notificationsSchema } from '../../shared/contract/content';
import { getJson } from '../http/client';

export const getGameList = (cdnBase: string, contentRegion: string) =>
  getJson(`${cdnBase}${gameListPath(contentRegion)}`, gameListSchema);
export const getNotifications = (cdnBase: string, contentRegion: string) =>
  getJson(`${cdnBase}${notificationsPath(contentRegion)}`, notificationsSchema);
