/**
 * The device id (spec §9): generated once and kept locally, or taken from
 * the launcher when it provides one. Stored as the persisted stores store
 * their values (`lf:deviceId`, `{"v":1,"value":…}`).
 */
import { $launcherSettings } from './launcher';
import { readStored, writeStored } from './stored-value';

/** The localStorage key (under the `lf:` prefix) of the generated device id. */
const DEVICE_ID_KEY = 'deviceId';
/**
 * `z.regexes.uuid()`, the pattern `z.uuid()` checks, as a literal (tests/unit/shared/formats.test.ts compares
 * them): the start-up reads the device id on every page and carries no zod.
 */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** A stored id the portal generated (a UUID), else undefined: anything else is replaced by a new one. */
export function storedDeviceId(value: unknown): string | undefined {
  return typeof value === 'string' && UUID_PATTERN.test(value) ? value : undefined;
}

// Read once per page: the id never changes while the page lives (a store and its library would be start-up weight).
let current: string | undefined;

/** The launcher's device id, else the stored one, else a new random one that is stored. */
export function getDeviceId(): string {
  const fromLauncher = $launcherSettings.get()?.device_id;
  if (fromLauncher !== undefined) return fromLauncher;
  current ??= readStored(DEVICE_ID_KEY, storedDeviceId);
  if (current !== undefined) return current;
  const fresh = crypto.randomUUID();
  // Without storage (privacy mode) the id still holds for this page.
  writeStored(DEVICE_ID_KEY, fresh);
  current = fresh;
  return fresh;
}
