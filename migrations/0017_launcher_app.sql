-- The launcher's hand-offs with the system browser (issue 16, docs/launcher.md). Times are Unix epoch
-- milliseconds from the API's clock. Every secret is stored as its SHA-256 only.

-- Third-party sign-in in the launcher: the framed portal opens a request (its id travels in the provider's
-- `state` to the system browser; the poll token stays in the frame). The browser's login/tpa-callback-app hands
-- its third-party session to the request once (approved_at, tpa_token_hash); the frame takes it over once
-- (redeemed_at), from the same device, within 10 minutes.
CREATE TABLE tpa_app_requests (
  id_hash TEXT PRIMARY KEY,
  poll_hash TEXT NOT NULL,
  device_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  tpa_token_hash TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  approved_at INTEGER,
  redeemed_at INTEGER
);

-- login/sso: a one-time code (60 seconds) that signs the system browser in as the launcher's signed-in player.
-- Used once (used_at, set by a conditional UPDATE … RETURNING); removed with every session of the account.
CREATE TABLE sso_codes (
  code_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  device_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX sso_codes_account ON sso_codes (account_id);
