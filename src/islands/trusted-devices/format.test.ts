import { describe, expect, it } from 'vitest';
import type { TrustedDevice } from '../../shared/contract/trusted-devices';
import { deviceTypeKey, orderDevices } from './format';

const device = (over: Partial<TrustedDevice>): TrustedDevice => ({
  deviceId: 'd',
  name: 'Desk',
  type: 'PC',
  addedAt: '2025-01-01T10:00:00.000Z',
  lastLoginAt: null,
  location: null,
  expiresInDays: 10,
  ...over,
});

describe('trusted device display', () => {
  it('shows type UNDEFINED as empty', () => {
    expect(deviceTypeKey('UNDEFINED')).toBeUndefined();
    expect(deviceTypeKey('PC')).toBe('trustedDevices.type.PC');
  });

  it('puts this device first, then the most recently used', () => {
    const list = [
      device({ deviceId: 'old', addedAt: '2025-01-01T00:00:00.000Z' }),
      device({ deviceId: 'recent', lastLoginAt: '2025-06-01T00:00:00.000Z' }),
      device({ deviceId: 'me', addedAt: '2024-01-01T00:00:00.000Z' }),
    ];
    expect(orderDevices(list, 'me').map((d) => d.deviceId)).toEqual(['me', 'recent', 'old']);
    expect(orderDevices(list, undefined).map((d) => d.deviceId)).toEqual(['recent', 'old', 'me']);
  });
});
