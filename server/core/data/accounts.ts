/** Account and credential storage. Parameterised SQL only; multi-row changes run as one D1 batch. */
import { accountRow, parseRow, type AccountRow } from './rows';
import { deleteTrustedDevicesStatement } from './trusted-devices';

export async function findAccountById(db: D1Database, id: number): Promise<AccountRow | null> {
  return parseRow(accountRow, await db.prepare('SELECT * FROM accounts WHERE id = ?1').bind(id).first());
}

/** Login is by email or by legacy ID (spec §1). */
export async function findAccountByLogin(db: D1Database, loginId: string): Promise<AccountRow | null> {
  const row = await db
    .prepare('SELECT * FROM accounts WHERE email = ?1 OR login_id = ?1 LIMIT 1')
    .bind(loginId)
    .first();
  return parseRow(accountRow, row);
}

export async function findPasswordHash(db: D1Database, accountId: number): Promise<string | null> {
  const row = await db
    .prepare('SELECT password_hash FROM credentials WHERE account_id = ?1')
    .bind(accountId)
    .first<{ password_hash: string }>();
  return row?.password_hash ?? null;
}

/** The hashes of the last 5 passwords (the current one included), newest first. */
export async function recentPasswordHashes(db: D1Database, accountId: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      'SELECT password_hash FROM password_history WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 5',
    )
    .bind(accountId)
    .all<{ password_hash: string }>();
  return results.map((r) => r.password_hash);
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

/** Creates an account with its credential and first history entry in one batch. */
export async function createAccount(db: D1Database, a: NewAccount, now: number): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO accounts (email, email_verified, membership_no, country_code, birth_year, birth_month, is_minor,
           player_tag_number, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9) RETURNING id`,
      )
      .bind(
        a.email,
        a.emailVerified ? 1 : 0,
        a.membershipNo,
        a.countryCode,
        a.birthYear,
        a.birthMonth,
        a.isMinor ? 1 : 0,
        playerTagNumber(),
        now,
      ),
    db
      .prepare('INSERT INTO credentials (account_id, password_hash, changed_at) VALUES (last_insert_rowid(), ?1, ?2)')
      .bind(a.passwordHash, now),
    db
      .prepare(
        // credentials.account_id is its rowid, so last_insert_rowid() is still the new account's id.
        'INSERT INTO password_history (account_id, password_hash, created_at) VALUES (last_insert_rowid(), ?1, ?2)',
      )
      .bind(a.passwordHash, now),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new Error('Account insert returned no id');
  return id;
}

/**
 * Stores a new password: the credential, a history entry, history trimmed to
 * 5, and every session of the account ended except `keepSession`, and every
 * trusted device removed — one batch.
 */
export function passwordChangeStatements(
  db: D1Database,
  accountId: number,
  passwordHash: string,
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO credentials (account_id, password_hash, changed_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (account_id) DO UPDATE SET password_hash = ?2, changed_at = ?3`,
      )
      .bind(accountId, passwordHash, now),
    db
      .prepare('INSERT INTO password_history (account_id, password_hash, created_at) VALUES (?1, ?2, ?3)')
      .bind(accountId, passwordHash, now),
    db
      .prepare(
        `DELETE FROM password_history WHERE account_id = ?1 AND id NOT IN
           (SELECT id FROM password_history WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 5)`,
      )
      .bind(accountId),
    db.prepare('UPDATE accounts SET has_password = 1, updated_at = ?2 WHERE id = ?1').bind(accountId, now),
    // A trusted device skips the second factor; a new password starts with none (issue 6).
    deleteTrustedDevicesStatement(db, accountId),
  ];
}

/** Replaces the stored hash of the same password (rehash at login); the history entry keeps the old hash. */
export async function replacePasswordHash(db: D1Database, accountId: number, oldHash: string, newHash: string) {
  // Guarded by the old hash, so a concurrent password change is never overwritten by a rehash.
  await db
    .prepare('UPDATE credentials SET password_hash = ?3 WHERE account_id = ?1 AND password_hash = ?2')
    .bind(accountId, oldHash, newHash)
    .run();
}
