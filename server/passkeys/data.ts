/**
 * Passkey rows (migrations/0010_passkeys.sql). Every change that adds or
 * removes a passkey also recounts accounts.passkey_count in the same batch,
 * since the sign-in steps read a second factor off the account row.
 */
import * as z from 'zod/mini';
import { parseRow } from '../core/data/rows';

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

function recount(db: D1Database, accountId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE accounts SET passkey_count = (SELECT COUNT(*) FROM passkeys WHERE account_id = ?1), updated_at = ?2
       WHERE id = ?1`,
    )
    .bind(accountId, now);
}

/**
 * Inserts the passkey unless its credential id is registered already (to any
 * account) or the account is at its limit: check `meta.changes` of the first
 * statement's result.
 */
export function insertPasskeyStatements(db: D1Database, p: NewPasskey, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO passkeys (account_id, credential_id, public_key, counter, transports, device_type, backed_up,
           name, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
         WHERE (SELECT COUNT(*) FROM passkeys WHERE account_id = ?1) < ?10
         ON CONFLICT (credential_id) DO NOTHING`,
      )
      .bind(
        p.accountId,
        p.credentialId,
        p.publicKey,
        p.counter,
        JSON.stringify(p.transports),
        p.deviceType,
        p.backedUp ? 1 : 0,
        p.name,
        now,
        MAX_PASSKEYS,
      ),
    recount(db, p.accountId, now),
  ];
}

export async function listPasskeyRows(db: D1Database, accountId: number): Promise<PasskeyRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM passkeys WHERE account_id = ?1 ORDER BY created_at DESC, id DESC')
    .bind(accountId)
    .all();
  return results.map((r) => passkeyRow.parse(r));
}

export async function findPasskey(db: D1Database, credentialId: string): Promise<PasskeyRow | null> {
  const row = await db.prepare('SELECT * FROM passkeys WHERE credential_id = ?1').bind(credentialId).first();
  return parseRow(passkeyRow, row);
}

export async function findAccountPasskey(
  db: D1Database,
  accountId: number,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const row = await db
    .prepare('SELECT * FROM passkeys WHERE account_id = ?1 AND credential_id = ?2')
    .bind(accountId, credentialId)
    .first();
  return parseRow(passkeyRow, row);
}

export function renamePasskeyStatement(db: D1Database, accountId: number, credentialId: string, name: string) {
  return db
    .prepare('UPDATE passkeys SET name = ?3 WHERE account_id = ?1 AND credential_id = ?2')
    .bind(accountId, credentialId, name);
}

/** Deletes the passkey (0 changes when it is not the account's) and recounts. */
export function removePasskeyStatements(
  db: D1Database,
  accountId: number,
  credentialId: string,
  now: number,
): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM passkeys WHERE account_id = ?1 AND credential_id = ?2').bind(accountId, credentialId),
    recount(db, accountId, now),
  ];
}

/**
 * Records a use: the new counter and backup state, guarded by the counter
 * read before the check, so two parallel uses of one assertion cannot both
 * pass (the loser changes nothing: 0 changes).
 */
export function usePasskeyStatement(
  db: D1Database,
  row: PasskeyRow,
  use: { counter: number; backedUp: boolean },
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE passkeys SET counter = ?3, backed_up = ?4, last_used_at = ?5
       WHERE id = ?1 AND counter = ?2 AND (last_used_at IS NULL OR last_used_at IS ?6)`,
    )
    .bind(row.id, row.counter, use.counter, use.backedUp ? 1 : 0, now, row.last_used_at);
}

/** Marks a pending sign-in whose second factor a passkey already proved (healup and terms still to come). */
export function markSecondFactorDoneStatement(db: D1Database, tokenHash: string): D1PreparedStatement {
  return db.prepare('UPDATE sessions SET second_factor_done = 1 WHERE token_hash = ?1').bind(tokenHash);
}

export async function secondFactorDone(db: D1Database, tokenHash: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT second_factor_done AS done FROM sessions WHERE token_hash = ?1')
    .bind(tokenHash)
    .first<{ done: number }>();
  return row?.done === 1;
}
