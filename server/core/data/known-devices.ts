/** Known devices: browsers (by the SHA-256 of their device secret) that completed a sign-in to an account. */
import type { Db } from '../db/engine';

/** Records (or renews) a known device until `expiresAt`. */
export function knownDeviceQuery(db: Db, accountId: number, secretHash: string, now: number, expiresAt: number) {
  return db.q
    .insertInto('known_devices')
    .values({
      account_id: accountId,
      secret_hash: secretHash,
      first_seen_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'secret_hash']).doUpdateSet({ last_seen_at: now, expires_at: expiresAt }),
    );
}

/** True when the device is a live known device of the account. */
export async function hasKnownDevice(db: Db, accountId: number, secretHash: string, now: number): Promise<boolean> {
  const row = await db.first(
    db.q
      .selectFrom('known_devices')
      .select('account_id')
      .where('account_id', '=', accountId)
      .where('secret_hash', '=', secretHash)
      .where('expires_at', '>', now),
  );
  return row !== undefined;
}

/** True when the account has any known device (a first sign-in ever raises no new-device alert). */
export async function hasAnyKnownDevice(db: Db, accountId: number): Promise<boolean> {
  const row = await db.first(
    db.q.selectFrom('known_devices').select('account_id').where('account_id', '=', accountId).limit(1),
  );
  return row !== undefined;
}
