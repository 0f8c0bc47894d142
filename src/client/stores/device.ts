/**
 * The device id (spec §9): generated once and kept locally, or taken from
 * the launcher when it provides one.
 */
import * as z from 'zod/mini';
import { $launcherSettings } from './launcher';
import { validatedPersistentAtom } from './persisted';

export const $storedDeviceId = validatedPersistentAtom('deviceId', z.uuid(), null);

/** The launcher's device id, else the stored one, else a new random one that is stored. */
export function getDeviceId(): string {
  const fromLauncher = $launcherSettings.get()?.device_id;
  if (fromLauncher !== undefined) return fromLauncher;
  const stored = $storedDeviceId.get();
  if (stored !== null) return stored;
  const fresh = crypto.randomUUID();
  $storedDeviceId.set(fresh);
  return fresh;
}
