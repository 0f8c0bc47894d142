/**
 * Account creation by the web sign-up: the account with everything the
 * sign-up collected, its credential and first history entry, the sign-up
 * details and the audit entry, in one batch (all or nothing).
 */
import { playerTagNumber } from '../core/data/accounts';
import { insertBareTokenQuery, isTokenLive, useToken } from '../core/data/verification-tokens';
import type { Db, Query } from '../core/db/engine';
import { accountEvent } from '../events/data';

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
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.first(
    db.q
      .selectFrom('accounts')
      .select('id')
      .where((eb) => eb.or([eb('email', '=', email), eb('login_id', '=', email)]))
      .limit(1),
  );
  return row !== undefined;
}

/**
 * TRANSITIONAL (until the platform area is ported): SQL text for statements not yet ported that go `alongside` a
 * new account in its batch; they find the account by its unique email, bound as ?1 (last_insert_rowid() moves on).
 */
export const NEW_ACCOUNT_ID = '(SELECT id FROM accounts WHERE email = ?1)';

/**
 * The new account's id inside its batch, as a value for a ported statement: found by its unique email (a later
 * statement of a batch sees the earlier ones' writes, on both engines).
 */
export function newAccountId(db: Db, email: string) {
  return db.q.selectFrom('accounts').select('id').where('email', '=', email);
}

/** A statement that may join the new account's batch (ported, or not yet ported in another area). */
export type AlongsideStatement = Query;

/**
 * Creates the account (with the `alongside` statements, in the same all-or-nothing batch). The email is not verified yet (spec §4: the emailed
 * link verifies it); the current terms are accepted by signing up. Throws on
 * a duplicate email (the UNIQUE constraint: isUniqueViolation), which the caller maps to 20050.
 */
export async function createSignupAccount(
  db: Db,
  a: SignupAccount,
  now: number,
  alongside: readonly AlongsideStatement[] = [],
): Promise<number> {
  const accountId = newAccountId(db, a.email);
  const minor = a.isMinor === true;
  const [inserted] = await db.batch([
    db.q
      .insertInto('accounts')
      .values({
        email: a.email,
        email_verified: 0,
        membership_no: a.membershipNo,
        country_code: a.countryCode,
        birth_year: a.birthYear,
        birth_month: a.birthMonth,
        player_tag_number: playerTagNumber(),
        enable_mail: a.newsletter ? 1 : 0,
        is_minor: minor ? 1 : 0,
        terms_accepted_at: now,
        parental_consent_at: minor ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id'),
    db.q.insertInto('credentials').values({ account_id: accountId, password_hash: a.passwordHash, changed_at: now }),
    db.q
      .insertInto('password_history')
      .values({ account_id: accountId, password_hash: a.passwordHash, created_at: now }),
    db.q.insertInto('signup_details').values({
      account_id: accountId,
      partner_key: a.partnerKey,
      client_id: a.clientId,
      language: a.language,
      created_at: now,
    }),
    db.q.insertInto('audit_log').values({
      account_id: accountId,
      event: 'signup.created',
      ip: a.ip,
      detail: JSON.stringify({ partner: a.partnerKey !== null }),
      created_at: now,
    }),
    ...accountEvent(db, 'account.created', { email: a.email }, {}, now),
    ...alongside,
  ]);
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('Account insert returned no id');
  return id;
}

/** The language the account signed up in (for later emails), or null for accounts made otherwise. */
export async function signupLanguage(db: Db, accountId: number): Promise<string | null> {
  const row = await db.first(db.q.selectFrom('signup_details').select('language').where('account_id', '=', accountId));
  return row?.language ?? null;
}

export const SIGNUP_SESSION_PURPOSE = 'signup-session';
/** A sign-up session is opened just before the account is created; an hour is generous. */
export const SIGNUP_SESSION_TTL_MS = 60 * 60_000;

/** Stores a sign-up session (spec §3 signUpSessionToken) by its token's digest. */
export async function storeSignupSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db.run(
    insertBareTokenQuery(
      db,
      { tokenHash, accountId: null, purpose: SIGNUP_SESSION_PURPOSE, expiresAt: now + SIGNUP_SESSION_TTL_MS },
      now,
    ),
  );
}

/** True when the sign-up session exists, is unused and has not expired. */
export function signupSessionLive(db: Db, tokenHash: string, now: number): Promise<boolean> {
  return isTokenLive(db, tokenHash, SIGNUP_SESSION_PURPOSE, now);
}

/** Uses the sign-up session up; of two parallel sign-ups with one token, exactly one gets true. */
export async function consumeSignupSession(db: Db, tokenHash: string, now: number): Promise<boolean> {
  return (await useToken(db, tokenHash, SIGNUP_SESSION_PURPOSE, now)) !== undefined;
}
