/**
 * Analytics events go to `window.dataLayer` (spec §7: events are pushed on
 * login; §8: on a 20100 ban; §9: for game app ids 50203/50210 and client ids
 * 1888–1890). Only event names and non-personal values are pushed: never
 * emails, ids, tokens or codes typed by the player.
 */

/** Spec §9: game app ids that trigger an extra analytics event. */
export const EXTRA_EVENT_APP_IDS = ['50203', '50210'] as const;
/** Spec §9: client ids that trigger a tracking event. */
export const TRACKED_CLIENT_IDS = ['1888', '1889', '1890'] as const;

export type AnalyticsValue = string | number | boolean | null;
export interface AnalyticsEvent {
  readonly event: string;
  readonly [key: string]: AnalyticsValue;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes one event; a page without a tag manager just keeps the array. */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ ...event });
}

export function isExtraEventAppId(appId: string | null | undefined): boolean {
  return appId != null && (EXTRA_EVENT_APP_IDS as readonly string[]).includes(appId);
}

export function isTrackedClientId(clientId: string | null | undefined): boolean {
  return clientId != null && (TRACKED_CLIENT_IDS as readonly string[]).includes(clientId);
}
