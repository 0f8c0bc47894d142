-- Launcher and store connector (issue 16). Times are Unix epoch milliseconds from the API's clock.

-- The launcher's autologin token (docs/launcher.md): a long-lived, single-use credential in its own __Host- cookie,
-- bound to the launcher's device_id, stored as its SHA-256 only. Each silent login consumes the
-- token (consumed_at) and the launcher login completion issues the next one: a token is used once. A consumed
-- token presented again means a copy exists elsewhere: every token of that account on that device is revoked.
-- Logout on the device, a password change or reset, "sign out everywhere" and account deletion revoke them too.
CREATE TABLE launcher_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  device_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX launcher_tokens_account ON launcher_tokens (account_id, device_id);

-- A launcher hand-off (spec §4 step 8): the login_id given to the host launcher with a secret session ticket,
-- both good for one redemption within minutes; the optional auth token of launchers below 1.7.0 likewise.
CREATE TABLE launcher_logins (
  login_id TEXT PRIMARY KEY,
  ticket_hash TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  device_id TEXT NOT NULL,
  account_type TEXT NOT NULL CHECK (account_type IN ('EMAIL', 'TPA')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX launcher_logins_account ON launcher_logins (account_id);
