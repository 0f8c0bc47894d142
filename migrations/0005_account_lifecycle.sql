-- Account lifecycle (issue 12 part B): devices and sessions, security activity, account deletion.

-- What a session was signed in from, for the settings list of devices and sessions. The browser and system
-- are read from the User-Agent at sign-in (server/core/reference/devices.ts; shown, never trusted), the country from the
-- edge's request data. The raw User-Agent and the IP's location beyond the country are never stored.
ALTER TABLE sessions ADD COLUMN browser TEXT;
ALTER TABLE sessions ADD COLUMN os TEXT;
ALTER TABLE sessions ADD COLUMN device_type TEXT;
ALTER TABLE sessions ADD COLUMN country TEXT CHECK (country IS NULL OR length(country) = 2);

-- The same for security events, for the recent-activity list ("this wasn't me").
ALTER TABLE audit_log ADD COLUMN browser TEXT;
ALTER TABLE audit_log ADD COLUMN os TEXT;
ALTER TABLE audit_log ADD COLUMN country TEXT CHECK (country IS NULL OR length(country) = 2);

-- A requested account deletion (30-day grace period). While a row exists, signing in offers to cancel; once
-- purge_at has passed the account is removed (server/security/account-purge.ts). The email and language are
-- kept here so the final notice reaches the player after the account row is gone.
CREATE TABLE account_deletions (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  requested_at INTEGER NOT NULL,
  purge_at INTEGER NOT NULL,
  language TEXT NOT NULL
);
CREATE INDEX account_deletions_due ON account_deletions (purge_at);
