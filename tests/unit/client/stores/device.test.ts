import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it } from 'vitest';

useTestStorageEngine();
const { getDeviceId, $storedDeviceId } = await import('../../../../src/client/stores/device');
const { $launcherSettings } = await import('../../../../src/client/stores/launcher');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  cleanTestStorage();
  $storedDeviceId.set(null);
  $launcherSettings.set(null);
});

describe('device id (spec §9)', () => {
  it('is generated once and kept', () => {
    const first = getDeviceId();
    expect(first).toMatch(UUID);
    expect(getDeviceId()).toBe(first);
    expect(getTestStorage()['lf:deviceId']).toBe(JSON.stringify({ v: 1, value: first }));
  });

  it('is taken from the launcher when it sends one', () => {
    $launcherSettings.set({ client_id: 'launcher', device_id: 'LAUNCHER-DEVICE-1' });
    expect(getDeviceId()).toBe('LAUNCHER-DEVICE-1');
    expect(getTestStorage()).toEqual({});
  });

  it('replaces a corrupt stored id', () => {
    const unsub = $storedDeviceId.listen(() => undefined);
    setTestStorageKey('lf:deviceId', '{"v":1,"value":"not-a-uuid"}');
    expect($storedDeviceId.get()).toBeNull();
    expect(getDeviceId()).toMatch(UUID);
    unsub();
  });
});
