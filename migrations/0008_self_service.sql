-- Self-service recovery (issue 13): one row per self-service session. The serial number the client holds is
-- stored only as its SHA-256, and the session is bound to the browser's device secret (its hash), to one
-- operation type and to one looked-up account; it expires. Times are Unix epoch milliseconds (API clock).
CREATE TABLE self_service_sessions (
  serial_hash TEXT PRIMARY KEY,
  operation_type TEXT NOT NULL CHECK (operation_type IN ('resetPassword', 'findEmail', 'changeId')),
  browser_hash TEXT NOT NULL,
  ip TEXT,
  -- Set once by the look-up; the account may be NULL (nothing found): the session then proves nothing.
  looked_up_at INTEGER,
  search_by TEXT CHECK (search_by IS NULL OR search_by IN ('email', 'id', 'phone')),
  -- The address or number the first code goes to (normalised); never shown to the client unmasked.
  target TEXT,
  account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  -- Comma-separated factors proved so far (EMAIL, SMS, TOTP, BACKUP_CODE).
  proved TEXT NOT NULL DEFAULT '',
  verified_at INTEGER, -- everything the operation needs is proved
  new_email TEXT COLLATE NOCASE, -- change ID: the address a code was sent to
  used_at INTEGER, -- the operation's change was made: the session is spent
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX self_service_sessions_expiry ON self_service_sessions (expires_at);
