/** Account and credential storage, on the query builder (both engines); multi-row changes run as one batch. */
import type { Db, Query } from '../db/engine';
import { accountRow, parseRow, type AccountRow } from './rows';
import { deleteTrustedDevicesQuery } from './trusted-devices';

export async function findAccountById(db: Db, id: number): Promise<AccountRow | null> {
  return parseRow(accountRow, (await db.first(db.q.selectFrom('accounts').selectAll().where('id', '=', id))) ?? null);
}

/** Login is by email or by legacy ID (spec §1). */
export async function findAccountByLogin(db: Db, loginId: string): Promise<AccountRow | null> {
  const row = await db.first(
    db.q
      .selectFrom('accounts')
      .selectAll()
      .where((eb) => eb.or([eb('email', '=', loginId), eb('login_id', '=', loginId)]))
      .limit(1),
  );
  return parseRow(accountRow, row ?? null);
}

export async function findPasswordHash(db: Db, accountId: number): Promise<string | null> {
  const row = await db.first(
    db.q.selectFrom('credentials').select('password_hash').where('account_id', '=', accountId),
  );
  return row?.password_hash ?? null;
}

/** The hashes of the last 5 passwords (the current one included), newest first. */
export async function recentPasswordHashes(db: Db, accountId: number): Promise<string[]> {
  const rows = await db.all(
    db.q
      .selectFrom('password_history')
      .select('password_hash')
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(5),
  );
  return rows.map((r) => r.password_hash);
}

export interface NewAccount {
  email: string;
  emailVerified: boolean;
  membershipNo: number | null;
  countryCode: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  isMinor: boolean;
  passwordHash: string;
}

/** Random 4-digit player tag number (spec §3). */
export function playerTagNumber(): string {
  const [n] = crypto.getRandomValues(new Uint16Array(1));
  return String((n ?? 0) % 10_000).padStart(4, '0');
}

/**
 * Creates an account with its credential and first history entry in one batch. The two later rows find the new
 * account by its email (unique, decided by the constraint), so the batch needs no engine's "last inserted id".
 */
export async function createAccount(db: Db, a: NewAccount, now: number): Promise<number> {
  const newAccount = db.q
    .selectFrom('accounts')
    .select((eb) => [
      'id',
      eb.cast<string>(eb.val(a.passwordHash), 'text').as('h'),
      eb.cast<number>(eb.val(now), 'bigint').as('t'),
    ])
    .where('email', '=', a.email);
  const [inserted] = await db.batch([
    db.q
      .insertInto('accounts')
      .values({
        email: a.email,
        email_verified: a.emailVerified ? 1 : 0,
        membership_no: a.membershipNo,
        country_code: a.countryCode,
        birth_year: a.birthYear,
        birth_month: a.birthMonth,
        is_minor: a.isMinor ? 1 : 0,
        player_tag_number: playerTagNumber(),
        created_at: now,
        updated_at: now,
      })
      .returning('id'),
    db.q.insertInto('credentials').columns(['account_id', 'password_hash', 'changed_at']).expression(newAccount),
    db.q.insertInto('password_history').columns(['account_id', 'password_hash', 'created_at']).expression(newAccount),
  ]);
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('Account insert returned no id');
  return id;
}

/**
 * Stores a new password: the credential, a history entry, history trimmed to
 * 5, and every trusted device removed — statements for the caller's batch (which also ends the sessions it must).
 */
export function passwordChangeStatements(db: Db, accountId: number, passwordHash: string, now: number): Query[] {
  const { q } = db;
  return [
    q
      .insertInto('credentials')
      .values({ account_id: accountId, password_hash: passwordHash, changed_at: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ password_hash: passwordHash, changed_at: now })),
    q.insertInto('password_history').values({ account_id: accountId, password_hash: passwordHash, created_at: now }),
    q
      .deleteFrom('password_history')
      .where('account_id', '=', accountId)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('password_history')
          .select('id')
          .where('account_id', '=', accountId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(5),
      ),
    q.updateTable('accounts').set({ has_password: 1, updated_at: now }).where('id', '=', accountId),
    // A trusted device skips the second factor; a new password starts with none (issue 6).
    deleteTrustedDevicesQuery(q, accountId),
  ];
}

/**
 * Replaces the stored hash of the same password (rehash at login); the history entry keeps the old hash. True when
 * it did: guarded by the old hash, so a concurrent password change is never overwritten by a rehash.
 */
export async function replacePasswordHash(
  db: Db,
  accountId: number,
  oldHash: string,
  newHash: string,
): Promise<boolean> {
  const { rowsAffected } = await db.run(
    db.q
      .updateTable('credentials')
      .set({ password_hash: newHash })
      .where('account_id', '=', accountId)
      .where('password_hash', '=', oldHash),
  );
  return rowsAffected === 1;
}
