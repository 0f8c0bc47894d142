/** Spec §7 "Content delivery": the CDN's game list and notifications for a content region. */
import { notificationsPath, notificationsSchema } from '../../shared/contract/content';
import { gameListPath, gameListSchema } from '../../shared/contract/game-list';
import { getJson } from '../http/client';

export const getGameList = (cdnBase: string, contentRegion: string) =>
  getJson(`${cdnBase}${gameListPath(contentRegion)}`, gameListSchema);
export const getNotifications = (cdnBase: string, contentRegion: string) =>
  getJson(`${cdnBase}${notificationsPath(contentRegion)}`, notificationsSchema);
