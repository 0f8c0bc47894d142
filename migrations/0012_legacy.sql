-- Legacy accounts (spec §1 "migration of legacy accounts", §3 migration state, issue 17): accounts carried
-- over from the old system. They sign in with their old ID (accounts.login_id) and a bcrypt hash of the old
-- system in credentials.password_hash (rehashed into the current format at the first right password, see
-- server/core/security/legacy-hash.ts). One row per carried-over account; see docs/legacy.md.
--
-- kind 'email': the old system holds a usable email (accounts.email, unique like every email): the sign-in
--   answers 20211 until the player agrees to sign in with it (migrate-legacy).
-- kind 'id': no usable email (accounts.email is a placeholder under the reserved .invalid domain): the sign-in
--   answers 20184 with support_code, which the player gives to support by mail.
CREATE TABLE legacy_accounts (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('email', 'id')),
  -- The old system's ID, kept after the migration retires it as a sign-in id (support can still find the account).
  legacy_login_id TEXT NOT NULL COLLATE NOCASE,
  -- The code the 20184 dialog shows for the player to copy into the mail to support. Not a secret: it names the
  -- account to support, it grants nothing.
  support_code TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  -- Set once, by the one migrate-legacy call that wins (a conditional UPDATE).
  migrated_at INTEGER
);
CREATE INDEX legacy_accounts_login_id ON legacy_accounts (legacy_login_id);
