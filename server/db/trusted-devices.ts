/**
 * Trusted devices (spec §3): a device id the account holder chose to remember
 * after a second-factor check. It is bound to the account AND the device id,
 * expires, and lets a sign-in skip only the second factor (never the
 * password). Parameterised SQL only.
 */

/** True when `deviceId` is a trusted device of `accountId` that has not expired at `now`. */
export async function isTrustedDevice(
  db: D1Database,
  accountId: number,
  deviceId: string,
  now: number,
): Promise<boolean> {
  if (deviceId.length === 0) return false;
  const row = await db
    .prepare('SELECT 1 AS hit FROM trusted_devices WHERE account_id = ?1 AND device_id = ?2 AND expires_at > ?3')
    .bind(accountId, deviceId, now)
    .first<{ hit: number }>();
  return row !== null;
}
