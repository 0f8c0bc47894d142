/**
 * The device id (spec §9): generated once and kept locally, or taken from
 * the launcher when it provides one.
 */
import * as z from 'zod/mini';
import { $launcherSettings } from './launcher';
import { checked } from '../../shared/contract/checked';
import { validatedPersistentAtom } from './persisted-atom';

// z.uuid()'s own pattern, checked as a plain regex: the same ids pass without the string-format machinery.
export const $storedDeviceId = validatedPersistentAtom(
  'deviceId',
  checked(z.string(), z.regex(z.regexes.uuid())),
  null,
);

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
