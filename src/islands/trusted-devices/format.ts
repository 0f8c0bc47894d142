/**
 * How a trusted device reads in the list (spec §3): the type's label (type
 * UNDEFINED shows empty) and the list's order (dates: ../shared/date-format).
 */
import type { TrustedDevice } from '../../shared/contract/trusted-devices';

/** i18n key of a device type's label; undefined for UNDEFINED, which is shown empty. */
export function deviceTypeKey(
  type: TrustedDevice['type'],
): `trustedDevices.type.${Exclude<TrustedDevice['type'], 'UNDEFINED'>}` | undefined {
  return type === 'UNDEFINED' ? undefined : `trustedDevices.type.${type}`;
}

/** The devices with this browser's device first, then the most recently used. */
export function orderDevices(devices: readonly TrustedDevice[], thisDeviceId: string | undefined): TrustedDevice[] {
  const lastUse = (d: TrustedDevice) => Date.parse(d.lastLoginAt ?? d.addedAt);
  return [...devices].sort((a, b) => {
    if (a.deviceId === thisDeviceId) return -1;
    if (b.deviceId === thisDeviceId) return 1;
    return lastUse(b) - lastUse(a);
  });
}
