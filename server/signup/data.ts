/**
 * Account creation by the web sign-up: the account with everything the
 * sign-up collected, its credential and first history entry, the sign-up
 * details and the audit entry, in one batch (all or nothing).
 * Parameterised SQL only.
 */
import { playerTagNumber } from '../core/data/accounts';

export interface SignupAccount {
  email: string;
  passwordHash: string;
  membershipNo: number | null;
  countryCode: string;
  birthYear: number;
  birthMonth: number;
  newsletter: boolean;
  language: string;
  partnerKey: string | null;
  clientId: string | null;
  ip: string | null;
  /** A child account a parent creates (issue 14): a minor, its terms consented by the parent now. */
  isMinor?: boolean;
}

/** True when the address is taken, as an account's email or as a legacy login ID. */
export async function emailTaken(db: D1Database, email: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS hit FROM accounts WHERE email = ?1 OR login_id = ?1 LIMIT 1')
    .bind(email)
    .first<{ hit: number }>();
  return row !== null;
}

/**
 * Rows after the account's find it by its unique email (bound as ?1), not last_insert_rowid(), which moves on.
 * Statements that go `alongside` a new account in its batch use it the same way.
 */
export const NEW_ACCOUNT_ID = '(SELECT id FROM accounts WHERE email = ?1)';

/**
 * Creates the account (with the `alongside` statements, in the same all-or-nothing batch). The email is not verified yet (spec §4: the emailed
 * link verifies it); the current terms are accepted by signing up. Throws on
 * a duplicate email (UNIQUE constraint), which the caller maps to 20050.
 */
export async function createSignupAccount(
  db: D1Database,
  a: SignupAccount,
  now: number,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<number> {
  const accountId = NEW_ACCOUNT_ID;
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO accounts (email, email_verified, membership_no, country_code, birth_year, birth_month,
           player_tag_number, enable_mail, is_minor, terms_accepted_at, parental_consent_at, created_at, updated_at)
         VALUES (?1, 0, ?2, ?3, ?4, ?5, ?6, ?7, ?9, ?8, CASE WHEN ?9 = 1 THEN ?8 END, ?8, ?8) RETURNING id`,
      )
      .bind(
        a.email,
        a.membershipNo,
        a.countryCode,
        a.birthYear,
        a.birthMonth,
        playerTagNumber(),
        a.newsletter ? 1 : 0,
        now,
        a.isMinor === true ? 1 : 0,
      ),
    db
      .prepare(`INSERT INTO credentials (account_id, password_hash, changed_at) VALUES (${accountId}, ?2, ?3)`)
      .bind(a.email, a.passwordHash, now),
    db
      .prepare(`INSERT INTO password_history (account_id, password_hash, created_at) VALUES (${accountId}, ?2, ?3)`)
      .bind(a.email, a.passwordHash, now),
    db
      .prepare(
        `INSERT INTO signup_details (account_id, partner_key, client_id, language, created_at)
         VALUES (${accountId}, ?2, ?3, ?4, ?5)`,
      )
      .bind(a.email, a.partnerKey, a.clientId, a.language, now),
    db
      .prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
         VALUES (${accountId}, 'signup.created', ?2, ?3, ?4)`,
      )
      .bind(a.email, a.ip, JSON.stringify({ partner: a.partnerKey !== null }), now),
    ...alongside,
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new Error('Account insert returned no id');
  return id;
}

/** The language the account signed up in (for later emails), or null for accounts made otherwise. */
export async function signupLanguage(db: D1Database, accountId: number): Promise<string | null> {
  const row = await db
    .prepare('SELECT language FROM signup_details WHERE account_id = ?1')
    .bind(accountId)
    .first<{ language: string }>();
  return row?.language ?? null;
}

export const SIGNUP_SESSION_PURPOSE = 'signup-session';
/** A sign-up session is opened just before the account is created; an hour is generous. */
export const SIGNUP_SESSION_TTL_MS = 60 * 60_000;

/** Stores a sign-up session (spec §3 signUpSessionToken) by its token's digest. */
export function signupSessionStatement(db: D1Database, tokenHash: string, now: number) {
  return db
    .prepare(
      `INSERT INTO verification_tokens (token_hash, account_id, purpose, data, expires_at, created_at)
       VALUES (?1, NULL, ?2, NULL, ?3, ?4)`,
    )
    .bind(tokenHash, SIGNUP_SESSION_PURPOSE, now + SIGNUP_SESSION_TTL_MS, now);
}

/** True when the sign-up session exists, is unused and has not expired. */
export async function signupSessionLive(db: D1Database, tokenHash: string, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS hit FROM verification_tokens
       WHERE token_hash = ?1 AND purpose = ?2 AND consumed_at IS NULL AND expires_at > ?3`,
    )
    .bind(tokenHash, SIGNUP_SESSION_PURPOSE, now)
    .first<{ hit: number }>();
  return row !== null;
}

/** Uses the sign-up session up; of two parallel sign-ups with one token, exactly one gets true. */
export async function consumeSignupSession(db: D1Database, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE verification_tokens SET consumed_at = ?3
       WHERE token_hash = ?1 AND purpose = ?2 AND consumed_at IS NULL AND expires_at > ?3`,
    )
    .bind(tokenHash, SIGNUP_SESSION_PURPOSE, now)
    .run();
  return result.meta.changes === 1;
}
