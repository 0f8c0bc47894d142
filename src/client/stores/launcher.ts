/**
 * Launcher state (spec §3): the launcher's settings object (client_id,
 * device_id, appID, version, plus the developer debug flag), the autologin
 * flag, the data handed over at login and the login session info.
 */
import { atom, map } from 'nanostores';
// The settings' schema is the host bridge's, which validates the host's messages (loaded in app mode only).
import type { LauncherSettings } from '../host/launcher-bridge';

export type { LauncherSettings } from '../host/launcher-bridge';

export interface LauncherState {
  autologin: boolean;
  /** Login data handed to the launcher (connector login + auth token result). */
  data: Record<string, unknown> | null;
  loginSessionInfo: Record<string, unknown> | null;
}

export const $launcher = map<LauncherState>({ autologin: false, data: null, loginSessionInfo: null });
/** null outside the launcher; set when the launcher sends its settings. */
export const $launcherSettings = atom<LauncherSettings | null>(null);

/** Spec §9: launcher versions below 1.7.0 need the extra auth-token request. */
export const LAUNCHER_AUTH_TOKEN_BELOW = '1.7.0';

/** Compares dotted versions numerically: -1, 0 or 1. Missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export function needsAuthToken(version: string | undefined): boolean {
  return version !== undefined && compareVersions(version, LAUNCHER_AUTH_TOKEN_BELOW) < 0;
}
