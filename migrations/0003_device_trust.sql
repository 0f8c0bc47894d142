-- Device trust by a server-issued secret (issue 10): the portal's deviceId is chosen by the client and readable by
-- scripts, so it never skips a second factor again. See server/core/security/device-cookie.ts.

-- The SHA-256 of the device secret (the __Host-lf_device cookie) the device was trusted with. Rows trusted before
-- this migration have none and no longer skip the second factor; they stay listed until they expire or are removed.
ALTER TABLE trusted_devices ADD COLUMN secret_hash TEXT;
CREATE INDEX trusted_devices_secret ON trusted_devices (account_id, secret_hash) WHERE secret_hash IS NOT NULL;

-- Browsers that completed a sign-in to an account (90 days): the sign-in limits let them through while strangers
-- are locked out of the account (server/core/security/signin-policy.ts).
CREATE TABLE known_devices (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  secret_hash TEXT NOT NULL,
  first_seen_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, secret_hash)
);
