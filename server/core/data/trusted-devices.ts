/**
 * Trusted devices (spec §3): a browser the account holder chose to remember
 * after a second-factor check. What makes it trusted is the device secret of
 * server/core/security/device-cookie.ts (its SHA-256 in `secret_hash`), never the
 * portal's `device_id`, which stays the row's public handle (listed, renamed
 * and removed by it). A trust is bound to the account AND the secret, expires
 * (TRUSTED_DEVICE_LIFETIME_MS after it was trusted, not sliding), and lets a
 * sign-in skip only the second factor (never the password). Every device of
 * an account is removed when its password changes
 * (`deleteTrustedDevicesStatement` is part of passwordChangeStatements) and by
 * "reset all". Parameterised SQL only.
 */
import * as z from 'zod/mini';
import type { DeviceType } from '../reference/devices';
import { TRUSTED_DEVICE_TYPES } from '../../../src/shared/contract/trusted-devices';

const DAY = 24 * 60 * 60 * 1000;
/** How long a device stays trusted. */
export const TRUSTED_DEVICE_LIFETIME_MS = 30 * DAY;

/** True when the browser holding the device secret `secretHash` is a live trusted device of `accountId`. */
export async function isTrustedDevice(
  db: D1Database,
  accountId: number,
  secretHash: string | null,
  now: number,
): Promise<boolean> {
  if (secretHash === null) return false;
  const row = await db
    .prepare('SELECT 1 AS hit FROM trusted_devices WHERE account_id = ?1 AND secret_hash = ?2 AND expires_at > ?3')
    .bind(accountId, secretHash, now)
    .first<{ hit: number }>();
  return row !== null;
}

/** A sign-in that skipped the second factor on this browser records it as the device's last login. */
export function touchTrustedDeviceStatement(
  db: D1Database,
  accountId: number,
  secretHash: string | null,
  now: number,
): D1PreparedStatement {
  return db
    .prepare('UPDATE trusted_devices SET last_login_at = ?3 WHERE account_id = ?1 AND secret_hash = ?2')
    .bind(accountId, secretHash, now);
}

/** Every trusted device of the account goes (password change, password reset, reset all). */
export function deleteTrustedDevicesStatement(db: D1Database, accountId: number): D1PreparedStatement {
  return db.prepare('DELETE FROM trusted_devices WHERE account_id = ?1').bind(accountId);
}

const deviceRow = z.object({
  device_id: z.string(),
  name: z.string(),
  type: z.enum(TRUSTED_DEVICE_TYPES),
  location: z.nullable(z.string()),
  created_at: z.number(),
  last_login_at: z.nullable(z.number()),
  expires_at: z.number(),
});
export type TrustedDeviceRow = z.infer<typeof deviceRow>;

/** The account's devices that are still trusted at `now`, newest first. */
export async function listTrustedDevices(db: D1Database, accountId: number, now: number): Promise<TrustedDeviceRow[]> {
  const { results } = await db
    .prepare(
      `SELECT device_id, name, type, location, created_at, last_login_at, expires_at FROM trusted_devices
       WHERE account_id = ?1 AND expires_at > ?2 ORDER BY created_at DESC, id DESC`,
    )
    .bind(accountId, now)
    .all();
  return z.array(deviceRow).parse(results);
}

export async function countTrustedDevices(db: D1Database, accountId: number, now: number): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM trusted_devices WHERE account_id = ?1 AND expires_at > ?2')
    .bind(accountId, now)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export interface NewTrustedDevice {
  accountId: number;
  deviceId: string;
  /** SHA-256 of the browser's device secret (device-cookie.ts ensureDeviceSecret). */
  secretHash: string;
  name: string;
  type: DeviceType;
  location: string | null;
  /** The device is being used to sign in right now (sets its last login). */
  signingIn: boolean;
}

/**
 * Trusts a device. An entry for the same device id that expired, or that is
 * bound to another device secret (trusted before device secrets existed, or
 * the browser's cookies were cleared since), is replaced; a live one with
 * this secret is left alone and the statement changes nothing (the caller
 * answers 20202 "device already added").
 */
export function addTrustedDeviceStatement(db: D1Database, d: NewTrustedDevice, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO trusted_devices (account_id, device_id, name, type, location, created_at, last_login_at, expires_at,
         secret_hash)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (account_id, device_id) DO UPDATE SET name = ?3, type = ?4, location = ?5, created_at = ?6,
         last_login_at = ?7, expires_at = ?8, secret_hash = ?9
       WHERE trusted_devices.expires_at <= ?6 OR trusted_devices.secret_hash IS NOT ?9`,
    )
    .bind(
      d.accountId,
      d.deviceId,
      d.name,
      d.type,
      d.location,
      now,
      d.signingIn ? now : null,
      now + TRUSTED_DEVICE_LIFETIME_MS,
      d.secretHash,
    );
}

export async function renameTrustedDevice(
  db: D1Database,
  accountId: number,
  deviceId: string,
  name: string,
  now: number,
): Promise<boolean> {
  const r = await db
    .prepare('UPDATE trusted_devices SET name = ?3 WHERE account_id = ?1 AND device_id = ?2 AND expires_at > ?4')
    .bind(accountId, deviceId, name, now)
    .run();
  return r.meta.changes === 1;
}

/** Removes one device; returns its name (for the notice), or null when the account has no such device. */
export async function removeTrustedDevice(db: D1Database, accountId: number, deviceId: string, now: number) {
  const row = await db
    .prepare('DELETE FROM trusted_devices WHERE account_id = ?1 AND device_id = ?2 RETURNING name, expires_at')
    .bind(accountId, deviceId)
    .first<{ name: string; expires_at: number }>();
  // An expired entry is gone either way, but it was not a trusted device any more: report it as missing.
  return row !== null && row.expires_at > now ? row.name : null;
}
