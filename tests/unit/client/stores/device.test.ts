import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A Map-backed Storage: the unit tests run in Node, which has no localStorage of its own. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => {
      map.clear();
    },
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, value);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A fresh page: the module reads storage once per page load. */
async function page() {
  vi.resetModules();
  const device = await import('../../../../src/client/stores/device');
  const launcher = await import('../../../../src/client/stores/launcher');
  return { ...device, $launcherSettings: launcher.$launcherSettings };
}

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  return () => vi.unstubAllGlobals();
});

describe('device id (spec §9)', () => {
  it('is generated once and kept across page loads', async () => {
    const first = (await page()).getDeviceId();
    expect(first).toMatch(UUID);
    expect(storage.getItem('lf:deviceId')).toBe(JSON.stringify({ v: 1, value: first }));
    const { getDeviceId } = await page();
    expect(getDeviceId()).toBe(first);
    expect(getDeviceId()).toBe(first);
  });

  it('is taken from the launcher when it sends one', async () => {
    const { getDeviceId, $launcherSettings } = await page();
    $launcherSettings.set({ client_id: 'launcher', device_id: 'LAUNCHER-DEVICE-1' });
    expect(getDeviceId()).toBe('LAUNCHER-DEVICE-1');
    expect(storage.length).toBe(0);
  });

  it.each([
    ['an id that is not a UUID', '{"v":1,"value":"not-a-uuid"}'],
    ['another format version', '{"v":2,"value":"0b4c8a8e-1c1e-4c4e-9d1a-2f7e3c0f9a11"}'],
    ['no JSON', 'garbage'],
  ])('replaces a stored value that is %s', async (_, stored) => {
    storage.setItem('lf:deviceId', stored);
    const id = (await page()).getDeviceId();
    expect(id).toMatch(UUID);
    expect(storage.getItem('lf:deviceId')).toBe(JSON.stringify({ v: 1, value: id }));
  });

  it('keeps a valid stored id as it is', async () => {
    const stored = '0b4c8a8e-1c1e-4c4e-9d1a-2f7e3c0f9a11';
    storage.setItem('lf:deviceId', JSON.stringify({ v: 1, value: stored }));
    expect((await page()).getDeviceId()).toBe(stored);
  });

  it('still holds for the page when storage refuses to write', async () => {
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const { getDeviceId } = await page();
    const id = getDeviceId();
    expect(id).toMatch(UUID);
    expect(getDeviceId()).toBe(id);
  });
});
