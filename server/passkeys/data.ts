/**
 * Passkey rows (migrations/0010_passkeys.sql). Every change that adds or
 * removes a passkey also recounts accounts.passkey_count in the same batch,
 * since the sign-in steps read a second factor off the account row.
 */
import * as z from 'zod/mini';
import { whileExists } from '../core/data/audit';
import { parseRow } from '../core/data/rows';
import type { Db } from '../core/db/engine';
import { accountEvent } from '../events/data';

const passkeyRow = z.object({
  id: z.number(),
  account_id: z.number(),
  credential_id: z.string(),
  public_key: z.string(),
  counter: z.number(),
  transports: z.string(),
  device_type: z.enum(['singleDevice', 'multiDevice']),
  backed_up: z.number(),
  name: z.string(),
  created_at: z.number(),
  last_used_at: z.nullable(z.number()),
});
export type PasskeyRow = z.infer<typeof passkeyRow>;

/** At most this many passkeys per account (phones, laptops, security keys and a spare or two). */
export const MAX_PASSKEYS = 20;

export interface NewPasskey {
  accountId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  name: string;
}

/** Sets accounts.passkey_count to the account's passkeys as the batch sees them. */
function recount(db: Db, accountId: number, now: number) {
  return db.q
    .updateTable('accounts')
    .set((eb) => ({
      passkey_count: eb
        .selectFrom('passkeys')
        .select((sb) => sb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId),
      updated_at: now,
    }))
    .where('id', '=', accountId);
}

/**
 * Inserts the passkey unless its credential id is registered already (to any
 * account) or the account is at its limit: check `rowsAffected` of the first
 * statement's result.
 */
export function insertPasskeyQueries(db: Db, p: NewPasskey, now: number) {
  return [
    db.q
      .insertInto('passkeys')
      .columns([
        'account_id',
        'credential_id',
        'public_key',
        'counter',
        'transports',
        'device_type',
        'backed_up',
        'name',
        'created_at',
      ])
      .expression(
        db.q
          .selectNoFrom((eb) => [
            eb.val(p.accountId).as('account_id'),
            eb.val(p.credentialId).as('credential_id'),
            eb.val(p.publicKey).as('public_key'),
            eb.val(p.counter).as('counter'),
            eb.val(JSON.stringify(p.transports)).as('transports'),
            eb.val(p.deviceType).as('device_type'),
            eb.val(p.backedUp ? 1 : 0).as('backed_up'),
            eb.val(p.name).as('name'),
            eb.val(now).as('created_at'),
          ])
          .where(
            (w) =>
              w
                .selectFrom('passkeys')
                .select((sb) => sb.fn.countAll<number>().as('n'))
                .where('account_id', '=', p.accountId),
            '<',
            MAX_PASSKEYS,
          ),
      )
      .onConflict((oc) => oc.column('credential_id').doNothing()),
    recount(db, p.accountId, now),
  ] as const;
}

export async function listPasskeyRows(db: Db, accountId: number): Promise<PasskeyRow[]> {
  const rows = await db.all(
    db.q
      .selectFrom('passkeys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
  return rows.map((r) => passkeyRow.parse(r));
}

export async function findPasskey(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const row = await db.first(db.q.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId));
  return parseRow(passkeyRow, row ?? null);
}

export async function findAccountPasskey(db: Db, accountId: number, credentialId: string): Promise<PasskeyRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('passkeys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('credential_id', '=', credentialId),
  );
  return parseRow(passkeyRow, row ?? null);
}

export function renamePasskeyQuery(db: Db, accountId: number, credentialId: string, name: string) {
  return db.q
    .updateTable('passkeys')
    .set({ name })
    .where('account_id', '=', accountId)
    .where('credential_id', '=', credentialId);
}

/**
 * The `mfa.changed` event of adding the passkey (a second factor, docs/passkeys.md), recorded exactly when the insert
 * of insertPasskeyQueries will store it (its credential id is free and the account below the limit): put it BEFORE
 * those statements in the batch.
 */
export function passkeyAddedEvent(db: Db, p: NewPasskey, now: number) {
  const stored = db.q
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', p.accountId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('passkeys').select('id').where('credential_id', '=', p.credentialId))),
    )
    .where(
      (eb) =>
        eb
          .selectFrom('passkeys')
          .select((sb) => sb.fn.countAll<number>().as('n'))
          .where('account_id', '=', p.accountId),
      '<',
      MAX_PASSKEYS,
    );
  return accountEvent(db, 'mfa.changed', p.accountId, { factor: 'passkey', enabled: true }, now, whileExists(stored));
}

/**
 * The `mfa.changed` event of removing the passkey, recorded exactly when removePasskeyQueries will delete it: put it
 * BEFORE those statements. `factorLeft`: whether the account keeps a second factor without it.
 */
export function passkeyRemovedEvent(db: Db, accountId: number, credentialId: string, factorLeft: boolean, now: number) {
  const removed = db.q
    .selectFrom('passkeys')
    .select('id')
    .where('account_id', '=', accountId)
    .where('credential_id', '=', credentialId);
  return accountEvent(
    db,
    'mfa.changed',
    accountId,
    { factor: 'passkey', enabled: factorLeft },
    now,
    whileExists(removed),
  );
}

/** Deletes the passkey (0 changes when it is not the account's) and recounts. */
export function removePasskeyQueries(db: Db, accountId: number, credentialId: string, now: number) {
  return [
    db.q.deleteFrom('passkeys').where('account_id', '=', accountId).where('credential_id', '=', credentialId),
    recount(db, accountId, now),
  ] as const;
}

/**
 * Records a use: the new counter and backup state, guarded by the counter
 * read before the check, so two parallel uses of one assertion cannot both
 * pass (the loser changes nothing: false).
 */
export async function usePasskey(
  db: Db,
  row: PasskeyRow,
  use: { counter: number; backedUp: boolean },
  now: number,
): Promise<boolean> {
  const r = await db.run(
    db.q
      .updateTable('passkeys')
      .set({ counter: use.counter, backed_up: use.backedUp ? 1 : 0, last_used_at: now })
      .where('id', '=', row.id)
      .where('counter', '=', row.counter)
      .where((eb) =>
        row.last_used_at === null
          ? eb('last_used_at', 'is', null)
          : eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '=', row.last_used_at)]),
      ),
  );
  return r.rowsAffected === 1;
}

/** Marks a pending sign-in whose second factor a passkey already proved (healup and terms still to come). */
export async function markSecondFactorDone(db: Db, tokenHash: string): Promise<void> {
  await db.run(db.q.updateTable('sessions').set({ second_factor_done: 1 }).where('token_hash', '=', tokenHash));
}

export async function secondFactorDone(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db.first(
    db.q.selectFrom('sessions').select('second_factor_done').where('token_hash', '=', tokenHash),
  );
  return Number(row?.second_factor_done) === 1;
}
