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
 * "reset all". On the query builder (both engines).
 */
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import type { Database, Db, Query } from '../db/engine';
import type { DeviceType } from '../reference/devices';
import { TRUSTED_DEVICE_TYPES } from '../../../src/shared/contract/trusted-devices';

const DAY = 24 * 60 * 60 * 1000;
/** How long a device stays trusted. */
export const TRUSTED_DEVICE_LIFETIME_MS = 30 * DAY;

/** True when the browser holding the device secret `secretHash` is a live trusted device of `accountId`. */
export async function isTrustedDevice(
  db: Db,
  accountId: number,
  secretHash: string | null,
  now: number,
): Promise<boolean> {
  if (secretHash === null) return false;
  const row = await db.first(
    db.q
      .selectFrom('trusted_devices')
      .select('id')
      .where('account_id', '=', accountId)
      .where('secret_hash', '=', secretHash)
      .where('expires_at', '>', now),
  );
  return row !== undefined;
}

/** A sign-in that skipped the second factor on this browser records it as the device's last login. */
export function touchTrustedDeviceStatement(db: Db, accountId: number, secretHash: string | null, now: number): Query {
  return (
    db.q
      .updateTable('trusted_devices')
      .set({ last_login_at: now })
      .where('account_id', '=', accountId)
      // No secret, no device: `= NULL` matches nothing, as the SQL text did.
      .where('secret_hash', '=', secretHash ?? '')
  );
}

/** Every trusted device of the account goes (password change, password reset, reset all). */
export function deleteTrustedDevicesQuery(q: Kysely<Database>, accountId: number) {
  return q.deleteFrom('trusted_devices').where('account_id', '=', accountId);
}

export function deleteTrustedDevicesStatement(db: Db, accountId: number): Query {
  return deleteTrustedDevicesQuery(db.q, accountId);
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
export async function listTrustedDevices(db: Db, accountId: number, now: number): Promise<TrustedDeviceRow[]> {
  const rows = await db.all(
    db.q
      .selectFrom('trusted_devices')
      .select(['device_id', 'name', 'type', 'location', 'created_at', 'last_login_at', 'expires_at'])
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
  return z.array(deviceRow).parse(rows);
}

export async function countTrustedDevices(db: Db, accountId: number, now: number): Promise<number> {
  const row = await db.first(
    db.q
      .selectFrom('trusted_devices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now),
  );
  // PostgreSQL's COUNT is a bigint, which the driver may hand over as a string.
  return Number(row?.n ?? 0);
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
export function addTrustedDeviceStatement(db: Db, d: NewTrustedDevice, now: number): Query {
  const values = {
    name: d.name,
    type: d.type,
    location: d.location,
    created_at: now,
    last_login_at: d.signingIn ? now : null,
    expires_at: now + TRUSTED_DEVICE_LIFETIME_MS,
    secret_hash: d.secretHash,
  };
  return db.q
    .insertInto('trusted_devices')
    .values({ account_id: d.accountId, device_id: d.deviceId, ...values })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'device_id'])
        .doUpdateSet(values)
        .where((eb) =>
          eb.or([
            eb('trusted_devices.expires_at', '<=', now),
            eb('trusted_devices.secret_hash', 'is', null),
            eb('trusted_devices.secret_hash', '<>', d.secretHash),
          ]),
        ),
    );
}

export async function renameTrustedDevice(
  db: Db,
  accountId: number,
  deviceId: string,
  name: string,
  now: number,
): Promise<boolean> {
  const r = await db.run(
    db.q
      .updateTable('trusted_devices')
      .set({ name })
      .where('account_id', '=', accountId)
      .where('device_id', '=', deviceId)
      .where('expires_at', '>', now),
  );
  return r.rowsAffected === 1;
}

/** Removes one device; returns its name (for the notice), or null when the account has no such device. */
export async function removeTrustedDevice(db: Db, accountId: number, deviceId: string, now: number) {
  const row = await db.first(
    db.q
      .deleteFrom('trusted_devices')
      .where('account_id', '=', accountId)
      .where('device_id', '=', deviceId)
      .returning(['name', 'expires_at']),
  );
  // An expired entry is gone either way, but it was not a trusted device any more: report it as missing.
  return row !== undefined && row.expires_at > now ? row.name : null;
}
